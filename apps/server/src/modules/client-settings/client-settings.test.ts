import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { clientSettingsFromEnv } from "./routes";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    clientSettings: clientSettingsFromEnv({
      PROMPT_BOT_CONFIGURATION_ID: " 6f1c2d3e-0000-4000-8000-000000000001 ",
      BASIC_MONTHLY_PRICE_ID: "price_monthly",
      LOGIN_PORTAL_DOMAIN: "",
    }),
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe("client settings (the configuration lookup)", () => {
  it("answers every setting without a token, with defaults for the bases and null for what is not set", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/client-settings" });
    expect(response.statusCode).toBe(200);
    expectToMatchContract("getClientSettings", response);
    expect(response.json()).toEqual({
      status: "success",
      data: {
        configurationServerUrl: "/api",
        chatServerUrl: "/api",
        chatbotBackendUrl: "/api",
        promptBotConfigurationId: "6f1c2d3e-0000-4000-8000-000000000001",
        chatbotHostUrl: "/widget",
        emailHandlerClientId: null,
        basicMonthlyPriceId: "price_monthly",
        basicAnnualPriceId: "local_basic_annual",
        customerPortalUrl: null,
        loginPortalDomain: null,
        googleSignIn: false,
      },
    });
  });

  it("answers one setting by its key, null when it is not set", async () => {
    const set = await ctx.app.inject({ method: "GET", url: "/api/client-settings/basicMonthlyPriceId" });
    expectToMatchContract("getClientSetting", set);
    expect(set.json()).toEqual({ status: "success", key: "basicMonthlyPriceId", value: "price_monthly" });
    const unset = await ctx.app.inject({ method: "GET", url: "/api/client-settings/customerPortalUrl" });
    expect(unset.json()).toEqual({ status: "success", key: "customerPortalUrl", value: null });
  });

  it("refuses an empty key and names an unknown one", async () => {
    for (const url of ["/api/client-settings/%20%20", "/api/client-settings/"]) {
      const empty = await ctx.app.inject({ method: "GET", url });
      expect(empty.statusCode, url).toBe(400);
      expectToMatchContract("getClientSetting", empty);
      expect(empty.json()).toMatchObject({ code: "configuration_key_required", message: "Configuration key is required" });
    }
    const unknown = await ctx.app.inject({ method: "GET", url: "/api/client-settings/stripeSecret" });
    expect(unknown.statusCode).toBe(404);
    expectToMatchContract("getClientSetting", unknown);
    expect(unknown.json()).toMatchObject({
      code: "configuration_key_not_found",
      message: 'Configuration key "stripeSecret" not found',
    });
  });
});
