import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./addresses";

describe("isPublicAddress", () => {
  it.each([
    ["loopback", "127.0.0.1"],
    ["loopback, anywhere in 127/8", "127.255.255.254"],
    ["this network (0/8)", "0.0.0.0"],
    ["this network (0/8)", "0.1.2.3"],
    ["private 10/8", "10.0.0.1"],
    ["private 172.16/12", "172.31.255.255"],
    ["private 192.168/16", "192.168.1.1"],
    ["link-local", "169.254.1.1"],
    ["cloud metadata", "169.254.169.254"],
    ["carrier-grade NAT", "100.64.0.1"],
    ["IETF protocol assignments", "192.0.0.1"],
    ["documentation", "192.0.2.1"],
    ["documentation", "198.51.100.7"],
    ["documentation", "203.0.113.9"],
    ["benchmarking", "198.18.0.1"],
    ["multicast", "224.0.0.1"],
    ["reserved 240/4", "240.0.0.1"],
    ["broadcast", "255.255.255.255"],
    ["IPv6 unspecified", "::"],
    ["IPv6 loopback", "::1"],
    ["unique-local", "fc00::1"],
    ["AWS metadata over IPv6", "fd00:ec2::254"],
    ["IPv6 link-local", "fe80::1"],
    ["IPv6 link-local with a zone", "fe80::1%eth0"],
    ["IPv6 multicast", "ff02::1"],
    ["IPv6 documentation", "2001:db8::1"],
    ["IPv4-mapped loopback", "::ffff:127.0.0.1"],
    ["IPv4-mapped metadata", "::ffff:169.254.169.254"],
    ["IPv4-mapped public (never a real answer)", "::ffff:93.184.216.34"],
    ["IPv4-compatible loopback", "::127.0.0.1"],
    ["IPv4-translated (RFC 6145)", "::ffff:0:a00:1"],
    ["NAT64 of a private address", "64:ff9b::10.0.0.1"],
    ["NAT64 of loopback", "64:ff9b::127.0.0.1"],
    ["NAT64 of metadata", "64:ff9b::169.254.169.254"],
    ["local-use NAT64 (RFC 8215)", "64:ff9b:1::a00:1"],
    ["6to4 of loopback", "2002:7f00:1::"],
    ["Teredo", "2001::1"],
    ["outside global unicast 2000::/3", "4000::1"],
    ["not a canonical address", "0177.0.0.1"],
    ["not a canonical address", "2130706433"],
    ["not an address", "example.com"],
  ])("refuses %s: %s", (_range, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ["public IPv4", "93.184.216.34"],
    ["public IPv4", "1.1.1.1"],
    ["just outside 172.16/12", "172.32.0.1"],
    ["just outside 100.64/10", "100.128.0.1"],
    ["public IPv6", "2606:4700:4700::1111"],
    ["NAT64 of a public address (IPv6-only networks)", "64:ff9b::93.184.216.34"],
  ])("allows %s: %s", (_range, address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
