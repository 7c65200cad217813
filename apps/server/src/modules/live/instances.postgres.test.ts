/**
 * Two instances on one PostgreSQL and one Redis, as behind a load balancer: the visitor's socket on one,
 * the agent's on the other. The socket.io Redis adapter carries the broadcasts between them. Redis is
 * TEST_REDIS_URL, or the local default.
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { agentJoinedText } from "@parley/domain";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type ParleyApp } from "../../app";
import { createTokenService } from "../../platform/auth/jwt";
import type { DatabaseHandle } from "../../platform/db/db";
import { openPostgres } from "../../platform/db/postgres";
import { createOutboxMailer } from "../../platform/mail/mailer";
import { payloadCheck } from "../../platform/sockets/events";
import { openTestDatabase, testDatabaseUrl } from "../../test/database";
import { createConfiguration } from "../../test/fixture";
import { claimsOf } from "../accounts/service";
import { insertCustomer } from "../customers/repository";
import { insertUser } from "../users/repository";
import { agentsOnline } from "./presence";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const secret = "two-live-instances-secret-0123456789-0123456789";
// Channels of this run only: other test runs on the same Redis do not hear these instances.
const key = `parley-test-${randomBytes(6).toString("hex")}`;

let databaseA: DatabaseHandle;
let databaseB: DatabaseHandle;
let visitorSide: ParleyApp;
let agentSide: ParleyApp;
let configurationId: string;
let agentToken: string;
let agentId: string;
const sockets: Socket[] = [];

async function instance(handle: DatabaseHandle): Promise<ParleyApp> {
  const app = await buildApp(
    {
      db: handle.db,
      tokens: createTokenService(secret),
      mailer: createOutboxMailer(handle.db, () => undefined),
      secret,
      publicUrl: "http://x.test",
      chatLimits: false,
      redis: { url: redisUrl, key },
    },
    { logger: false },
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  return app;
}

const urlOf = (app: ParleyApp) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

beforeAll(async () => {
  databaseB = await openTestDatabase();
  const schema = (await databaseB.db.query<{ schema: string }>("SELECT current_schema() AS schema"))[0]!.schema;
  databaseA = await openPostgres({ connectionString: testDatabaseUrl(), schema, max: 2 });
  visitorSide = await instance(databaseA);
  agentSide = await instance(databaseB);

  const customerId = (await insertCustomer(databaseB.db, { name: "Two Live Instances" }))._id;
  configurationId = await createConfiguration(databaseB.db, customerId, "two-instances");
  await databaseB.db.query("UPDATE configurations SET settings = settings || '{\"language\": \"en\"}'::jsonb WHERE id = $1", [configurationId]);
  const agent = await insertUser(databaseB.db, {
    customerId,
    email: "agent@live-instances.test",
    username: "agent@live-instances.test",
    firstname: "Anna",
    lastname: "Agent",
    passwordHash: "x",
    role: "customer",
  });
  agentId = agent.id;
  agentToken = await createTokenService(secret).sign(claimsOf(agent));
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await visitorSide?.close();
  await agentSide?.close();
  await databaseA?.close();
  await databaseB?.close();
});

function connect(url: string, namespace: string, query: Record<string, string>) {
  const socket = io(`${url}${namespace}`, { path: "/socket.io", transports: ["websocket"], query, reconnection: false, forceNew: true });
  sockets.push(socket);
  const events: { name: string; payload: unknown }[] = [];
  socket.onAny((name: string, payload: unknown) => events.push({ name, payload }));
  return { socket, events };
}

const named = (events: { name: string; payload: unknown }[], name: string) => events.filter((event) => event.name === name).map((event) => event.payload);

describe("two instances with the Redis adapter", () => {
  it("carries the visitor's messages to the agent and the takeover and reply to the visitor", async () => {
    const agent = connect(urlOf(agentSide), "/live", { token: agentToken, firstname: "Anna", lastname: "Agent" });
    await new Promise((resolve, reject) => {
      agent.socket.once("initial_conversations", resolve);
      agent.socket.once("connect_error", reject);
    });
    // Present for the widget, whichever instance asks.
    expect(await agentsOnline(databaseA.db, configurationId)).toBe(true);

    const visitor = connect(urlOf(visitorSide), "/chat", { configuration_id: configurationId });
    await new Promise((resolve, reject) => {
      visitor.socket.once("session", resolve);
      visitor.socket.once("connect_error", reject);
    });
    const first = (await visitor.socket.timeout(5_000).emitWithAck("visitor_message", { message: "Hello there" })) as { session_id: string; handled_by: string };
    expect(first.handled_by).toBe("assistant");
    const sessionId = first.session_id;
    await expect
      .poll(() => (named(agent.events, "conversation_update") as { session_id: string; emitted_by: string }[]).filter((update) => update.session_id === sessionId).length, {
        timeout: 5_000,
      })
      .toBeGreaterThanOrEqual(2);

    const taken = (await agent.socket
      .timeout(5_000)
      .emitWithAck("manual_takeover", { configuration_id: configurationId, session_id: sessionId, first_name: "Anna", last_name: "Agent" })) as { status: string };
    expect(taken.status).toBe("success");
    await expect.poll(() => named(visitor.events, "agent_message").length, { timeout: 5_000 }).toBe(1);
    expect(named(visitor.events, "agent_message")[0]).toMatchObject({ session_id: sessionId, message: { role: "system" } });
    expect(JSON.stringify(named(visitor.events, "agent_message")[0])).toContain(agentJoinedText("en", "Anna"));

    const second = (await visitor.socket.timeout(5_000).emitWithAck("visitor_message", { message: "Great, a person" })) as { handled_by: string };
    expect(second.handled_by).toBe("human_agent");
    // The chat notification rides on the update, across instances.
    const notified = () =>
      (named(agent.events, "conversation_update") as { session_id: string; notification?: { type: string; message: string } }[]).filter(
        (update) => update.session_id === sessionId && update.notification,
      );
    await expect.poll(() => notified().length, { timeout: 5_000 }).toBe(1);
    expect(notified()[0]!.notification).toMatchObject({ type: "chat", message: "Great, a person" });
    expect(payloadCheck("conversationUpdate")(notified()[0])).toBeNull();
    expect(named(agent.events, "notification")).toEqual([]);

    const replied = (await agent.socket
      .timeout(5_000)
      .emitWithAck("human_agent_message", { configurationId, conversationId: sessionId, messageContent: "How can I help?" })) as { status: string };
    expect(replied.status).toBe("success");
    await expect.poll(() => named(visitor.events, "agent_message").length, { timeout: 5_000 }).toBe(2);
    const reply = named(visitor.events, "agent_message")[1] as { message: { role: string; content: string; agent_name: string } };
    expect(reply.message).toMatchObject({ role: "human_agent", agent_name: "Anna" });
    expect(reply.message.content).toContain("How can I help?");
    expect(payloadCheck("agentMessage")(reply)).toBeNull();

    // The history, read through the visitor's instance, holds it once; no answer of the assistant after the takeover.
    const history = await visitorSide.inject({ method: "GET", url: `/api/widget/${configurationId}/history?session_id=${sessionId}` });
    expect((history.json() as { data: { role: string }[] }).data.map((message) => message.role)).toEqual(["user", "assistant", "system", "user", "human_agent"]);
    expect((await databaseA.db.query<{ taken_over_by: string }>("SELECT taken_over_by FROM conversations WHERE session_id = $1", [sessionId]))[0]!.taken_over_by).toBe(agentId);

    // The visitor's instance keeps the conversation's messages between updates, but the takeover's note and the
    // reply were written by the other one: the next update still holds every message, in order.
    const third = (await visitor.socket.timeout(5_000).emitWithAck("visitor_message", { message: "My order is late" })) as { handled_by: string };
    expect(third.handled_by).toBe("human_agent");
    const latest = () =>
      (named(agent.events, "conversation_update") as { session_id: string; messages: { role: string; content: string }[] }[])
        .filter((update) => update.session_id === sessionId)
        .at(-1);
    await expect.poll(() => latest()?.messages.at(-1)?.content, { timeout: 5_000 }).toBe("My order is late");
    expect(latest()!.messages.map((message) => message.role)).toEqual(["user", "assistant", "system", "user", "human_agent", "user"]);
    expect(latest()!.messages[4]!.content).toContain("How can I help?");

    agent.socket.disconnect();
    await expect.poll(() => agentsOnline(databaseA.db, configurationId), { timeout: 5_000 }).toBe(false);
  });

  it("tells a visitor on one instance when the agent on the other comes, changes presence and goes (agents_online)", async () => {
    const visitor = connect(urlOf(visitorSide), "/chat", { configuration_id: configurationId });
    const told = () => (named(visitor.events, "agents_online") as { configuration_id: string; online: boolean }[]).map((payload) => payload.online);
    await expect.poll(told, { timeout: 5_000 }).toEqual([false]);

    const agent = connect(urlOf(agentSide), "/live", { token: agentToken, firstname: "Anna", lastname: "Agent" });
    await expect.poll(told, { timeout: 5_000 }).toEqual([false, true]);
    // The agent's availability is the users row: the other instance hears it through PostgreSQL's notifications.
    expect(await agent.socket.timeout(5_000).emitWithAck("change_agent_presence", { user_id: agentId, is_available: false })).toMatchObject({ status: "success" });
    await expect.poll(told, { timeout: 5_000 }).toEqual([false, true, false]);
    expect(await agent.socket.timeout(5_000).emitWithAck("change_agent_presence", { user_id: agentId, is_available: true })).toMatchObject({ status: "success" });
    await expect.poll(told, { timeout: 5_000 }).toEqual([false, true, false, true]);
    agent.socket.disconnect();
    await expect.poll(told, { timeout: 5_000 }).toEqual([false, true, false, true, false]);
    for (const payload of named(visitor.events, "agents_online")) {
      expect(payload).toMatchObject({ configuration_id: configurationId });
      expect(payloadCheck("agentsOnline")(payload)).toBeNull();
    }
  });
});
