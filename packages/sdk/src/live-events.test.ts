import { describe, expect, it } from "vitest";
import {
  liveAcknowledgedEvents,
  liveClientEvents,
  liveNamespace,
  liveServerEvents,
  type LiveClientEventName,
  type LiveConnectionQuery,
  type LiveServerEventName,
} from "./live-events";
import { eventsOf, socketChannel, socketDocumentPath } from "./socket-document.testing";

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

const liveChannel = socketChannel(liveNamespace);

describe("the live socket types match the contract's socket document", () => {
  it("has the /live namespace", () => {
    expect(liveChannel, socketDocumentPath).toBeDefined();
    expect(serverListComplete && clientListComplete).toBe(true);
  });

  it("receives every event the server sends", () => {
    expect([...liveServerEvents].sort()).toEqual(eventsOf(liveNamespace, "send"));
  });

  it("sends exactly the events the server receives", () => {
    expect([...liveClientEvents].sort()).toEqual(eventsOf(liveNamespace, "receive"));
  });

  it("waits for an acknowledgement where the server replies", () => {
    expect([...liveAcknowledgedEvents].sort()).toEqual(eventsOf(liveNamespace, "receive", true));
  });

  it("puts the contract's query fields in the handshake", () => {
    const query = liveChannel?.bindings?.ws?.query;
    expect(Object.keys(query?.properties ?? {}).sort()).toEqual(Object.keys(queryFields).sort());
    expect(query?.required ?? []).toContain("token");
  });
});
