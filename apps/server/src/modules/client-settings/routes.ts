import { builtInPriceIds, DomainError, errorMessages } from "@parley/domain";
import type { Schemas } from "../../platform/http/contract-types";
import type { OperationTable } from "../../platform/http/operations";

/** The configuration lookup of spec 02 §7: what a client needs at start. Unset values are null. */
export type ClientSettings = Omit<Schemas["ClientSettings"], "googleSignIn">;

function setting(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * Read from the environment: everything is served on one origin, so the three bases default to `/api`
 * and the widget host to `/widget`, the price ids to the built-in checkout's; the rest is null until configured.
 */
export function clientSettingsFromEnv(env: NodeJS.ProcessEnv): ClientSettings {
  return {
    configurationServerUrl: setting(env.CONFIGURATION_SERVER_URL) ?? "/api",
    chatServerUrl: setting(env.CHAT_SERVER_URL) ?? "/api",
    chatbotBackendUrl: setting(env.CHATBOT_BACKEND_URL) ?? "/api",
    promptBotConfigurationId: setting(env.PROMPT_BOT_CONFIGURATION_ID),
    chatbotHostUrl: setting(env.CHATBOT_HOST_URL) ?? "/widget",
    emailHandlerClientId: setting(env.EMAIL_HANDLER_CLIENT_ID),
    // Without a payment provider's ids the built-in checkout's, so the pricing screen can sell the plan.
    basicMonthlyPriceId: setting(env.BASIC_MONTHLY_PRICE_ID) ?? builtInPriceIds.monthly,
    basicAnnualPriceId: setting(env.BASIC_ANNUAL_PRICE_ID) ?? builtInPriceIds.annual,
    customerPortalUrl: setting(env.PAYMENT_CUSTOMER_PORTAL_URL),
    loginPortalDomain: setting(env.LOGIN_PORTAL_DOMAIN),
  };
}

export function clientSettingsOperations(settings: ClientSettings, googleSignIn: boolean): OperationTable {
  const values = new Map<string, string | null>(Object.entries(settings));
  return {
    getClientSettings: async () => ({ status: "success" as const, data: { ...settings, googleSignIn } }),
    getClientSetting: async (request) => {
      const key = request.params.key.trim();
      if (!key) throw new DomainError("configuration_key_required", undefined, 400);
      if (!values.has(key)) {
        throw new DomainError(
          "configuration_key_not_found",
          errorMessages.configuration_key_not_found.replace("{key}", key),
          404,
        );
      }
      return { status: "success" as const, key, value: values.get(key) ?? null };
    },
  };
}
