// The calls of spec 02 §7.2 – §7.11 with the places of their named inputs, checked against the bundle so a
// renamed path or parameter cannot slip through. Body fields are checked in JSON or multipart bodies.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
}
interface Parameter {
  $ref?: string;
  name: string;
  in: string;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Contract {
  paths: Record<string, Record<string, Operation> & { parameters?: Parameter[] }>;
  components: { schemas: Record<string, Schema> };
}

const contract = JSON.parse(readFileSync(join(packageDir, "bundle", "openapi.json"), "utf8")) as Contract;

function resolve(schema: Schema): Schema {
  if (schema.$ref) {
    const name = schema.$ref.replace("#/components/schemas/", "");
    const target = contract.components.schemas[name];
    if (!target) throw new Error(`unresolved ${schema.$ref}`);
    return resolve(target);
  }
  return schema;
}

/** Every property name an object schema (with allOf / oneOf parts) can carry. */
function propertyNames(schema: Schema): string[] {
  const resolved = resolve(schema);
  return [
    ...Object.keys(resolved.properties ?? {}),
    ...(resolved.allOf ?? []).flatMap(propertyNames),
    ...(resolved.oneOf ?? []).flatMap(propertyNames),
  ];
}

type Where = "query" | "path" | "body" | "form";
type Call = [method: string, path: string, inputs: Partial<Record<Where, string[]>>, answer?: string[]];

const calls: Call[] = [
  // 7.2 customers
  ["get", "/customers", {}, ["data"]],
  ["get", "/customer", { query: ["_id"] }, ["data"]],
  ["get", "/customer_has_configuration", { query: ["_id"] }, ["data"]],
  [
    "post",
    "/customer/create_or_update",
    { body: ["_id", "name"] },
    ["updated_id", "inserted_id", "updated_customer", "message"],
  ],
  [
    "post",
    "/customer/self_onboarding_create",
    { body: ["name"] },
    ["updated_id", "inserted_id", "updated_customer", "token"],
  ],
  ["delete", "/customers/{id}", { path: ["id"] }],
  // 7.3 users and authentication
  ["get", "/users", {}, ["data"]],
  ["post", "/users/add_or_update", { body: ["id", "username", "email", "role"] }],
  [
    "post",
    "/login",
    { body: ["username", "password"] },
    ["status", "user", "token", "forceRefreshPassword", "showWizard", "showInstructions"],
  ],
  ["post", "/validate-token", { body: ["token"] }, ["status", "payload"]],
  ["post", "/validate-token-login", { body: ["token"] }, ["status", "id", "role"]],
  ["post", "/users/refresh_password", { body: ["password"] }],
  ["post", "/validate-email", { body: ["email"] }, ["status"]],
  [
    "post",
    "/register",
    { body: ["email", "password", "languageCode"] },
    ["user", "token", "message", "errors"],
  ],
  ["post", "/validate-otp", { body: ["email", "otp"] }, ["status", "user", "token", "message", "errors"]],
  ["post", "/users/update_show_instructions", { body: ["_id", "showInstructions"] }],
  // 7.4 chatbot design and embed
  ["get", "/chatbot/settings/byConfigurationId", { query: ["configuration_id"] }],
  ["post", "/chatbot/settings", { body: ["chatbotSettings", "chatbotButtonSettings"] }],
  ["post", "/chatbot/settings/image/upload", { form: ["file", "configuration_id"] }, ["filename"]],
  ["get", "/chatbot/settings/image/download", { query: ["configuration_id", "filename"] }],
  ["get", "/chatbot/settings/image/list", { query: ["configuration_id", "image_type"] }, ["images"]],
  ["delete", "/chatbot/settings/image/delete", { body: ["configuration_id", "filename", "image_type"] }],
  ["post", "/chatbot/settings/script/upload", { form: ["configuration_id", "script_content"] }],
  ["post", "/chatbot/settings/demo/upload", { form: ["configuration_id", "demo_content"] }, ["url"]],
  ["get", "/chatbot/settings/script", { query: ["configuration_id"] }, ["script"]],
  ["get", "/onboarding/screenshot", { query: ["attempt_id"] }, ["url", "original_url"]],
  // 7.5 datasets
  ["get", "/data/dataset", { query: ["configurationId"] }, ["status", "data", "message"]],
  ["post", "/data/dataset", { body: ["configurationId", "datasetName", "datasetData", "datasetHeaders"] }],
  ["delete", "/data/dataset", { query: ["configurationId"] }],
  // 7.6 training
  ["get", "/training/articles", { query: ["_id"] }, ["articles"]],
  [
    "post",
    "/training/create_article",
    { body: ["configurationId", "text", "source", "wordCount", "splitLength", "splitOverlap", "_id"] },
  ],
  ["post", "/training/index_article", {}],
  ["post", "/training/article/delete", { body: ["_id", "configuration_id"] }],
  ["post", "/training/articles/wipe_article_data_for_configuration", { body: ["configuration_id"] }],
  ["post", "/training/search_in_articles", { body: ["configurationId", "searchText"] }],
  ["get", "/training/urls/get", { query: ["configurationId"] }, ["urls"]],
  ["post", "/training/urls/save", { body: ["configurationId", "urls"] }],
  [
    "post",
    "/training/scrape_static_website",
    { body: ["tags", "url", "filtered_classes"] },
    ["subject_url_map", "components"],
  ],
  ["post", "/training/scrape_sitemap", { body: ["url"] }, ["data"]],
  ["get", "/files/get_names", { query: ["configuration_id"] }, ["file_names"]],
  ["post", "/training/files/upload", { form: ["file", "configuration_id"] }],
  ["delete", "/files/delete", { query: ["configuration_id", "filename"] }],
  ["post", "/files/scrape", { form: ["filename", "configuration_id"] }, ["components"]],
  // 7.7 WordPress
  ["get", "/wordpress/total-pages", { query: ["url"] }, ["status", "total_results", "total_pages"]],
  ["get", "/wordpress/total-posts", { query: ["url"] }, ["status", "total_results", "total_pages"]],
  ["get", "/wordpress/pages", { query: ["url", "page", "per_page"] }, ["items"]],
  ["get", "/wordpress/posts", { query: ["url", "page", "per_page"] }, ["items"]],
  ["get", "/wordpress/get-indexed-pages", { query: ["configurationId"] }],
  ["post", "/wordpress/index-content", { body: ["configurationId", "pages", "posts", "wordpressUrl"] }],
  ["delete", "/wordpress/delete-pages", { query: ["configurationId"] }],
  // 7.8 webshop
  ["get", "/webshop/webshopsettings", {}, ["settings"]],
  ["post", "/webshop/webshopsettings", { body: ["configurationId", "webshopSettings"] }],
  [
    "post",
    "/webshop/webshopcredentials",
    { body: ["configurationId", "webshopUrl", "webshopKey", "webshopSecret", "webshoptType"] },
  ],
  ["get", "/webshop/webshopcredentials/exists", {}, ["exists"]],
  ["get", "/webshop/test", {}, ["total_count"]],
  ["get", "/webshop/indexedproductscount", {}, ["status"]],
  ["get", "/webshop/index_woocommerce_products", { query: ["configurationId", "page", "per_page"] }],
  [
    "get",
    "/webshop/index_shopify_products",
    { query: ["configurationId", "selectedVendor"] },
    ["total_count"],
  ],
  ["delete", "/webshop/delete_all_products", {}],
  [
    "get",
    "/webshop/search_products",
    { query: ["configurationId", "page", "itemsPerPage", "sortBy", "search"] },
    ["items", "total"],
  ],
  // 7.9 onboarding
  ["get", "/onboarding/attempt", { query: ["attempt_id"] }],
  ["post", "/onboarding/check_url", { body: ["url", "userId"] }, ["valid", "code", "message", "attempt_id"]],
  ["post", "/onboarding/discover_branding", { body: ["url", "userId", "attemptId"] }, ["branding"]],
  [
    "post",
    "/onboarding/generate_assistant_persona",
    { body: ["url", "languageCode", "userId", "attemptId"] },
    ["persona"],
  ],
  ["post", "/onboarding/extract_faq", { body: ["url", "languageCode", "attemptId"] }],
  ["post", "/onboarding/extract_urls", { body: ["url", "languageCode", "attemptId"] }],
  // 7.10 subscription and payment
  ["get", "/orders/get-subscription", { query: ["configuration_id"] }],
  ["get", "/orders/check-payment-status", { query: ["customerId"] }, ["subscription"]],
  ["post", "/orders/activate-product", { body: ["session_id"] }, ["success"]],
  ["get", "/orders/get-local-subscriptions", {}],
  ["get", "/orders/get-stripe-subscription", { query: ["customer_id"] }],
  ["post", "/orders/cancel_subscription", { form: ["customer_id"] }],
  [
    "post",
    "/orders/create_or_update_subscription",
    {
      body: [
        "configuration_id",
        "customer_id",
        "subscription_type",
        "is_active",
        "chosen_product",
        "manual_amount",
        "year_discount",
        "end_date",
        "trial_days",
      ],
    },
  ],
  ["post", "/orders/create-checkout-session", { body: ["customer_id", "is_annual"] }],
  ["post", "/orders/create-fixed-checkout-session", { body: ["customer_id", "stripe_price_id"] }],
  // 7.11 configuration and search
  ["get", "/configurations/search", { query: ["query"] }],
  ["get", "/configuration", { query: ["configuration_id"] }],
  ["post", "/configuration/create_or_update", { body: ["_id", "name", "max_tokens"] }, ["inserted_id"]],
  ["get", "/global-search", { query: ["q"] }],
];

describe("the spec's calls", () => {
  it.each(calls)("%s %s", (method, path, inputs, answer) => {
    const item = contract.paths[path];
    const operation = item?.[method];
    expect(operation, `${method} ${path} is missing`).toBeDefined();
    if (!item || !operation) return;

    const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])];
    for (const where of ["query", "path"] as const) {
      for (const name of inputs[where] ?? []) {
        expect(
          parameters.some((parameter) => parameter.name === name && parameter.in === where),
          `${where} ${name}`,
        ).toBe(true);
      }
    }
    for (const [where, mediaType] of [
      ["body", "application/json"],
      ["form", "multipart/form-data"],
    ] as const) {
      const names = inputs[where];
      if (!names) continue;
      const schema = operation.requestBody?.content[mediaType]?.schema;
      expect(schema, `${mediaType} body`).toBeDefined();
      if (schema) expect(propertyNames(schema)).toEqual(expect.arrayContaining(names));
    }
    if (answer) {
      const success = operation.responses["200"]?.content?.["application/json"]?.schema;
      expect(success, "200 JSON answer").toBeDefined();
      if (success) expect(propertyNames(success)).toEqual(expect.arrayContaining(answer));
    }
  });
});

describe("the socket contract", () => {
  interface AsyncMessage {
    name: string;
    payload: Schema;
  }
  const asyncapi = parse(readFileSync(join(packageDir, "bundle", "asyncapi.yaml"), "utf8")) as {
    channels: Record<string, { address: string; messages: Record<string, { $ref: string }> }>;
    components: { messages: Record<string, AsyncMessage>; schemas: Record<string, Schema> };
  };
  const messagesOf = (channel: string): AsyncMessage[] =>
    Object.values(asyncapi.channels[channel]?.messages ?? {}).map((reference) => {
      const message = asyncapi.components.messages[reference.$ref.replace("#/components/messages/", "")];
      if (!message) throw new Error(`unresolved ${reference.$ref}`);
      return message;
    });
  const payloadFields = (messages: AsyncMessage[], name: string): string[] => {
    const message = messages.find((candidate) => candidate.name === name);
    expect(message, name).toBeDefined();
    return Object.keys(message?.payload.properties ?? {});
  };

  it("has every event of spec 02 §7.1 on /live with its payload fields", () => {
    expect(asyncapi.channels.live?.address).toBe("/live");
    const live = messagesOf("live");
    expect(live.map((message) => message.name)).toEqual(
      expect.arrayContaining([
        "initial_conversations",
        "conversation_update",
        "config_cleared",
        "config_clear_error",
      ]),
    );
    expect(payloadFields(live, "agent_disconnected")).toEqual(["user_id"]);
    expect(payloadFields(live, "clear_config")).toEqual(["configuration_id"]);
    expect(payloadFields(live, "change_agent_presence")).toEqual(["user_id", "is_available"]);
    expect(payloadFields(live, "manual_takeover")).toEqual([
      "configuration_id",
      "session_id",
      "first_name",
      "last_name",
    ]);
    // The spec's three fields, all required, and the optional id that makes a resend after a reconnect recognisable.
    expect(payloadFields(live, "human_agent_message")).toEqual([
      "configurationId",
      "conversationId",
      "messageContent",
      "client_message_id",
    ]);
    expect(live.find((message) => message.name === "human_agent_message")?.payload.required).toEqual([
      "configurationId",
      "conversationId",
      "messageContent",
    ]);
  });

  it("has the visitor events on /chat", () => {
    expect(asyncapi.channels.chat?.address).toBe("/chat");
    const names = messagesOf("chat").map((message) => message.name);
    expect(names).toEqual(
      expect.arrayContaining(["visitor_message", "assistant_message", "agent_message", "typing"]),
    );
  });

  it("reuses the HTTP contract's LiveConversation and Message schemas", () => {
    for (const name of ["LiveConversation", "Message"]) {
      expect(asyncapi.components.schemas[name]?.properties).toEqual(
        contract.components.schemas[name]?.properties,
      );
    }
  });
});
