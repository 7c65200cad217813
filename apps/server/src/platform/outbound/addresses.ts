import ipaddr from "ipaddr.js";
import { isIP } from "node:net";

// Allow-list rather than block-list: an address is fetchable only when ipaddr.js files it under no
// special-purpose range at all ("unicast"), so a range we did not think of stays refused.
// ipaddr.js files IPv4-compatible IPv6 (`::127.0.0.1`) and unallocated space as "unicast" too,
// hence the second condition for IPv6: inside the global unicast block 2000::/3.
const globalUnicast = ipaddr.IPv6.parseCIDR("2000::/3");
// NAT64 (RFC 6052) is how IPv6-only hosts reach IPv4 sites, so it is judged by the IPv4 address it
// carries. The local-use prefix 64:ff9b:1::/48 is not: ipaddr.js files it as "rfc6052", refused.
const nat64 = ipaddr.IPv6.parseCIDR("64:ff9b::/96");

/**
 * Whether an address may be connected to for a user-supplied URL: public unicast only. Loopback,
 * private, link-local (cloud metadata), carrier-grade NAT, unique-local, multicast, broadcast,
 * reserved and documentation ranges, IPv4 in IPv6 (mapped, compatible, 6to4, Teredo) and NAT64 of a
 * refused IPv4 address are not. Only canonical forms count (`net.isIP`): they are what a socket is
 * given; `0177.0.0.1` and the like never reach here because the URL parser normalises them first.
 */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return false;
  if (version === 4) return ipaddr.IPv4.parse(address).range() === "unicast";
  const ipv6 = ipaddr.IPv6.parse(address);
  if (ipv6.match(nat64)) return ipaddr.fromByteArray(ipv6.toByteArray().slice(12)).range() === "unicast";
  return ipv6.range() === "unicast" && ipv6.match(globalUnicast);
}
