import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

/**
 * A TCP proxy in front of PostgreSQL that can drop every connection and refuse new ones (`cut`), or
 * stop passing bytes while keeping every connection open (`freeze`), as a dead link nobody closed.
 */
export async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  const pairs = new Set<[Socket, Socket]>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        sockets.add(client).add(upstream);
        const pair: [Socket, Socket] = [client, upstream];
        pairs.add(pair);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
          pairs.delete(pair);
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    /** Connections open now stay open but carry nothing more; new connections still work. */
    freeze() {
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async cut() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
    restore: listen,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
  };
}
