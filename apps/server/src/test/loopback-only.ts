import ipaddr from "ipaddr.js";
import dns from "node:dns";
import net, { isIP, type LookupFunction } from "node:net";

interface ConnectOptions {
  host?: string;
  port?: number | string;
  /** A Unix socket or pipe (local by nature); http sets it to null. */
  path?: string | null;
  lookup?: LookupFunction;
}

function isLoopback(address: string): boolean {
  return isIP(address) !== 0 && ipaddr.process(address).range() === "loopback";
}

/**
 * For tests of code that connects out: every socket may reach loopback only, so a test cannot send a
 * packet off the machine even when the code under test is broken. It wraps
 * `net.Socket.prototype.connect`, the one door of `net.connect`, `tls.connect` and every http(s)
 * agent: an IP literal elsewhere throws at once; a host name goes through its lookup, whose answers
 * are checked before the socket may use them, and the connect fails when one is elsewhere. Positional
 * calls (`socket.connect(port, host)`, as pg makes them) are read as the options they stand for; a call
 * it cannot read throws. `restore` puts the original back.
 */
export function guardLoopbackOnly() {
  const originalConnect = net.Socket.prototype.connect;
  /** `address:port` of every connection let through. */
  const connections: string[] = [];
  /** Addresses a connection was refused for. */
  const blocked: string[] = [];

  const admit = (addresses: string[], port: ConnectOptions["port"]): Error | undefined => {
    const outside = addresses.find((address) => !isLoopback(address));
    if (outside !== undefined) {
      blocked.push(outside);
      return new Error(`loopback guard: refused a connection to ${outside}`);
    }
    connections.push(...addresses.map((address) => `${address}:${port}`));
    return undefined;
  };

  /** `connect(port[, host][, listener])` and `connect(path[, listener])` as `[options, listener]`. */
  const asOptions = (args: unknown[]): unknown[] => {
    const listener = args.find((argument) => typeof argument === "function");
    const rest = listener ? [listener] : [];
    const [first, second] = args;
    if (typeof first === "number" || (typeof first === "string" && /^\d+$/.test(first)))
      return [{ port: Number(first), host: typeof second === "string" ? second : undefined }, ...rest];
    if (typeof first === "string") return [{ path: first }, ...rest];
    return args;
  };

  net.Socket.prototype.connect = function (this: net.Socket, ...given: unknown[]) {
    const args = asOptions(given);
    // net.connect and the agents hand over the `[options, callback]` pair they normalised.
    const options: unknown = Array.isArray(args[0]) ? args[0][0] : args[0];
    if (typeof options !== "object" || options === null) {
      throw new Error("loopback guard: connect with an options object, so the guard can read it");
    }
    const connect: ConnectOptions = options;
    if (!connect.path) {
      const host = connect.host || "localhost";
      if (isIP(host) !== 0) {
        const refusal = admit([host], connect.port);
        if (refusal) throw refusal;
      } else {
        const lookup = connect.lookup ?? (dns.lookup as LookupFunction);
        connect.lookup = (hostname, lookupOptions, callback) =>
          lookup(hostname, lookupOptions, (error, address, family) => {
            if (error) return callback(error, address, family);
            const addresses =
              typeof address === "string" ? [address] : address.map((answer) => answer.address);
            const refusal = admit(addresses, connect.port);
            return refusal ? callback(refusal, "") : callback(null, address, family);
          });
      }
    }
    return Reflect.apply(originalConnect, this, args) as net.Socket;
  } as typeof originalConnect;

  return {
    connections,
    blocked,
    /** Forgets what was seen so far (between tests). */
    clear() {
      connections.length = 0;
      blocked.length = 0;
    },
    restore() {
      net.Socket.prototype.connect = originalConnect;
    },
  };
}
