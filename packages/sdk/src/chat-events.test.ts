import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  chatAcknowledgedEvents,
  chatClientEvents,
  chatNamespace,
  chatServerEvents,
  type ChatClientEventName,
  type ChatConnectionQuery,
  type ChatServerEventName,
} from "./chat-events";

// The runtime lists must name every event of the typed interfaces, and nothing else.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const serverListComplete: Same<(typeof chatServerEvents)[number], ChatServerEventName> = true;
const clientListComplete: Same<(typeof chatClientEvents)[number], ChatClientEventName> = true;
const queryFields: Record<keyof ChatConnectionQuery, true> = {
  configuration_id: true,
  session_id: true,
  language: true,
  page_url: true,
  test_ticket: true,
};

interface Ref {
  $ref: string;
}
interface AsyncApi {
  channels: Record<
    string,
    {
      address: string;
      bindings?: { ws?: { query?: { properties?: Record<string, unknown>; required?: string[] } } };
    }
  >;
  operations: Record<string, { action: "send" | "receive"; channel: Ref; messages: Ref[]; reply?: unknown }>;
}

const documentPath = createRequire(import.meta.url).resolve("@parley/openapi/asyncapi.yaml");
const document = parse(readFileSync(documentPath, "utf8")) as AsyncApi;

function follow<T>(ref: Ref): T {
  return ref.$ref
    .slice(2)
    .split("/")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], document) as T;
}

const [chatChannelKey, chatChannel] =
  Object.entries(document.channels).find(([, channel]) => channel.address === chatNamespace) ?? [];

function eventsOf(action: "send" | "receive", acknowledgedOnly = false): string[] {
  return Object.values(document.operations)
    .filter(
      (operation) => operation.action === action && operation.channel.$ref === `#/channels/${chatChannelKey}`,
    )
    .filter((operation) => !acknowledgedOnly || operation.reply !== undefined)
    .flatMap((operation) => operation.messages.map((ref) => follow<{ name: string }>(follow<Ref>(ref)).name))
    .sort();
}

describe("the chat socket types match the contract's socket document", () => {
  it("has the /chat namespace", () => {
    expect(chatChannel, documentPath).toBeDefined();
    expect(serverListComplete && clientListComplete).toBe(true);
  });

  it("receives every event the server sends", () => {
    expect([...chatServerEvents].sort()).toEqual(eventsOf("send"));
  });

  it("sends exactly the events the server receives", () => {
    expect([...chatClientEvents].sort()).toEqual(eventsOf("receive"));
  });

  it("waits for an acknowledgement where the server replies", () => {
    expect([...chatAcknowledgedEvents].sort()).toEqual(eventsOf("receive", true));
  });

  it("puts the contract's query fields in the handshake", () => {
    const query = chatChannel?.bindings?.ws?.query;
    expect(Object.keys(query?.properties ?? {}).sort()).toEqual(Object.keys(queryFields).sort());
    expect(query?.required ?? []).toEqual(["configuration_id"]);
  });
});
