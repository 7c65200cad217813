import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type ParleyApp } from "../../app";
import { createTokenService } from "../auth/jwt";
import { createOutboxMailer } from "../mail/mailer";
import { insertUser } from "../../modules/users/repository";
import { claimsOf } from "../../modules/accounts/service";
import { openTestDatabase, testDatabaseUrl } from "../../test/database";
import type { DatabaseHandle } from "./db";
import { openPostgres } from "./postgres";

/** A TCP proxy in front of PostgreSQL that can drop every connection and refuse new ones. */
async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
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

let direct: DatabaseHandle;
let proxied: DatabaseHandle;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let app: ParleyApp;
let token: string;

beforeAll(async () => {
  direct = await openTestDatabase();
  const schema = ((await direct.db.query<{ schema: string }>("SELECT current_schema() AS schema"))[0]!).schema;
  const url = new URL(testDatabaseUrl());
  proxy = await startProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = "127.0.0.1";
  url.port = String(proxy.port);
  proxied = await openPostgres({ connectionString: url.toString(), schema, max: 2 });
  const secret = "outage-test-secret-0123456789-0123456789";
  const tokens = createTokenService(secret);
  app = await buildApp(
    { db: proxied.db, tokens, mailer: createOutboxMailer(proxied.db, () => undefined), secret, publicUrl: "http://x.test" },
    { logger: false },
  );
  const user = await insertUser(direct.db, {
    customerId: null,
    email: "outage@example.test",
    username: "outage@example.test",
    firstname: "O",
    lastname: "Utage",
    passwordHash: "x",
    role: "admin",
  });
  token = await tokens.sign(claimsOf(user));
});

afterAll(async () => {
  await app?.close();
  await proxied?.close().catch(() => undefined);
  await proxy?.close().catch(() => undefined);
  await direct?.close();
});

describe("PostgreSQL connection loss", () => {
  it("answers 503 service_unavailable while the database is gone and recovers when it is back", async () => {
    const headers = { authorization: `Bearer ${token}` };
    expect((await app.inject({ method: "GET", url: "/api/customers", headers })).statusCode).toBe(200);

    await proxy.cut();
    const down = await app.inject({ method: "GET", url: "/api/customers", headers });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: "service_unavailable", message: "Services are offline" });
    expect(down.body).not.toContain("ECONNREFUSED");

    await proxy.restore();
    let status = 0;
    for (let attempt = 0; attempt < 5 && status !== 200; attempt++) {
      status = (await app.inject({ method: "GET", url: "/api/customers", headers })).statusCode;
    }
    expect(status).toBe(200);
  });
});
