import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type ParleyApp } from "../../app";
import { createTokenService } from "../auth/jwt";
import { createOutboxMailer } from "../mail/mailer";
import { insertUser } from "../../modules/users/repository";
import { claimsOf } from "../../modules/accounts/service";
import { openTestDatabase, testDatabaseUrl } from "../../test/database";
import { startProxy } from "../../test/proxy";
import type { DatabaseHandle } from "./db";
import { openPostgres } from "./postgres";

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
