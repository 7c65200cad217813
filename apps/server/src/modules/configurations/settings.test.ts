import { isMaskedSecret, messageLimitFor } from "@parley/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await ctx.createUser({ role: "admin" })).token;
});
afterAll(async () => {
  await ctx?.close();
});

async function save(token: string, payload: Record<string, unknown>) {
  const response = await ctx.app.inject({ method: "POST", url: "/api/configuration/create_or_update", headers: bearer(token), payload });
  expectToMatchContract("createOrUpdateConfiguration", response);
  return response;
}

async function read(token: string, id: string) {
  const response = await ctx.app.inject({ method: "GET", url: `/api/configuration?configuration_id=${id}`, headers: bearer(token) });
  expectToMatchContract("getConfiguration", response);
  return response.json().data as Record<string, unknown>;
}

/** A value other than the default for every field the settings screens edit (secrets apart). */
const everySetting = {
  language: "nl",
  model: "gpt-4.1",
  temperature: 0.7,
  topp: 0.9,
  max_tokens: 900,
  use_azure_openai: true,
  use_lang_detect: true,
  lang_detect_word_count: 6,
  lang_detect_model: "gpt-4.1-mini",
  use_input_history: true,
  input_history_count: 5,
  rag_enabled: true,
  use_gpt35_url_search: true,
  functions_enabled: true,
  use_live_chat_monitor: true,
  use_alert_triggers: true,
  alert_trigger_keywords: ["complaint", "lawyer"],
  anonimize_input: true,
  entitytypes_to_anonimize: ["PERSON", "EMAIL"],
  anonimize_exceptions: ["Parley"],
  use_reporting: true,
  reporting_recipients: ["reports@example.com"],
  use_labeling: true,
  use_post_processing: true,
  include_manual_dataset: true,
  entity_instruction: "You are Bakker Bart's assistant.",
  goal_instruction: "Help visitors order bread.",
  answer_instruction: "- Answer in HTML.",
  goal_live_monitoring_instruction: "Watch for complaints.",
  url_search_instruction: "Pick 1 to 3 URLs.",
  rag_settings: {
    wordpress_enabled: true,
    wordpress_domain: "blog.example.com",
    products_enabled: true,
    products_limit: 8,
    max_offset: 3,
    random_offset: true,
    recognition_instruction: "Recognise product questions.",
    search_instruction: "Search by product name.",
    example_questions: ["Do you sell rye bread?"],
  },
  post_processing: { send_via: "email", recipient: "ops@example.com", dataset_name: "leads" },
  email_channel: {
    send: true,
    draft_only: false,
    email_user: "support@example.com",
    consent_link: "https://example.com/consent",
    ignore_emails: ["noreply@example.com"],
    ignore_domains: ["spam.example"],
  },
  twilio_channel: {
    whatsapp_address: "whatsapp:+31600000000",
    sid_address: "MG123",
    test_sid_address: "MG456",
    reset_conversations: true,
  },
  wordpress_site: { url: "https://blog.example.com", username: "editor" },
};

describe("configuration settings", () => {
  it("keeps every field of the settings screens, read again after the save", async () => {
    const id = (await save(adminToken, { name: "every-setting" })).json().inserted_id as string;
    const saved = await save(adminToken, { _id: id, ...everySetting });
    expect(saved.statusCode).toBe(200);
    expect(await read(adminToken, id)).toMatchObject(everySetting);
  });

  it("answers every group with its defaults when none was stored, and merges a group field by field", async () => {
    const id = (await save(adminToken, { name: "groups" })).json().inserted_id as string;
    await ctx.database.db.query("UPDATE configurations SET settings = settings - 'rag_settings' - 'wordpress_site' WHERE id = $1", [id]);
    expect(await read(adminToken, id)).toMatchObject({
      rag_settings: { products_limit: 5, example_questions: [] },
      wordpress_site: { url: null, username: null, application_password: null },
    });
    await save(adminToken, { _id: id, rag_settings: { products_limit: 9 } });
    await save(adminToken, { _id: id, rag_settings: { search_instruction: "by name" } });
    expect((await read(adminToken, id)).rag_settings).toMatchObject({ products_limit: 9, search_instruction: "by name", max_offset: 0 });
  });

  it("lets admins change the product (and with it the message limit), the remaining messages and the reset date", async () => {
    const customerId = await ctx.createCustomer("Product Co");
    const created = (await save(adminToken, { name: "product-co", customerId, product: "premium" })).json();
    expect(created.data).toMatchObject({ product: "premium", message_limit: messageLimitFor("premium"), remaining_messages: messageLimitFor("premium") });
    const id = created.inserted_id as string;

    await save(adminToken, { _id: id, product: "business" });
    expect(await read(adminToken, id)).toMatchObject({ product: "business", message_limit: messageLimitFor("business") });

    await save(adminToken, { _id: id, remaining_messages: 12, usage_reset_date: "2031-05-01" });
    expect(await read(adminToken, id)).toMatchObject({ remaining_messages: 12, usage_reset_date: "2031-05-01" });

    const { token } = await ctx.createUser({ role: "customer", customerId });
    await save(token, { _id: id, product: "enterprise", remaining_messages: 999, usage_reset_date: "2040-01-01" });
    expect(await read(adminToken, id)).toMatchObject({ product: "business", remaining_messages: 12, usage_reset_date: "2031-05-01" });
  });
});

describe("configuration secrets", () => {
  const token = "0123456789abcdefSECRET42";
  const password = "abcd efgh ijkl mnop";

  it("are answered masked by every call, and a mask sent back keeps the stored secret", async () => {
    const created = await save(adminToken, {
      name: "secrets",
      twilio_channel: { auth_token: token, whatsapp_address: "whatsapp:+31611111111" },
      wordpress_site: { url: "https://wp.example.com", application_password: password },
    });
    const id = created.json().inserted_id as string;
    const answers = [created.json().data, await read(adminToken, id)];
    const search = await ctx.app.inject({ method: "GET", url: "/api/configurations/search?query=secrets", headers: bearer(adminToken) });
    answers.push(search.json().data.find((item: { _id: string }) => item._id === id));
    for (const answer of answers) {
      const text = JSON.stringify(answer);
      expect(text).not.toContain(token);
      expect(text).not.toContain(password);
      expect(isMaskedSecret(answer.twilio_channel.auth_token)).toBe(true);
      expect(answer.twilio_channel.auth_token.endsWith("T42")).toBe(true);
      expect(isMaskedSecret(answer.wordpress_site.application_password)).toBe(true);
    }

    // The form sends its whole group back, the masked secret with it.
    const shown = (await read(adminToken, id)).twilio_channel as Record<string, unknown>;
    await save(adminToken, { _id: id, twilio_channel: { ...shown, whatsapp_address: "whatsapp:+31622222222" } });
    const stored = await ctx.database.db.query<{ settings: { twilio_channel: { auth_token: string; whatsapp_address: string } } }>(
      "SELECT settings FROM configurations WHERE id = $1",
      [id],
    );
    expect(stored[0]?.settings.twilio_channel).toMatchObject({ auth_token: token, whatsapp_address: "whatsapp:+31622222222" });

    // A new secret replaces it; an empty one clears it.
    await save(adminToken, { _id: id, twilio_channel: { auth_token: "new-token-value-9999" } });
    expect(((await read(adminToken, id)).twilio_channel as { auth_token: string }).auth_token.endsWith("9999")).toBe(true);
    await save(adminToken, { _id: id, twilio_channel: { auth_token: null } });
    expect(((await read(adminToken, id)).twilio_channel as { auth_token: unknown }).auth_token).toBeNull();
  });
});
