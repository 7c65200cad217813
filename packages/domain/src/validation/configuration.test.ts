import { describe, expect, it } from "vitest";
import { configurationSettingsSchema, newConfigurationSchema } from "./configuration";

async function issues(values: Record<string, unknown>) {
  try {
    await configurationSettingsSchema.validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { inner: { path: string; message: unknown }[] }).inner.map(({ path, message }) => ({ path, message }));
  }
}

describe("configuration settings validation", () => {
  it("passes a screen's own fields and ignores the others", async () => {
    expect(await issues({ temperature: 0.5, topp: 1, max_tokens: 1500 })).toEqual([]);
    expect(await issues({ entity_instruction: "x" })).toEqual([]);
  });

  it("keeps the numbers in their ranges with the range in the issue", async () => {
    expect(await issues({ temperature: 2.5, max_tokens: 0, input_history_count: 1.5 })).toEqual([
      { path: "max_tokens", message: { key: "whole_number_between", values: { min: 1, max: 100000 } } },
      { path: "temperature", message: { key: "number_between", values: { min: 0, max: 2 } } },
      { path: "input_history_count", message: { key: "whole_number_between", values: { min: 0, max: 100 } } },
    ]);
  });

  it("keeps the remaining messages within the message limit, any number under an unlimited one (0)", async () => {
    expect(await issues({ message_limit: 500, remaining_messages: 501 })).toEqual([
      { path: "remaining_messages", message: { key: "remaining_above_limit", values: { max: 500 } } },
    ]);
    expect(await issues({ message_limit: 500, remaining_messages: 500 })).toEqual([]);
    expect(await issues({ message_limit: 0, remaining_messages: 99_999 })).toEqual([]);
    // A screen without the limit (or with a broken one) has nothing to compare with.
    expect(await issues({ remaining_messages: 99_999 })).toEqual([]);
  });

  it("says the contract's limits before the server refuses them (too many tokens, too long a name or model)", async () => {
    expect(await issues({ name: "n".repeat(201), model: "m".repeat(101), max_tokens: 9_999_999, entity_instruction: "i".repeat(10_001) })).toEqual([
      { path: "name", message: { key: "text_too_long", values: { max: 200 } } },
      { path: "model", message: { key: "text_too_long", values: { max: 100 } } },
      { path: "entity_instruction", message: { key: "text_too_long", values: { max: 10000 } } },
      { path: "max_tokens", message: { key: "whole_number_between", values: { min: 1, max: 100000 } } },
    ]);
    expect(await issues({ name: "n".repeat(200), model: "m".repeat(100), max_tokens: 100_000 })).toEqual([]);
  });

  it("checks e-mail addresses and URLs inside groups and lists", async () => {
    const found = await issues({
      reporting_recipients: ["ok@example.com", "nope"],
      post_processing: { recipient: "x" },
      wordpress_site: { url: "not a url" },
    });
    expect(found.map((issue) => issue.path)).toEqual(["reporting_recipients[1]", "post_processing.recipient", "wordpress_site.url"]);
  });

  it("needs a name and a known product for a new configuration", async () => {
    await expect(newConfigurationSchema.validate({ name: " ", product: "entry" })).rejects.toThrow();
    await expect(newConfigurationSchema.validate({ name: "shop", product: "gold" })).rejects.toThrow();
    await expect(newConfigurationSchema.validate({ name: "shop", product: "entry", customerId: "" })).resolves.toBeTruthy();
  });
});
