import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  liveAcknowledgedEvents,
  liveClientEvents,
  liveNamespace,
  liveServerEvents,
  type LiveClientEventName,
  type LiveConnectionQuery,
  type LiveServerEventName,
} from "./live-events";

// The runtime lists must name every event of the typed interfaces, and nothing else.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const serverListComplete: Same<(typeof liveServerEvents)[number], LiveServerEventName> = true;
const clientListComplete: Same<(typeof liveClientEvents)[number], LiveClientEventName> = true;
const queryFields: Record<keyof LiveConnectionQuery, true> = {
  token: true,
  customerId: true,
  firstname: true,
  lastname: true,
  configuration_ids: true,
};

interface Ref {
  $ref: string;
}
interface AsyncApi {
  channels: Record<
    string,
    {
      address: string;
      messages: Record<string, Ref>;
      bindings?: { ws?: { query?: { properties?: Record<string, unknown>; required?: string[] } } };
    }
  >;
  operations: Record<string, { action: "send" | "receive"; channel: Ref; messages: Ref[]; reply?: unknown }>;
  components: { messages: Record<string, { name: string }> };
}

const documentPath = createRequire(import.meta.url).resolve("@parley/openapi/asyncapi.yaml");
const document = parse(readFileSync(documentPath, "utf8")) as AsyncApi;

function follow<T>(ref: Ref): T {
  return ref.$ref
    .slice(2)
    .split("/")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], document) as T;
}

const [liveChannelKey, liveChannel] =
  Object.entries(document.channels).find(([, channel]) => channel.address === liveNamespace) ?? [];

function eventsOf(action: "send" | "receive", acknowledgedOnly = false): string[] {
  return Object.values(document.operations)
    .filter(
      (operation) => operation.action === action && operation.channel.$ref === `#/channels/${liveChannelKey}`,
    )
    .filter((operation) => !acknowledgedOnly || operation.reply !== undefined)
    .flatMap((operation) => operation.messages.map((ref) => follow<{ name: string }>(follow<Ref>(ref)).name))
    .sort();
}

describe("the live socket types match the contract's socket document", () => {
  it("has the /live namespace", () => {
    expect(liveChannel, documentPath).toBeDefined();
    expect(serverListComplete && clientListComplete).toBe(true);
  });

  it("receives every event the server sends", () => {
    expect([...liveServerEvents].sort()).toEqual(eventsOf("send"));
  });

  it("sends exactly the events the server receives", () => {
    expect([...liveClientEvents].sort()).toEqual(eventsOf("receive"));
  });

  it("waits for an acknowledgement where the server replies", () => {
    expect([...liveAcknowledgedEvents].sort()).toEqual(eventsOf("receive", true));
  });

  it("puts the contract's query fields in the handshake", () => {
    const query = liveChannel?.bindings?.ws?.query;
    expect(Object.keys(query?.properties ?? {}).sort()).toEqual(Object.keys(queryFields).sort());
    expect(query?.required ?? []).toContain("token");
  });
});
