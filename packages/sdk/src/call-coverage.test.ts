import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// Every HTTP call of spec 02 §7.2–7.11, written out by hand from the spec (paths without the /api base).
const specCalls = {
  "7.2 Customers": [
    "GET /customers",
    "GET /customer",
    "GET /customer_has_configuration",
    "POST /customer/create_or_update",
    "POST /customer/self_onboarding_create",
    "DELETE /customers/{id}",
  ],
  "7.3 Users and authentication": [
    "GET /users",
    "POST /users/add_or_update",
    "POST /login",
    "POST /validate-token",
    "POST /validate-token-login",
    "POST /users/refresh_password",
    "POST /validate-email",
    "POST /register",
    "POST /validate-otp",
    "POST /users/update_show_instructions",
  ],
  "7.4 Chatbot design and embed": [
    "GET /chatbot/settings/byConfigurationId",
    "POST /chatbot/settings",
    "POST /chatbot/settings/image/upload",
    "GET /chatbot/settings/image/download",
    "GET /chatbot/settings/image/list",
    "DELETE /chatbot/settings/image/delete",
    "POST /chatbot/settings/script/upload",
    "POST /chatbot/settings/demo/upload",
    "GET /chatbot/settings/script",
    "GET /onboarding/screenshot",
  ],
  "7.5 Datasets": ["GET /data/dataset", "POST /data/dataset", "DELETE /data/dataset"],
  "7.6 Training": [
    "GET /training/articles",
    "POST /training/create_article",
    "POST /training/index_article",
    "POST /training/article/delete",
    "POST /training/articles/wipe_article_data_for_configuration",
    "POST /training/search_in_articles",
    "GET /training/urls/get",
    "POST /training/urls/save",
    "POST /training/scrape_static_website",
    "POST /training/scrape_sitemap",
    "GET /files/get_names",
    "POST /training/files/upload",
    "DELETE /files/delete",
    "POST /files/scrape",
  ],
  "7.7 WordPress": [
    "GET /wordpress/total-pages",
    "GET /wordpress/total-posts",
    "GET /wordpress/pages",
    "GET /wordpress/posts",
    "GET /wordpress/get-indexed-pages",
    "POST /wordpress/index-content",
    "DELETE /wordpress/delete-pages",
  ],
  "7.8 Webshop": [
    "GET /webshop/webshopsettings",
    "POST /webshop/webshopsettings",
    "POST /webshop/webshopcredentials",
    "GET /webshop/webshopcredentials/exists",
    "GET /webshop/test",
    "GET /webshop/indexedproductscount",
    "GET /webshop/index_woocommerce_products",
    "GET /webshop/index_shopify_products",
    "DELETE /webshop/delete_all_products",
    "GET /webshop/search_products",
  ],
  "7.9 Onboarding": [
    "GET /onboarding/attempt",
    "POST /onboarding/check_url",
    "POST /onboarding/discover_branding",
    "POST /onboarding/generate_assistant_persona",
    "POST /onboarding/extract_faq",
    "POST /onboarding/extract_urls",
  ],
  "7.10 Subscription and payment": [
    "GET /orders/get-subscription",
    "GET /orders/check-payment-status",
    "POST /orders/activate-product",
    "GET /orders/get-local-subscriptions",
    "GET /orders/get-stripe-subscription",
    "POST /orders/cancel_subscription",
    "POST /orders/create_or_update_subscription",
    "POST /orders/create-checkout-session",
    "POST /orders/create-fixed-checkout-session",
  ],
  "7.11 Configuration and search": [
    "GET /configurations/search",
    "GET /configuration",
    "POST /configuration/create_or_update",
    "GET /global-search",
  ],
} as const;

// §7.4: the one call on the chatbot backend rather than the configuration server.
const chatbotBackendCall = "GET /chatbot/settings/script";
// Marked "(no token)" in the spec.
const publicCalls = ["POST /login", "POST /orders/activate-product"];
// Sent as form data / multipart in the spec.
const multipartCalls = [
  "POST /chatbot/settings/image/upload",
  "POST /chatbot/settings/script/upload",
  "POST /chatbot/settings/demo/upload",
  "POST /training/files/upload",
];

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, unknown>; $ref?: string };
  "x-base"?: string;
}
interface Contract {
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation> & { "x-base"?: string }>;
}

const bundlePath = createRequire(import.meta.url).resolve("@parley/openapi/openapi.json");
const contract = JSON.parse(readFileSync(bundlePath, "utf8")) as Contract;

function operation(call: string): Operation | undefined {
  const [method = "", path = ""] = call.split(" ");
  return contract.paths[path]?.[method.toLowerCase()];
}

describe("the bundled contract covers every call of spec 02 §7", () => {
  for (const [section, calls] of Object.entries(specCalls)) {
    it(`§${section}`, () => {
      const missing = calls.filter((call) => !operation(call));
      expect(missing, `missing from ${bundlePath}`).toEqual([]);
    });
  }

  it("sends the script call to the chatbot backend", () => {
    const scriptCall = operation(chatbotBackendCall);
    expect(scriptCall, chatbotBackendCall).toBeDefined();
    expect(scriptCall?.["x-base"] ?? contract.paths["/chatbot/settings/script"]?.["x-base"]).toBe(
      "chatbotBackend",
    );
  });

  it("makes the calls the spec marks '(no token)' public", () => {
    for (const call of publicCalls) {
      expect(operation(call)?.security, call).toEqual([]);
    }
  });

  it("takes multipart bodies where the spec sends form data", () => {
    for (const call of multipartCalls) {
      expect(Object.keys(operation(call)?.requestBody?.content ?? {}), call).toContain("multipart/form-data");
    }
  });
});
