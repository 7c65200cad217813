import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp, type ParleyApp } from "../../app";
import { createTokenService } from "../../platform/auth/jwt";
import type { DatabaseHandle } from "../../platform/db/db";
import { openPostgres } from "../../platform/db/postgres";
import { createOutboxMailer } from "../../platform/mail/mailer";
import { openTestDatabase, testDatabaseUrl } from "../../test/database";
import { createConfiguration } from "../../test/fixture";
import { startProxy } from "../../test/proxy";
import { claimsOf } from "../accounts/service";
import { insertCustomer } from "../customers/repository";
import { systemScope } from "../tenancy";
import { findUserById, insertUser } from "../users/repository";

// Two API instances on one PostgreSQL, as behind a load balancer. Instance A reaches the database
// through a proxy that can be cut. Each caches configuration reads and the users behind tokens; a
// change made through B (or straight in SQL) must reach A's caches.
let databaseB: DatabaseHandle;
let databaseA: DatabaseHandle;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let appA: ParleyApp;
let appB: ParleyApp;
let customerToken: string;
let adminToken: string;
let customerUserId: string;
let customerIdOfUser: string;
let configurationId: string;

const secret = "two-instances-secret-0123456789-0123456789";

async function instance(handle: DatabaseHandle): Promise<ParleyApp> {
  return buildApp(
    {
      db: handle.db,
      tokens: createTokenService(secret),
      mailer: createOutboxMailer(handle.db, () => undefined),
      secret,
      publicUrl: "http://x.test",
    },
    { logger: false },
  );
}

beforeAll(async () => {
  databaseB = await openTestDatabase();
  const schema = (await databaseB.db.query<{ schema: string }>("SELECT current_schema() AS schema"))[0]!.schema;
  const url = new URL(testDatabaseUrl());
  proxy = await startProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = "127.0.0.1";
  url.port = String(proxy.port);
  databaseA = await openPostgres({ connectionString: url.toString(), schema, max: 2, listenerHeartbeatMs: 1_000 });
  appA = await instance(databaseA);
  appB = await instance(databaseB);

  const tokens = createTokenService(secret);
  const customerId = (await insertCustomer(databaseB.db, { name: "Two Instances" }))._id;
  configurationId = await createConfiguration(databaseB.db, customerId, "original");
  const user = (role: "admin" | "customer") =>
    insertUser(databaseB.db, {
      customerId: role === "admin" ? null : customerId,
      email: `${role}@instances.test`,
      username: `${role}@instances.test`,
      firstname: "T",
      lastname: role,
      passwordHash: "x",
      role,
    });
  const customer = await user("customer");
  customerUserId = customer.id;
  customerIdOfUser = customerId;
  customerToken = await tokens.sign(claimsOf(customer));
  adminToken = await tokens.sign(claimsOf(await user("admin")));
});

afterAll(async () => {
  await appA?.close();
  await appB?.close();
  await databaseA?.close().catch(() => undefined);
  await proxy?.close().catch(() => undefined);
  await databaseB?.close();
});

function readConfiguration(app: ParleyApp) {
  return app.inject({
    method: "GET",
    url: `/api/configuration?configuration_id=${configurationId}`,
    headers: { authorization: `Bearer ${customerToken}` },
  });
}

async function nameSeenBy(app: ParleyApp): Promise<string> {
  const response = await readConfiguration(app);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { name: string } }).data.name;
}

async function renameThroughB(name: string) {
  const response = await appB.inject({
    method: "POST",
    url: "/api/configuration/create_or_update",
    headers: { authorization: `Bearer ${customerToken}` },
    payload: { _id: configurationId, name },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Changes the row without firing triggers, so no instance hears of it. */
async function renameUnheard(name: string) {
  await databaseB.db.transaction(async (tx) => {
    await tx.exec("SET LOCAL session_replication_role = replica");
    await tx.query("UPDATE configurations SET name = $2 WHERE id = $1", [configurationId, name]);
  });
}

describe("two instances on one PostgreSQL", () => {
  it("serves repeated reads from A's cache, and A sees a change made through B", async () => {
    expect(await nameSeenBy(appA)).toBe("original");
    // Proof that A answers from memory: a change nobody is told about stays invisible to A.
    await renameUnheard("unheard");
    expect(await nameSeenBy(appA)).toBe("original");

    await renameThroughB("renamed through B");
    expect(await nameSeenBy(appB)).toBe("renamed through B");
    await vi.waitFor(async () => expect(await nameSeenBy(appA)).toBe("renamed through B"), { timeout: 3_000 });
  });

  it("refuses, on A, the token of a user an admin deactivated through B", async () => {
    const me = () => readConfiguration(appA);
    expect((await me()).statusCode).toBe(200);
    const deactivate = await appB.inject({
      method: "POST",
      url: "/api/users/add_or_update",
      headers: { authorization: `Bearer ${adminToken}` },
      payload: {
        id: customerUserId,
        customerId: customerIdOfUser,
        username: "customer@instances.test",
        email: "customer@instances.test",
        firstname: "T",
        lastname: "customer",
        role: "customer",
        status: "inactive",
      },
    });
    expect(deactivate.statusCode, deactivate.body).toBe(200);
    await vi.waitFor(async () => expect((await me()).statusCode).toBe(401), { timeout: 3_000 });

    // Reactivated: the sessions that ended stay ended; a new sign-in works on A at once.
    await databaseB.db.query("UPDATE users SET status = 'active' WHERE id = $1", [customerUserId]);
    expect((await me()).statusCode).toBe(401);
    customerToken = await createTokenService(secret).sign(claimsOf((await findUserById(databaseB.db, systemScope, customerUserId))!));
    await vi.waitFor(async () => expect((await me()).statusCode).toBe(200), { timeout: 3_000 });
  });

  it("forgets what A cached when A's listener lost its connection, so changes made meanwhile are seen", async () => {
    expect(await nameSeenBy(appA)).toBe("renamed through B");
    expect(databaseA.db.changes.live).toBe(true);

    await proxy.cut();
    await vi.waitFor(() => expect(databaseA.db.changes.live).toBe(false));
    // Made while A hears nothing; and after A is back, a change nobody hears must not hide it.
    await renameThroughB("changed while A was cut off");
    await proxy.restore();
    await vi.waitFor(async () => expect(await nameSeenBy(appA)).toBe("changed while A was cut off"), { timeout: 5_000 });
    await vi.waitFor(() => expect(databaseA.db.changes.live).toBe(true), { timeout: 5_000 });

    expect(await nameSeenBy(appA)).toBe("changed while A was cut off");
    await renameUnheard("unheard again");
    expect(await nameSeenBy(appA)).toBe("changed while A was cut off");
  });

  it("notices a listener connection that went silent without closing, and drops what it cached", async () => {
    // A still holds the name from before the unheard rename of the previous case.
    expect(await nameSeenBy(appA)).toBe("changed while A was cut off");
    expect(databaseA.db.changes.live).toBe(true);

    // Nothing arrives and nothing fails: only the heartbeat can tell.
    proxy.freeze();
    await vi.waitFor(() => expect(databaseA.db.changes.live).toBe(false), { timeout: 5_000 });

    await proxy.cut();
    await proxy.restore();
    await vi.waitFor(() => expect(databaseA.db.changes.live).toBe(true), { timeout: 5_000 });
    expect(await nameSeenBy(appA)).toBe("unheard again");
  });
});
