/**
 * The configurations' AI functions at answer time, end to end: a visitor's message over the widget's HTTP call, a
 * loopback OpenAI-compatible model that calls a function, the workflow's actions against a loopback Shopify and a
 * loopback Twilio, and the model's second request carrying what they found.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { createTenant } from "../../test/fixture";
import { startLlmServer, type LlmServer } from "../../test/llm-server";
import { startTwilioServer, type TwilioServer } from "../../test/twilio-server";
import { startTestShopify, startTestWoocommerce, type ShopifyOrder, type TestShopify, type TestWoocommerce } from "../../test/webshops";

let ctx: TestContext;
let llm: LlmServer;
let shopify: TestShopify;
let woo: TestWoocommerce;
let twilio: TwilioServer;
let admin: string;

const liveSid = "AC0123456789abcdef0123456789abcdef";
const testSid = "ACtest0000000000000000000000000000";
const authToken = "twilio-auth-token-0123456789";

const order: ShopifyOrder = {
  id: 450789469,
  name: "#1001",
  email: "bob@example.test",
  created_at: "2026-11-20T10:15:00+01:00",
  cancelled_at: null,
  financial_status: "paid",
  fulfillment_status: "fulfilled",
  total_price: "59.90",
  currency: "EUR",
  line_items: [{ id: 1, name: "Sourdough starter kit", quantity: 2, price: "29.95" }],
  fulfillments: [{ id: 2, status: "success", tracking_company: "PostNL", tracking_number: "3SPARL0123456", tracking_url: "https://postnl.test/3SPARL0123456" }],
};

beforeAll(async () => {
  llm = await startLlmServer();
  shopify = await startTestShopify([]);
  shopify.orders = [order];
  woo = await startTestWoocommerce([]);
  woo.orders.set(727, {
    id: 727,
    number: "727",
    status: "processing",
    currency: "EUR",
    date_created: "2026-11-21T09:00:00",
    date_created_gmt: "2026-11-21T08:00:00",
    date_paid: "2026-11-21T09:01:00",
    total: "18.50",
    billing: { first_name: "Cas", email: "cas@example.test" },
    line_items: [{ id: 1, name: "Rye loaf", quantity: 3, total: "18.50" }],
    meta_data: [{ id: 9, key: "_wc_shipment_tracking_items", value: [{ tracking_provider: "DHL", tracking_number: "JVGL0123", tracking_link: "https://dhl.test/JVGL0123" }] }],
  });
  twilio = await startTwilioServer({ [liveSid]: authToken, [testSid]: authToken });
  ctx = await createTestContext({
    chatLimits: false,
    outboundAllowedHosts: [shopify.host, woo.host],
    twilioBaseUrl: twilio.baseUrl,
    llm: { openai: { baseUrl: llm.baseUrl, apiKey: llm.apiKey, models: { "gpt-4o-default": "gpt-4o" }, timeoutMs: 3_000, firstTokenTimeoutMs: 2_000, auxiliaryTimeoutMs: 600 } },
  });
  admin = (await ctx.createUser({ role: "admin" })).token;
});
afterAll(async () => {
  await ctx?.close();
  await llm?.close();
  await shopify?.close();
  await woo?.close();
  await twilio?.close();
});
afterEach(() => llm.reset());

let tenants = 0;
/** A configuration with the given functions switched on, its workflows and (unless told not to) the shop's credentials. */
async function assistantWith(functions: string[], workflows: Record<string, unknown>[], options: { enabled?: boolean; twilio?: Record<string, unknown> } = {}) {
  tenants += 1;
  const { configurationId } = await createTenant(ctx, `Fn${tenants}`);
  await ctx.database.db.query("UPDATE configurations SET settings = settings || $2::jsonb WHERE id = $1", [
    configurationId,
    JSON.stringify({
      language: "en",
      use_lang_detect: false,
      functions_enabled: options.enabled ?? true,
      functions,
      twilio_channel: { whatsapp_address: "whatsapp:+3197010203040", sid_address: liveSid, test_sid_address: testSid, auth_token: authToken, reset_conversations: false, ...options.twilio },
    }),
  ]);
  const saved = await ctx.app.inject({
    method: "POST",
    url: "/api/webshop/webshopcredentials",
    headers: bearer(admin),
    payload: { configurationId, webshopUrl: shopify.origin, webshopKey: shopify.token, webshopSecret: "unused", webshoptType: "Shopify" },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  for (const workflow of workflows) {
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/workflows",
      headers: bearer(admin),
      payload: { configuration_id: configurationId, use_test_data: false, conversation_values: [], function_values: [], ...workflow },
    });
    expect(created.statusCode, created.body).toBe(200);
  }
  return configurationId;
}

async function ask(configurationId: string, message: string) {
  const response = await ctx.app.inject({ method: "POST", url: `/api/widget/${configurationId}/messages`, payload: { message } });
  expectToMatchContract("sendWidgetMessage", response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { session_id: string; reply: { content: string } | null };
}

/** What the model's second request told it of the function's run. */
function toolResult(): Record<string, unknown> {
  const messages = llm.requests[1]!.body.messages as unknown as { role: string; content: string; tool_call_id?: string }[];
  const tool = messages.find((message) => message.role === "tool");
  expect(tool, JSON.stringify(messages)).toBeDefined();
  return JSON.parse(tool!.content) as Record<string, unknown>;
}

const orderLookup = { name: "Order status", trigger_function: "get_order_status", actions: [{ type: "retrieve_order", platform: "Shopify" }] };

describe("AI functions with a provider", { timeout: 30_000 }, () => {
  it("offers the switched-on functions, looks the order up in the shop when the model calls it, and answers with it", async () => {
    const configurationId = await assistantWith(["get_order_status"], [orderLookup]);
    llm.queue({ toolCalls: [{ name: "get_order_status", arguments: '{"order_number":"1001","email":"Bob@Example.test"}' }] }, { text: "Your order #1001 was delivered by PostNL (3SPARL0123456)." });
    const answered = await ask(configurationId, "Where is my order 1001? My e-mail is bob@example.test");

    expect(answered.reply?.content).toContain("Your order #1001 was delivered by PostNL");
    const offered = llm.requests[0]!.body.tools as { type: string; function: { name: string; parameters: { required: string[] } } }[];
    expect(offered.map((tool) => [tool.type, tool.function.name, tool.function.parameters.required])).toEqual([["function", "get_order_status", ["order_number"]]]);
    expect(shopify.requests.some((request) => request.path.startsWith("/admin/api/2024-10/orders.json?name=1001&status=any"))).toBe(true);
    expect(toolResult()).toMatchObject({
      workflows: ["Order status"],
      results: [{ action: "retrieve_order", order: { order_number: "#1001", status: "fulfilled", payment_status: "paid", items: [{ name: "Sourdough starter kit", quantity: 2 }], tracking: [{ company: "PostNL", number: "3SPARL0123456" }] } }],
    });
    // The e-mail address the order was placed with is checked, never handed to the model.
    expect(JSON.stringify(toolResult())).not.toContain("bob@example.test");
    // The second request must answer: it offers no functions.
    expect(llm.requests[1]!.body.tools).toBeUndefined();
    expect(llm.requests).toHaveLength(2);
    // The agents see which workflow ran, in the conversation's history too.
    const detail = await ctx.app.inject({ method: "GET", url: `/api/conversations/${answered.session_id}?configuration_id=${configurationId}`, headers: bearer(admin) });
    expectToMatchContract("getConversation", detail);
    expect(detail.json().data.workflow_triggered).toBe("Order status");
  });

  it("looks an order up in a WooCommerce shop (OAuth-signed over http) and tells it with its tracking", async () => {
    const configurationId = await assistantWith(["get_order_status"], [{ ...orderLookup, actions: [{ type: "retrieve_order", platform: "WooCommerce" }] }]);
    const saved = await ctx.app.inject({
      method: "POST",
      url: "/api/webshop/webshopcredentials",
      headers: bearer(admin),
      payload: { configurationId, webshopUrl: woo.origin, webshopKey: woo.key, webshopSecret: woo.secret, webshoptType: "WooCommerce" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    llm.queue({ toolCalls: [{ name: "get_order_status", arguments: '{"order_number":"#727","email":"cas@example.test"}' }] }, { text: "Order 727 is being prepared." });
    await ask(configurationId, "Order 727, cas@example.test: where is it?");
    expect(toolResult()).toMatchObject({
      results: [{ action: "retrieve_order", order: { order_number: "727", status: "processing", payment_status: "paid", total: "18.50", items: [{ name: "Rye loaf", quantity: 3 }], tracking: [{ company: "DHL", number: "JVGL0123" }] } }],
    });
    const asked = woo.requests.at(-1)!.path;
    expect(asked).toMatch(/^\/wp-json\/wc\/v3\/orders\/727\?/);
    expect(asked).toContain("oauth_signature=");
    // A number the shop does not have, or one that is not a WooCommerce id, finds nothing.
    for (const number of ["728", "72a"]) {
      llm.reset();
      llm.queue({ toolCalls: [{ name: "get_order_status", arguments: JSON.stringify({ order_number: number, email: "cas@example.test" }) }] }, { text: "I could not find it." });
      await ask(configurationId, `Order ${number}?`);
      expect(JSON.stringify(toolResult())).toContain("No order with this number");
    }
  });

  it("tells no order to whom does not give the e-mail address it was placed with", async () => {
    const configurationId = await assistantWith(["get_order_status"], [orderLookup]);
    shopify.orders = [order, { ...order, id: 2, name: "#1002", email: null }];
    for (const args of ['{"order_number":"1001"}', '{"order_number":"1001","email":"eve@example.test"}', '{"order_number":"9999","email":"bob@example.test"}', '{"order_number":"1002","email":""}', '{"order_number":"1002"}']) {
      llm.reset();
      llm.queue({ toolCalls: [{ name: "get_order_status", arguments: args }] }, { text: "Which e-mail address did you order with?" });
      await ask(configurationId, "Where is order 1001?");
      const told = JSON.stringify(toolResult());
      expect(told).toContain("error");
      expect(told).not.toContain("Sourdough");
      expect(told).not.toContain("3SPARL");
    }
  });

  it("answers sample orders without asking the shop when the workflow uses test data", async () => {
    const configurationId = await assistantWith(["get_order_status"], [{ ...orderLookup, use_test_data: true }]);
    const shopCalls = shopify.requests.length;
    llm.queue({ toolCalls: [{ name: "get_order_status", arguments: '{"order_number":"A-17"}' }] }, { text: "That order is on its way." });
    await ask(configurationId, "Where is order A-17?");
    expect(toolResult()).toMatchObject({ results: [{ action: "retrieve_order", test_data: true, order: { order_number: "A-17", status: "shipped" } }] });
    expect(shopify.requests.length).toBe(shopCalls);
  });

  it("sends the workflow's SMS through Twilio with the function's and the conversation's values", async () => {
    const callBack = {
      name: "Call back",
      trigger_function: "request_contact",
      actions: [{ type: "send_sms", target: "+31612345678", message: "Call {{name}} on {{phone}} about: {{question}} (chat {{session_id}})" }],
    };
    const configurationId = await assistantWith(["request_contact"], [callBack]);
    llm.queue({ toolCalls: [{ name: "request_contact", arguments: '{"name":"Bob","phone":"+31687654321","question":"a bulk order"}' }] }, { text: "A colleague will call you back." });
    const answered = await ask(configurationId, "Please call me back, I am Bob, +31687654321, about a bulk order");
    expect(answered.reply?.content).toContain("A colleague will call you back.");
    const sent = twilio.requests.at(-1)!;
    expect(sent.path).toBe(`/2010-04-01/Accounts/${liveSid}/Messages.json`);
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from(`${liveSid}:${authToken}`).toString("base64")}`);
    expect(sent.form).toEqual({ To: "+31612345678", From: "+3197010203040", Body: `Call Bob on +31687654321 about: a bulk order (chat ${answered.session_id})` });
    expect(toolResult()).toEqual({ workflows: ["Call back"], results: [{ action: "send_sms", sent: true }] });
    // The agents are alerted with the details (the bell shows an alert's first five words).
    await expect
      .poll(async () => (await ctx.database.db.query<{ type: string; message: string }>("SELECT type, message FROM notification_events WHERE configuration_id = $1", [configurationId])).map((row) => [row.type, row.message]))
      .toEqual([["alert", "Bob +31687654321 a bulk order"]]);

    // Test data: the test account's SID (Twilio's test credentials send nothing).
    const testing = await assistantWith(["request_contact"], [{ ...callBack, use_test_data: true }]);
    llm.reset();
    llm.queue({ toolCalls: [{ name: "request_contact", arguments: '{"name":"Ann","phone":"+31600000000"}' }] }, { text: "Noted." });
    await ask(testing, "Call me, Ann, +31600000000");
    expect(twilio.requests.at(-1)!.path).toBe(`/2010-04-01/Accounts/${testSid}/Messages.json`);
  });

  it("tells the model an action failed (Twilio refused) and still answers the visitor", async () => {
    const configurationId = await assistantWith(
      ["request_contact"],
      [{ name: "Call back", trigger_function: "request_contact", actions: [{ type: "send_sms", target: "{{phone}}", message: "We will call you" }] }],
      { twilio: { auth_token: "a-wrong-token-000000" } },
    );
    llm.queue({ toolCalls: [{ name: "request_contact", arguments: '{"name":"Bob","phone":"+31687654321"}' }] }, { text: "Sorry, please call us instead." });
    const answered = await ask(configurationId, "Call me back please, Bob +31687654321");
    expect(answered.reply?.content).toContain("Sorry, please call us instead.");
    expect(toolResult()).toMatchObject({ results: [{ action: "send_sms", error: expect.stringContaining("did not work") }] });
  });

  it("tells the team of a lead when no workflow runs for it", async () => {
    const configurationId = await assistantWith(["collect_lead"], []);
    llm.queue({ toolCalls: [{ name: "collect_lead", arguments: '{"name":"Ann Example","email":"ann@example.test"}' }] }, { text: "Thanks, we will be in touch." });
    await ask(configurationId, "I am Ann Example, ann@example.test, please keep me posted");
    expect(toolResult()).toMatchObject({ status: "noted" });
    await expect
      .poll(async () => (await ctx.database.db.query<{ message: string }>("SELECT message FROM notification_events WHERE configuration_id = $1 AND type = 'alert'", [configurationId])).map((row) => row.message))
      .toEqual(["Ann Example ann@example.test"]);
  });

  it("offers nothing while functions are off, and runs no function the configuration did not switch on", async () => {
    const off = await assistantWith(["get_order_status"], [orderLookup], { enabled: false });
    llm.queue({ text: "Hello!" });
    await ask(off, "Where is my order 1001?");
    expect(llm.requests[0]!.body.tools).toBeUndefined();

    const onlyContact = await assistantWith(["request_contact"], [orderLookup]);
    llm.reset();
    const shopCalls = shopify.requests.length;
    llm.queue({ toolCalls: [{ name: "get_order_status", arguments: '{"order_number":"1001","email":"bob@example.test"}' }] }, { text: "I cannot look orders up." });
    await ask(onlyContact, "Where is my order 1001?");
    expect(toolResult()).toEqual({ error: "The function get_order_status is not available." });
    expect(shopify.requests.length).toBe(shopCalls);
  });

  it("asks for what is missing when the model's arguments are broken or incomplete", async () => {
    const configurationId = await assistantWith(["get_order_status"], [orderLookup]);
    for (const [args, said] of [
      ["{not json", "not a JSON object"],
      ['["1001"]', "not a JSON object"],
      ['{"email":"bob@example.test"}', "Ask the visitor for: order_number"],
      ['{"order_number":"\\u0000  "}', "Ask the visitor for: order_number"],
    ] as const) {
      llm.reset();
      llm.queue({ toolCalls: [{ name: "get_order_status", arguments: args }] }, { text: "What is your order number?" });
      const answered = await ask(configurationId, "Where is my order?");
      expect(answered.reply?.content).toContain("What is your order number?");
      expect(JSON.stringify(toolResult())).toContain(said);
    }
  });
});
