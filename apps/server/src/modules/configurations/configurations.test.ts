import { configurationDefaults, isMaskedSecret, messageLimitFor, nextUsageResetDate, selfOnboardingMaxConfigurations } from "@parley/domain";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
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

describe("configurations", () => {
  it("an admin's new configuration gets the domain defaults and the entry product's message limit", async () => {
    const customerId = await ctx.createCustomer("Config Co");
    const response = await save(adminToken, { name: "config-co", customerId });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.updated_id).toBeNull();
    expect(body.data).toMatchObject({
      _id: body.inserted_id,
      customerId,
      max_tokens: configurationDefaults.max_tokens,
      temperature: configurationDefaults.temperature,
      model: configurationDefaults.model,
      message_limit: messageLimitFor("entry"),
      remaining_messages: messageLimitFor("entry"),
      usage_reset_date: nextUsageResetDate(new Date()),
    });
  });

  it("a self-onboarding customer's new configuration starts on so_trial", async () => {
    const customerId = await ctx.createCustomer("SO shop");
    const { token } = await ctx.createUser({ role: "customer_so", customerId });
    const response = await save(token, { name: "so-shop-nl", message_limit: 99999 });
    expect(response.json().data).toMatchObject({ customerId, message_limit: messageLimitFor("so_trial"), product: "so_trial" });
  });

  it("a self-onboarding customer holds at most 3 configurations, also when creates come at once; admins add more", async () => {
    expect(selfOnboardingMaxConfigurations).toBe(3);
    const customerId = await ctx.createCustomer("SO many");
    const { token } = await ctx.createUser({ role: "customer_so", customerId });
    const count = async () => (await ctx.database.db.query("SELECT id FROM configurations WHERE customer_id = $1", [customerId])).length;
    expect((await save(token, { name: "so-many-1" })).statusCode).toBe(200);

    // Each new configuration brings its trial messages: five at once may make the two left, not more.
    const racing = await Promise.all([2, 3, 4, 5, 6].map((index) => save(token, { name: `so-many-${index}` })));
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 200, 403, 403, 403]);
    for (const refused of racing.filter((response) => response.statusCode === 403)) {
      expect(refused.json()).toMatchObject({ code: "configuration_limit_reached", message: "A self-service account holds at most 3 assistants. Contact us to add more." });
    }
    expect(await count()).toBe(3);

    // Changing one of them is no create; an admin may give the customer a fourth.
    const own = racing.find((response) => response.statusCode === 200)!.json().inserted_id as string;
    expect((await save(token, { _id: own, name: "so-many-renamed" })).statusCode).toBe(200);
    expect((await save(adminToken, { name: "so-many-admin", customerId })).statusCode).toBe(200);
    expect(await count()).toBe(4);
  });

  it("a customer cannot create a configuration (403, nothing stored), only change its own", async () => {
    const customerId = await ctx.createCustomer("More Messages Co");
    const { token } = await ctx.createUser({ role: "customer", customerId });
    const before = await ctx.database.db.query("SELECT id FROM configurations WHERE customer_id = $1", [customerId]);
    const response = await save(token, { name: "one-more", customerId });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "forbidden", message: "Only an admin can create configurations" });
    expect(await ctx.database.db.query("SELECT id FROM configurations WHERE customer_id = $1", [customerId])).toHaveLength(before.length);
  });

  it("updates keep remaining messages and the reset date; only admins change the message limit", async () => {
    const customerId = await ctx.createCustomer("Usage Co");
    const { token } = await ctx.createUser({ role: "customer", customerId });
    const id = (await save(adminToken, { name: "usage", customerId })).json().inserted_id as string;
    await ctx.database.db.query("UPDATE configurations SET remaining_messages = 7 WHERE id = $1", [id]);

    const byCustomer = await save(token, {
      _id: id,
      name: "usage-renamed",
      remaining_messages: 5000,
      usage_reset_date: "2099-01-01",
      message_limit: 5000,
      rag_enabled: true,
      rag_settings: { products_enabled: true, products_limit: 3 },
    });
    expect(byCustomer.json()).toMatchObject({ updated_id: id, inserted_id: null });
    expect(byCustomer.json().data).toMatchObject({
      name: "usage-renamed",
      remaining_messages: 7,
      message_limit: messageLimitFor("entry"),
      rag_enabled: true,
      rag_settings: { products_enabled: true, products_limit: 3 },
    });
    expect(byCustomer.json().data.usage_reset_date).not.toBe("2099-01-01");

    const byAdmin = await save(adminToken, { _id: id, name: "usage-renamed", message_limit: 2500 });
    expect(byAdmin.json().data).toMatchObject({ message_limit: 2500, remaining_messages: 7, rag_enabled: true });

    const got = await ctx.app.inject({ method: "GET", url: `/api/configuration?configuration_id=${id}`, headers: bearer(token) });
    expectToMatchContract("getConfiguration", got);
    expect(got.json().data).toMatchObject({ _id: id, message_limit: 2500 });
  });

  it("refuses an admin's remaining messages above the message limit with the field's message, and takes any under enterprise's unlimited 0", async () => {
    const customerId = await ctx.createCustomer("Limit Co");
    const id = (await save(adminToken, { name: "limit", customerId, product: "basic" })).json().inserted_id as string;
    const limit = messageLimitFor("basic");

    const above = await save(adminToken, { _id: id, remaining_messages: limit + 1 });
    expect(above.statusCode).toBe(400);
    const message = `The remaining messages cannot be more than the message limit (${limit})`;
    expect(above.json()).toMatchObject({ code: "validation_failed", errors: [{ path: "remaining_messages", message }] });
    // A lower limit with the stored remaining messages above it is refused too; the two together pass.
    expect((await save(adminToken, { _id: id, message_limit: 10 })).statusCode).toBe(400);
    expect((await save(adminToken, { _id: id, message_limit: 10, remaining_messages: 10 })).json().data).toMatchObject({ message_limit: 10, remaining_messages: 10 });
    expect((await save(adminToken, { _id: id, remaining_messages: limit })).statusCode).toBe(400);
    expect((await save(adminToken, { _id: id, product: "basic", remaining_messages: limit })).json().data).toMatchObject({ message_limit: limit, remaining_messages: limit });

    const enterprise = await save(adminToken, { _id: id, product: "enterprise", remaining_messages: 1_000_000 });
    expect(enterprise.statusCode).toBe(200);
    expect(enterprise.json().data).toMatchObject({ product: "enterprise", message_limit: 0, remaining_messages: 1_000_000 });
  });

  it("keeps the remaining messages within the limit when one save lowers the limit and another raises the remaining at once", async () => {
    const customerId = await ctx.createCustomer("Racing Limits");
    for (let round = 0; round < 6; round++) {
      const id = (await save(adminToken, { name: `racing-${round}`, customerId, product: "basic" })).json().inserted_id as string;
      const limit = messageLimitFor("basic");
      await ctx.database.db.query("UPDATE configurations SET remaining_messages = 10 WHERE id = $1", [id]);
      const [lowered, raised] = await Promise.all([
        save(adminToken, { _id: id, message_limit: 20, remaining_messages: 20 }),
        save(adminToken, { _id: id, remaining_messages: limit }),
      ]);
      expect([lowered.statusCode, raised.statusCode]).toContain(200);
      for (const response of [lowered, raised]) {
        if (response.statusCode !== 200) {
          expect(response.statusCode).toBe(400);
          expect(response.json().errors[0].path).toBe("remaining_messages");
        }
      }
      const [row] = await ctx.database.db.query<{ message_limit: number; remaining_messages: number }>(
        "SELECT message_limit, remaining_messages FROM configurations WHERE id = $1",
        [id],
      );
      expect(row!.remaining_messages, `round ${round}: ${JSON.stringify(row)}`).toBeLessThanOrEqual(row!.message_limit);
    }
  });

  it("keeps both fields when two saves of different fields arrive at once", async () => {
    const created = (await save(adminToken, { name: "two-editors" })).json();
    const id = created.inserted_id as string;
    for (let round = 0; round < 5; round++) {
      const [first, second] = await Promise.all([
        save(adminToken, { _id: id, entity_instruction: `entity ${round}` }),
        save(adminToken, { _id: id, goal_instruction: `goal ${round}` }),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      const stored = await ctx.app.inject({ method: "GET", url: `/api/configuration?configuration_id=${id}`, headers: bearer(adminToken) });
      expect(stored.json().data).toMatchObject({ entity_instruction: `entity ${round}`, goal_instruction: `goal ${round}`, name: "two-editors" });
    }
  });

  it("answers 400 with the field for a create without a name", async () => {
    const response = await save(adminToken, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: "name", message: "This field is required" }]);
  });

  it("rejects an out-of-range value with the field's path", async () => {
    const response = await save(adminToken, { name: "bad", temperature: 5 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe("temperature");
  });

  it("needs a name to create (400 naming it, nothing stored); an update without one keeps the name", async () => {
    const before = await ctx.database.db.query("SELECT id FROM configurations");
    for (const payload of [{}, { _id: null }, { _id: "" }, { temperature: 0.3 }]) {
      const response = await save(adminToken, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors, JSON.stringify(payload)).toEqual([{ path: "name", message: "This field is required" }]);
    }
    expect(await ctx.database.db.query("SELECT id FROM configurations")).toHaveLength(before.length);

    const id = (await save(adminToken, { name: "keeps-its-name" })).json().inserted_id as string;
    const updated = await save(adminToken, { _id: id, temperature: 0.3 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: "keeps-its-name", temperature: 0.3 });
  });

  it("refuses a list longer than the contract's maximum with its path, keeping the stored list", async () => {
    const id = (await save(adminToken, { name: "bounded-lists", alert_trigger_keywords: ["refund"] })).json().inserted_id as string;
    for (const [payload, path] of [
      [{ functions: Array.from({ length: 51 }, (_, index) => `f${index}`) }, "functions"],
      [{ alert_trigger_keywords: Array(201).fill("refund") }, "alert_trigger_keywords"],
      [{ rag_settings: { example_questions: Array(51).fill("Where is my order?") } }, "rag_settings.example_questions"],
      [{ email_channel: { ignore_domains: Array(201).fill("example.com") } }, "email_channel.ignore_domains"],
    ] as const) {
      const response = await save(adminToken, { _id: id, ...payload });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().errors[0].path).toBe(path);
    }
    const stored = await ctx.app.inject({ method: "GET", url: `/api/configuration?configuration_id=${id}`, headers: bearer(adminToken) });
    expect(stored.json().data).toMatchObject({ functions: [], alert_trigger_keywords: ["refund"] });
    expect(stored.json().data.rag_settings.example_questions).toEqual([]);
    expect((await save(adminToken, { _id: id, alert_trigger_keywords: Array(200).fill("refund") })).statusCode).toBe(200);
  });

  it("refuses what the settings screens refuse (an address, a link), naming the field and keeping the stored value", async () => {
    const id = (await save(adminToken, { name: "checked-links", email_channel: { consent_link: "https://shop.example/consent" } })).json().inserted_id as string;
    for (const [payload, path, message] of [
      [{ email_channel: { consent_link: "javascript:alert(1)" } }, "email_channel.consent_link", "Please enter a valid URL (https://…)"],
      [{ email_channel: { email_user: "nobody" } }, "email_channel.email_user", "Please enter a valid email address"],
      [{ post_processing: { recipient: "nobody" } }, "post_processing.recipient", "Please enter a valid email address"],
      [{ wordpress_site: { url: "not a link" } }, "wordpress_site.url", "Please enter a valid URL (https://…)"],
    ] as const) {
      const response = await save(adminToken, { _id: id, ...payload });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().errors, path).toEqual([{ path, message }]);
    }
    const stored = await ctx.app.inject({ method: "GET", url: `/api/configuration?configuration_id=${id}`, headers: bearer(adminToken) });
    expect(stored.json().data.email_channel).toMatchObject({ consent_link: "https://shop.example/consent", email_user: null });
    expect(stored.json().data.post_processing.recipient).toBeNull();
  });

  it("refuses a name of spaces only, on create and on rename, keeping the stored name", async () => {
    const created = await save(adminToken, { name: "  \t " });
    expect(created.statusCode).toBe(400);
    expect(created.json().errors).toEqual([{ path: "name", message: "This field is required" }]);

    const id = (await save(adminToken, { name: "named" })).json().inserted_id as string;
    const renamed = await save(adminToken, { _id: id, name: "   ", temperature: 0.4 });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual([{ path: "name", message: "This field is required" }]);
    const stored = await ctx.app.inject({ method: "GET", url: `/api/configuration?configuration_id=${id}`, headers: bearer(adminToken) });
    expect(stored.json().data).toMatchObject({ name: "named", temperature: configurationDefaults.temperature });
  });

  it("searches by part of the name, case-insensitively, and by customer for admins", async () => {
    const customerId = await ctx.createCustomer("Search Co");
    await save(adminToken, { name: "Zebra-Shop", customerId });
    await save(adminToken, { name: "zebra_plain", customerId });
    await save(adminToken, { name: "other" });
    const response = await ctx.app.inject({ method: "GET", url: "/api/configurations/search?query=ZEBRA", headers: bearer(adminToken) });
    expectToMatchContract("searchConfigurations", response);
    expect(response.json().data.map((c: { name: string }) => c.name)).toEqual(["Zebra-Shop", "zebra_plain"]);
    // "_" is a literal underscore, not a wildcard.
    const literal = await ctx.app.inject({ method: "GET", url: "/api/configurations/search?query=a_p", headers: bearer(adminToken) });
    expect(literal.json().data.map((c: { name: string }) => c.name)).toEqual(["zebra_plain"]);
    const byCustomer = await ctx.app.inject({ method: "GET", url: `/api/configurations/search?customerId=${customerId}`, headers: bearer(adminToken) });
    expect(byCustomer.json().data).toHaveLength(2);
  });
});

describe("configuration reads", () => {
  const read = (token: string, id: string) =>
    ctx.app.inject({ method: "GET", url: `/api/configuration?configuration_id=${id}`, headers: bearer(token) });
  /** Renames without firing the change trigger: only a read that reaches the database sees it. */
  const renameUnheard = (id: string, name: string) =>
    ctx.database.db.transaction(async (tx) => {
      await tx.exec("SET LOCAL session_replication_role = replica");
      await tx.query("UPDATE configurations SET name = $2 WHERE id = $1", [id, name]);
    });

  it("are answered from memory until the configuration changes, and never across tenants", async () => {
    const customerId = await ctx.createCustomer("Cached Co");
    const { token } = await ctx.createUser({ role: "customer", customerId });
    const other = await ctx.createUser({ role: "customer", customerId: await ctx.createCustomer("Other Co") });
    const id = (await save(adminToken, { name: "cached", customerId })).json().inserted_id as string;

    const first = await read(token, id);
    expectToMatchContract("getConfiguration", first);
    expect(first.json().data.name).toBe("cached");
    await renameUnheard(id, "unheard");
    expect((await read(token, id)).json().data.name).toBe("cached");
    expect((await read(other.token, id)).statusCode).toBe(404);

    await save(token, { _id: id, name: "renamed" });
    const renamed = await read(token, id);
    expectToMatchContract("getConfiguration", renamed);
    expect(renamed.json().data.name).toBe("renamed");
    expect((await read(other.token, id)).statusCode).toBe(404);

    // A change made outside the API reaches the cache through the trigger's notification (on
    // PostgreSQL a moment after the commit).
    await ctx.database.db.query("UPDATE configurations SET remaining_messages = 3 WHERE id = $1", [id]);
    await vi.waitFor(async () => expect((await read(token, id)).json().data.remaining_messages).toBe(3));

    const deleted = await ctx.app.inject({ method: "DELETE", url: `/api/customers/${customerId}`, headers: bearer(adminToken) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await read(adminToken, id)).statusCode).toBe(404);
  });
});

describe("usage", () => {
  it("reports usage with the domain's quota colour, and an admin's reset restores the limit", async () => {
    const customerId = await ctx.createCustomer("Quota Co");
    const { token } = await ctx.createUser({ role: "customer", customerId });
    const id = (await save(adminToken, { name: "quota", customerId })).json().inserted_id as string;
    const limit = messageLimitFor("entry");
    const remaining = Math.floor(limit * 0.4);
    await ctx.database.db.query("UPDATE configurations SET remaining_messages = $2 WHERE id = $1", [id, remaining]);

    const usage = await ctx.app.inject({ method: "GET", url: `/api/dashboard/usage?configuration_id=${id}`, headers: bearer(token) });
    expectToMatchContract("getUsage", usage);
    expect(usage.json().data).toMatchObject({
      message_limit: limit,
      remaining_messages: remaining,
      used_messages: limit - remaining,
      quota_color: "amber",
      configurations: 1,
    });

    const refused = await ctx.app.inject({ method: "POST", url: "/api/configuration/reset_usage", headers: bearer(token), payload: { configuration_id: id } });
    expect(refused.statusCode).toBe(403);
    const reset = await ctx.app.inject({ method: "POST", url: "/api/configuration/reset_usage", headers: bearer(adminToken), payload: { configuration_id: id } });
    expectToMatchContract("resetUsage", reset);
    expect(reset.json().data).toMatchObject({ remaining_messages: limit, usage_reset_date: nextUsageResetDate(new Date()) });
  });
});

describe("usage over many configurations", () => {
  it("sums limits beyond what one column holds", async () => {
    const customerId = await ctx.createCustomer("Big Co");
    const { token } = await ctx.createUser({ role: "customer", customerId });
    for (const name of ["big-one", "big-two"]) await save(adminToken, { name, customerId, message_limit: 2_000_000_000 });
    const usage = await ctx.app.inject({ method: "GET", url: "/api/dashboard/usage", headers: bearer(token) });
    expectToMatchContract("getUsage", usage);
    expect(usage.json().data).toMatchObject({ message_limit: 4_000_000_000, remaining_messages: 4_000_000_000, configurations: 2 });
  });
});

describe("datasets", () => {
  it("saves with the server field names, mapping every record to the headers, and deletes", async () => {
    const customerId = await ctx.createCustomer("FAQ Co");
    const { token } = await ctx.createUser({ role: "customer", customerId });
    const id = (await save(adminToken, { name: "faq", customerId })).json().inserted_id as string;

    const empty = await ctx.app.inject({ method: "GET", url: `/api/data/dataset?configurationId=${id}`, headers: bearer(token) });
    expectToMatchContract("getDataset", empty);
    expect(empty.json().data).toBeNull();

    const saved = await ctx.app.inject({
      method: "POST",
      url: "/api/data/dataset",
      headers: bearer(token),
      payload: {
        configurationId: id,
        datasetName: "FAQ",
        datasetData: [{ question: "Open?", answer: "Yes", stray: "dropped" }, { question: "Closed?" }],
        datasetHeaders: [
          { text: "Question", value: "question" },
          { text: "Answer", value: "answer" },
          { text: "Category", value: "category" },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    expectToMatchContract("saveDataset", saved);
    expect(saved.json().data).toMatchObject({
      configurationId: id,
      dataset_name: "FAQ",
      dataset_data: [
        { question: "Open?", answer: "Yes", category: "" },
        { question: "Closed?", answer: "", category: "" },
      ],
    });

    const got = await ctx.app.inject({ method: "GET", url: `/api/data/dataset?configurationId=${id}`, headers: bearer(token) });
    expectToMatchContract("getDataset", got);
    expect(got.json().data.dataset_headers).toHaveLength(3);
    // The save answers the rows as written (not read back from the database): the same as a later read.
    expect(saved.json().data).toEqual(got.json().data);

    const removed = await ctx.app.inject({ method: "DELETE", url: `/api/data/dataset?configurationId=${id}`, headers: bearer(token) });
    expectToMatchContract("deleteDataset", removed);
    const after = await ctx.app.inject({ method: "GET", url: `/api/data/dataset?configurationId=${id}`, headers: bearer(token) });
    expect(after.json().data).toBeNull();
  });

  it("refuses columns that share a name or key, or more cells than a FAQ holds, keeping the stored FAQ", async () => {
    const customerId = await ctx.createCustomer("FAQ Shape Co");
    const { token } = await ctx.createUser({ role: "customer", customerId });
    const id = (await save(adminToken, { name: "faq-shape", customerId })).json().inserted_id as string;
    const saveFaq = (datasetHeaders: unknown, datasetData: unknown) =>
      ctx.app.inject({ method: "POST", url: "/api/data/dataset", headers: bearer(token), payload: { configurationId: id, datasetName: "FAQ", datasetData, datasetHeaders } });
    const headers = [
      { text: "Question", value: "question" },
      { text: "Answer", value: "answer" },
    ];
    expect((await saveFaq(headers, [{ question: "Open?", answer: "Yes" }])).statusCode).toBe(200);

    const refusals = [
      // Two columns of one key would be one cell twice: the second column's cells were lost.
      [[...headers, { text: "Reply", value: "answer" }], [{ question: "Q", answer: "A" }], "datasetHeaders.2.value", "Another column has this key; every column needs its own"],
      [[...headers, { text: " answer ", value: "reply" }], [], "datasetHeaders.2.text", "Another column has this name; choose a different one"],
      [[...headers, { text: "Notes", value: "   " }], [], "datasetHeaders.2.value", "This field is required"],
      [[...headers, { text: "Notes", value: "__proto__" }], [], "datasetHeaders.2.value", "This column key cannot be used; choose another"],
      [Array.from({ length: 11 }, (_, index) => ({ text: `C${index}`, value: `c${index}` })), Array.from({ length: 10_000 }, () => ({})), "datasetData", "A FAQ holds at most 100000 cells (rows times columns); remove rows or columns"],
      [Array.from({ length: 51 }, (_, index) => ({ text: `C${index}`, value: `c${index}` })), [], "datasetHeaders", "Use at most 50 entries"],
      [headers, Array.from({ length: 20_001 }, () => ({})), "datasetData", "Use at most 20000 entries"],
    ] as const;
    for (const [datasetHeaders, datasetData, path, message] of refusals) {
      const refused = await saveFaq(datasetHeaders, datasetData);
      expect(refused.statusCode, path).toBe(400);
      expectToMatchContract("saveDataset", refused);
      expect(refused.json()).toMatchObject({ code: "validation_failed", errors: [{ path, message }] });
    }
    const kept = await ctx.app.inject({ method: "GET", url: `/api/data/dataset?configurationId=${id}`, headers: bearer(token) });
    expect(kept.json().data).toMatchObject({ dataset_headers: headers, dataset_data: [{ question: "Open?", answer: "Yes" }] });
  });

  it("answers a body of 45,000 columns and 10,000 rows (450 million cells once mapped) at once, and others meanwhile", async () => {
    const customerId = await ctx.createCustomer("FAQ Flood Co");
    const { token } = await ctx.createUser({ role: "customer", customerId });
    const id = (await save(adminToken, { name: "faq-flood", customerId })).json().inserted_id as string;
    const payload = JSON.stringify({
      configurationId: id,
      datasetName: "FAQ",
      datasetHeaders: Array.from({ length: 45_000 }, (_, index) => ({ text: `${index}`, value: `${index}` })),
      datasetData: Array.from({ length: 10_000 }, () => ({})),
    });
    // Within the body's limits of size (5 MB) and keys (100,000).
    expect(payload.length).toBeLessThan(2 * 1024 * 1024);
    const started = Date.now();
    const [flood, other] = await Promise.all([
      ctx.app.inject({ method: "POST", url: "/api/data/dataset", headers: { ...bearer(token), "content-type": "application/json" }, payload }),
      ctx.app.inject({ method: "GET", url: `/api/data/dataset?configurationId=${id}`, headers: bearer(token) }),
    ]);
    expect(flood.statusCode).toBe(400);
    expect(flood.json().errors[0]).toEqual({ path: "datasetHeaders", message: "Use at most 50 entries" });
    expect(other.statusCode).toBe(200);
    // Mapping it was minutes of one thread (and gigabytes); refusing it is the parse of a 1.4 MB body.
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("answers 400 with the path for a record cell that is not text", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/data/dataset",
      headers: bearer(adminToken),
      payload: { configurationId: "x", datasetName: "FAQ", datasetData: [{ question: 1 }], datasetHeaders: [{ text: "Q", value: "question" }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe("datasetData.0.question");
  });
});

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
