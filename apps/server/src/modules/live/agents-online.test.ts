/**
 * `agents_online` on /chat over a real listening server: visitors follow whether an agent of their configuration is
 * online as agents connect, change their presence and leave on /live. Every payload is checked against the AsyncAPI.
 */
import type { AddressInfo } from "node:net";
import { io, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/context";
import { createTenant, type Tenant } from "../../test/fixture";
import { payloadCheck } from "../../platform/sockets/events";

let ctx: TestContext;
let url: string;

beforeAll(async () => {
  ctx = await createTestContext({ chatLimits: false });
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx?.close();
});

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

type Event = { name: string; payload: unknown };
const checkAgentsOnline = payloadCheck("agentsOnline");

function open(namespace: string, query: Record<string, string>) {
  const socket = io(`${url}${namespace}`, { path: "/socket.io", transports: ["websocket"], query, reconnection: false, forceNew: true });
  sockets.push(socket);
  const events: Event[] = [];
  socket.onAny((name: string, payload: unknown) => {
    if (name === "agents_online") expect(checkAgentsOnline(payload), JSON.stringify(payload)).toBeNull();
    events.push({ name, payload });
  });
  return { socket, events };
}

async function connectVisitor(tenant: Tenant) {
  const visitor = open("/chat", { configuration_id: tenant.configurationId });
  await new Promise((resolve, reject) => {
    visitor.socket.once("session", resolve);
    visitor.socket.once("connect_error", reject);
  });
  return visitor;
}

async function connectAgent(token: string) {
  const agent = open("/live", { token, firstname: "Anna", lastname: "Agent" });
  await new Promise((resolve, reject) => {
    agent.socket.once("initial_conversations", resolve);
    agent.socket.once("connect_error", reject);
  });
  return agent;
}

async function act(socket: Socket, event: string, payload: unknown) {
  const answer = (await socket.timeout(5_000).emitWithAck(event, payload)) as { status: string };
  expect(answer.status).toBe("success");
}

/** The `online` values the visitor was told, in order. */
const told = (events: Event[]) => events.filter((event) => event.name === "agents_online").map((event) => (event.payload as { online: boolean }).online);

/** Waits until the visitor was told `count` states, and a moment more for any it should not be told. */
async function toldAfter(events: Event[], count: number) {
  await expect.poll(() => told(events).length, { timeout: 5_000 }).toBeGreaterThanOrEqual(count);
  await new Promise((resolve) => setTimeout(resolve, 150));
  return told(events);
}

/** `toldAfter` of every visitor, waiting once. */
async function allToldAfter(visitors: { events: Event[] }[], count: number) {
  await expect.poll(() => visitors.every((visitor) => told(visitor.events).length >= count), { timeout: 5_000 }).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 150));
  return visitors.map((visitor) => told(visitor.events));
}

describe("agents_online on /chat", () => {
  it("tells the visitor on connect and whenever an agent of its configuration comes or goes, and nothing of another tenant's", async () => {
    const tenant = await createTenant(ctx, "Online Alpha");
    const other = await createTenant(ctx, "Online Bravo");
    const { user, token } = await ctx.createUser({ role: "customer", customerId: tenant.customerId });

    const visitor = await connectVisitor(tenant);
    const stranger = await connectVisitor(other);
    expect(await toldAfter(visitor.events, 1)).toEqual([false]);
    // Right after the session.
    expect(visitor.events.map((event) => event.name).slice(0, 2)).toEqual(["session", "agents_online"]);
    expect(visitor.events.find((event) => event.name === "agents_online")!.payload).toEqual({ configuration_id: tenant.configurationId, online: false });

    const agent = await connectAgent(token);
    expect(await toldAfter(visitor.events, 2)).toEqual([false, true]);
    expect(visitor.events.filter((event) => event.name === "agents_online").at(-1)!.payload).toEqual({ configuration_id: tenant.configurationId, online: true });

    await act(agent.socket, "change_agent_presence", { user_id: user.id, is_available: false });
    expect(await toldAfter(visitor.events, 3)).toEqual([false, true, false]);
    await act(agent.socket, "change_agent_presence", { user_id: user.id, is_available: true });
    expect(await toldAfter(visitor.events, 4)).toEqual([false, true, false, true]);
    await act(agent.socket, "agent_disconnected", { user_id: user.id });
    expect(await toldAfter(visitor.events, 5)).toEqual([false, true, false, true, false]);

    const again = await connectAgent(token);
    expect(await toldAfter(visitor.events, 6)).toEqual([false, true, false, true, false, true]);
    // A visitor connecting now is told the state at once.
    const late = await connectVisitor(tenant);
    expect(await toldAfter(late.events, 1)).toEqual([true]);
    again.socket.disconnect();
    agent.socket.disconnect();
    expect(await toldAfter(visitor.events, 7)).toEqual([false, true, false, true, false, true, false]);
    expect(await toldAfter(late.events, 2)).toEqual([true, false]);

    // The other tenant's visitor heard its own state on connect, and nothing of these agents.
    expect(told(stranger.events)).toEqual([false]);
    expect(stranger.events.find((event) => event.name === "agents_online")!.payload).toEqual({ configuration_id: other.configurationId, online: false });
  });

  it("tells only flips, reading each configuration once per change however many visitors it has", async () => {
    const tenant = await createTenant(ctx, "Online Charlie");
    const first = await ctx.createUser({ role: "customer", customerId: tenant.customerId });
    const second = await ctx.createUser({ role: "customer", customerId: tenant.customerId });
    const visitors = await Promise.all(Array.from({ length: 20 }, () => connectVisitor(tenant)));
    expect(await allToldAfter(visitors, 1)).toEqual(visitors.map(() => [false]));

    const db = ctx.database.db;
    const query = db.query;
    const reads: string[] = [];
    db.query = ((sql: string, params?: readonly unknown[]) => {
      if (sql.includes("FROM configurations c") && sql.includes("agent_connections")) reads.push(sql);
      return query.call(db, sql, params);
    }) as typeof db.query;
    try {
      const agent = await connectAgent(first.token);
      expect(await allToldAfter(visitors, 2)).toEqual(visitors.map(() => [false, true]));
      expect(reads).toHaveLength(1);

      // A second agent while one is online: no flip, nothing told.
      const colleague = await connectAgent(second.token);
      colleague.socket.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(visitors.map((visitor) => told(visitor.events))).toEqual(visitors.map(() => [false, true]));

      agent.socket.disconnect();
      expect(await allToldAfter(visitors, 3)).toEqual(visitors.map(() => [false, true, false]));
      // The first agent's connection, the colleague's and its leaving (perhaps sharing a read), the last leaving.
      expect(reads.length).toBeGreaterThanOrEqual(3);
      expect(reads.length).toBeLessThanOrEqual(4);
    } finally {
      db.query = query;
    }
  });
});
