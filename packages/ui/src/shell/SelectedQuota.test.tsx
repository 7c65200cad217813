import type { LiveConversation } from "@parley/sdk";
import { act, configure, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { selectConfiguration } from "../configuration/selection";
import { createLiveStore } from "../features/live/liveStore";
import { fakeTrainingServer } from "../features/training/fakeServer.test-support";
import { renderWithApi } from "../test/render";
import { SelectedQuota } from "./SelectedQuota";

configure({ asyncUtilTimeout: 5_000 });

const configurationId = "7b0c1a52-3f4e-4d6a-9c8b-0e1f2a3b4c5d";

function conversation(sessionId: string, ofConfiguration: string, answers: number): LiveConversation {
  const messages: LiveConversation["messages"] = [];
  for (let index = 0; index < answers; index += 1) {
    messages.push({
      id: `${sessionId}-q${index}`,
      role: "user",
      content: "Open today?",
      timestamp: "2026-11-25T10:00:00.000Z",
    });
    messages.push({
      id: `${sessionId}-a${index}`,
      role: "assistant",
      content: "<p>Yes.</p>",
      timestamp: "2026-11-25T10:00:02.000Z",
    });
  }
  return {
    session_id: sessionId,
    id: `conv-${sessionId}`,
    configuration_id: ofConfiguration,
    status: "Ongoing",
    messages,
    is_locked: false,
    is_manual: false,
    is_test: false,
    isNew: false,
    newUserMessages: 0,
    alert_triggered: false,
    client_ip: null,
    time_started: "2026-11-25T10:00:00.000Z",
    user_message_count: answers,
    emitted_by: "assistant",
  };
}

afterEach(() => selectConfiguration(null));

describe("the sidebar's quota footer", () => {
  it("shows the remaining messages going down as the assistant answers, without reading the configuration again", async () => {
    let remaining = 100;
    const usage = () => ({
      message_limit: 500,
      remaining_messages: remaining,
      used_messages: 500 - remaining,
      usage_reset_date: "2026-12-01",
      percent_remaining: remaining / 5,
      quota_color: "red",
      configurations: 1,
      customers: 1,
    });
    const server = fakeTrainingServer({
      "GET /configuration": () => ({
        body: {
          status: "success",
          data: {
            _id: configurationId,
            name: "shop",
            message_limit: 500,
            remaining_messages: 100,
            usage_reset_date: "2026-12-01",
          },
        },
      }),
      "GET /dashboard/usage": () => ({ body: { status: "success", data: usage() } }),
    });
    const store = createLiveStore();
    selectConfiguration({ _id: configurationId, name: "shop" });
    await renderWithApi(<SelectedQuota store={store} />, server.api);
    expect(await screen.findByText("100 of 500 messages left")).toBeTruthy();

    // A visitor is answered: the live update comes, the figure follows.
    remaining = 99;
    act(() => void store.upsert(conversation("s1", configurationId, 1)));
    expect(await screen.findByText("99 of 500 messages left")).toBeTruthy();

    // Three answers at once (three visitors) are read once.
    remaining = 96;
    const readBefore = server.callsTo("GET /dashboard/usage").length;
    act(() => {
      store.upsert(conversation("s2", configurationId, 1));
      store.upsert(conversation("s3", configurationId, 1));
      store.upsert(conversation("s1", configurationId, 2));
    });
    expect(await screen.findByText("96 of 500 messages left")).toBeTruthy();
    expect(server.callsTo("GET /dashboard/usage").length).toBe(readBefore + 1);

    // Another configuration's answers are not this one's news.
    act(() => void store.upsert(conversation("elsewhere", "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", 1)));
    await act(() => new Promise((resolve) => setTimeout(resolve, 800)));
    expect(server.callsTo("GET /dashboard/usage").length).toBe(readBefore + 1);

    // The configuration, which the settings forms start from, was read once.
    expect(server.callsTo("GET /configuration")).toHaveLength(1);
  });
});
