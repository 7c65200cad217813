import { describe, expect, it } from "vitest";
import {
  chatAcknowledgedEvents,
  chatClientEvents,
  chatNamespace,
  chatServerEvents,
  type AgentsOnlinePayload,
  type ChatClientEventName,
  type ChatConnectionQuery,
  type ChatServerEventName,
} from "./chat-events";
import { eventsOf, messagePayloadOf, socketChannel, socketDocumentPath } from "./socket-document.testing";

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

const agentsOnlineFields: Record<keyof AgentsOnlinePayload, true> = { configuration_id: true, online: true };

const chatChannel = socketChannel(chatNamespace);

describe("the chat socket types match the contract's socket document", () => {
  it("has the /chat namespace", () => {
    expect(chatChannel, socketDocumentPath).toBeDefined();
    expect(serverListComplete && clientListComplete).toBe(true);
  });

  it("receives every event the server sends", () => {
    expect([...chatServerEvents].sort()).toEqual(eventsOf(chatNamespace, "send"));
  });

  it("sends exactly the events the server receives", () => {
    expect([...chatClientEvents].sort()).toEqual(eventsOf(chatNamespace, "receive"));
  });

  it("waits for an acknowledgement where the server replies", () => {
    expect([...chatAcknowledgedEvents].sort()).toEqual(eventsOf(chatNamespace, "receive", true));
  });

  it("types agents_online with the contract's fields, all required", () => {
    const payload = messagePayloadOf(chatNamespace, "agents_online");
    expect(Object.keys(payload?.properties ?? {}).sort()).toEqual(Object.keys(agentsOnlineFields).sort());
    expect([...(payload?.required ?? [])].sort()).toEqual(Object.keys(agentsOnlineFields).sort());
  });

  it("puts the contract's query fields in the handshake", () => {
    const query = chatChannel?.bindings?.ws?.query;
    expect(Object.keys(query?.properties ?? {}).sort()).toEqual(Object.keys(queryFields).sort());
    expect(query?.required ?? []).toEqual(["configuration_id"]);
  });
});
