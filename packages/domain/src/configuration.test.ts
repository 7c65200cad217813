import { describe, expect, it } from "vitest";
import { errorMessages } from "./errors";
import {
  changedFields,
  changesOf,
  configurationDefaults,
  defaultAnswerRules,
  urlSearchPickRange,
  hasChanges,
  newConfigurationDefaults,
  nextUsageResetDate,
  remainingWithinLimit,
  sameValue,
  selfOnboardingMaxConfigurations,
} from "./configuration";

const now = new Date("2026-11-22T10:00:00Z");

describe("configuration defaults", () => {
  it("starts a new configuration with the model defaults; the URL pick range and answer rules are well formed", () => {
    const created = newConfigurationDefaults({ selfOnboarding: false, now });
    expect(created).toMatchObject(configurationDefaults);
    expect(urlSearchPickRange.min).toBeLessThanOrEqual(urlSearchPickRange.max);
    expect(new Set(defaultAnswerRules).size).toBe(defaultAnswerRules.length);
  });

  it("starts an admin configuration on entry with 50 messages", () => {
    const created = newConfigurationDefaults({ selfOnboarding: false, now });
    expect(created).toMatchObject({
      product: "entry",
      message_limit: 50,
      remaining_messages: 50,
      usage_reset_date: "2026-12-22",
      max_tokens: 1500,
      temperature: 0.1,
      topp: 0.1,
      model: "gpt-4o-default",
      lang_detect_model: "gpt-4o-mini-default",
      lang_detect_word_count: 4,
      input_history_count: 3,
      name: "",
      customerId: null,
      attempt_id: null,
      functions: [],
      entitytypes_to_anonimize: [],
      entity_instruction: "",
      url_search_instruction: "",
    });
    const switches = Object.entries(created).filter(([, value]) => typeof value === "boolean");
    expect(switches.length).toBe(13);
    expect(switches.every(([, value]) => value === false)).toBe(true);
  });

  it("starts a self-onboarding configuration on so_trial with 200 messages", () => {
    const created = newConfigurationDefaults({
      selfOnboarding: true,
      now,
      name: "bakery.nl",
      customerId: "c1",
      attemptId: "a1",
    });
    expect(created).toMatchObject({
      product: "so_trial",
      message_limit: 200,
      remaining_messages: 200,
      name: "bakery.nl",
      customerId: "c1",
      attempt_id: "a1",
    });
  });

  it("resets usage one month ahead, clamped at month end", () => {
    expect(nextUsageResetDate(new Date("2026-01-31T12:00:00Z"))).toBe("2026-02-28");
    expect(nextUsageResetDate(new Date("2026-12-31T23:59:00Z"))).toBe("2027-01-31");
  });
});

describe("remaining messages", () => {
  it("are at most the message limit, and any number under enterprise's unlimited 0", () => {
    expect(remainingWithinLimit(500, 500)).toBe(true);
    expect(remainingWithinLimit(501, 500)).toBe(false);
    expect(remainingWithinLimit(1_000_000, 0)).toBe(true);
  });
});

describe("change tracking", () => {
  const initial = { name: "a", functions: ["x"], temperature: 0.1, nested: { on: true } };

  it("reports no change for an equal copy", () => {
    const copy = structuredClone(initial);
    expect(changedFields(initial, copy)).toEqual([]);
    expect(hasChanges(initial, copy)).toBe(false);
  });

  it("lists the fields that differ, deeply", () => {
    const current = { ...initial, functions: ["x", "y"], nested: { on: false } };
    expect(changedFields(initial, current)).toEqual(["functions", "nested"]);
    expect(changesOf(initial, current)).toEqual({ functions: ["x", "y"], nested: { on: false } });
    expect(hasChanges(initial, { ...initial, temperature: 0.2 })).toBe(true);
  });

  it("counts added and removed fields as changes", () => {
    expect(changedFields<Record<string, unknown>>({ a: 1 }, { a: 1, b: 2 })).toEqual(["b"]);
    expect(changedFields<Record<string, unknown>>({ a: 1, b: 2 }, { a: 1 })).toEqual(["b"]);
  });

  it("compares values structurally", () => {
    expect(sameValue([1, [2]], [1, [2]])).toBe(true);
    expect(sameValue([1], { 0: 1 })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameValue(Number.NaN, Number.NaN)).toBe(true);
  });
});

describe("self-onboarding configurations", () => {
  it("says the bound it enforces", () => {
    expect(errorMessages.configuration_limit_reached).toContain(`at most ${selfOnboardingMaxConfigurations} assistants`);
  });
});
