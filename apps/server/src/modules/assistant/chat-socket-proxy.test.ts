/**
 * Visitors' sockets behind a trusted proxy (`TRUST_PROXY=true`): each visitor's address is the forwarded client's,
 * as for an HTTP request, so visitors do not share the proxy's per-address message limit and each conversation
 * keeps its own visitor's address.
 */
import type { AddressInfo } from "node:net";
import { io, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/context";
import { createTenant, type Tenant } from "../../test/fixture";
import { socketClientAddress } from "./chat-socket";

let ctx: TestContext;
let url: string;
let tenant: Tenant;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ trustProxy: true, chatLimits: { perVisitorPerMinute: 20, perAddressPerMinute: 2 } });
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  tenant = await createTenant(ctx, "Proxied");
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await ctx?.close();
});

async function visitorFrom(forwardedFor: string) {
  const socket = io(`${url}/chat`, {
    path: "/socket.io",
    transports: ["websocket"],
    query: { configuration_id: tenant.configurationId },
    extraHeaders: { "X-Forwarded-For": forwardedFor },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise((resolve, reject) => {
    socket.once("session", resolve);
    socket.once("connect_error", reject);
  });
  return socket;
}

const say = (socket: Socket, message: string) =>
  socket.timeout(5_000).emitWithAck("visitor_message", { message }) as Promise<{ status: string; code?: string; session_id?: string }>;

describe("visitor sockets behind a trusted proxy", () => {
  it("count each forwarded client's messages on its own and store its address with the conversation", async () => {
    const first = await visitorFrom("203.0.113.7, 10.0.0.2");
    const second = await visitorFrom("198.51.100.23");
    const firstAnswers = [await say(first, "Proxied?"), await say(first, "Proxied again?")];
    const secondAnswers = [await say(second, "Proxied?"), await say(second, "Proxied again?")];
    expect([...firstAnswers, ...secondAnswers].map((answer) => answer.status)).toEqual(["success", "success", "success", "success"]);
    // The third message of one client is over its own limit of 2 a minute; the other's limit is its own.
    expect(await say(first, "Once more?")).toMatchObject({ status: "error", code: "rate_limited" });

    const addresses = await ctx.database.db.query<{ session_id: string; client_ip: string | null }>(
      "SELECT session_id, client_ip FROM conversations WHERE session_id = ANY($1::text[])",
      [[firstAnswers[0]!.session_id, secondAnswers[0]!.session_id]],
    );
    expect(Object.fromEntries(addresses.map((row) => [row.session_id, row.client_ip]))).toEqual({
      [firstAnswers[0]!.session_id!]: "203.0.113.7",
      [secondAnswers[0]!.session_id!]: "198.51.100.23",
    });
  });
});

describe("socketClientAddress", () => {
  const handshake = { address: "10.0.0.2", headers: { "x-forwarded-for": " 203.0.113.7 , 10.0.0.1" } };

  it("takes the first forwarded address only behind a trusted proxy", () => {
    expect(socketClientAddress(handshake, true)).toBe("203.0.113.7");
    expect(socketClientAddress(handshake, false)).toBe("10.0.0.2");
  });

  it("keeps the connection's address when no client is forwarded", () => {
    expect(socketClientAddress({ address: "10.0.0.2", headers: {} }, true)).toBe("10.0.0.2");
    expect(socketClientAddress({ address: "10.0.0.2", headers: { "x-forwarded-for": " , " } }, true)).toBe("10.0.0.2");
    expect(socketClientAddress({ address: "10.0.0.2", headers: { "x-forwarded-for": ["198.51.100.1", "10.0.0.3"] } }, true)).toBe("198.51.100.1");
  });
});
