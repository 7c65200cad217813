import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { errorCodes } from "@parley/domain";
import { configurationDefaults, newConfigurationDefaults } from "@parley/domain/configuration";
import { productNames } from "@parley/domain/products";
import { subscriptionStatuses } from "@parley/domain/subscription";
import { describe, expect, it } from "vitest";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");

interface Reference {
  $ref: string;
}
interface Operation {
  operationId?: string;
  parameters?: (Reference | { name: string; in: string })[];
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}
type PathItem = Record<string, unknown> & { parameters?: Operation["parameters"] };
interface Schema {
  enum?: unknown[];
  required?: string[];
  default?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
}
interface Contract {
  "x-generated": string;
  security: Record<string, string[]>[];
  paths: Record<string, PathItem>;
  components: { schemas: Record<string, Schema>; responses: Record<string, ResponseObject> };
}
interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
}

const contract = JSON.parse(readFileSync(join(packageDir, "bundle", "openapi.json"), "utf8")) as Contract;
const methods = ["get", "put", "post", "delete", "patch", "options", "head", "trace"] as const;

/**
 * The calls that work without a token: sign-in, registration, password reset, redirects, the widget and its
 * images, the embed script, the demo page, payment return and webhook, the built-in checkout, client settings,
 * health and the development mailbox. Any other operation without bearerAuth fails this test.
 */
const publicOperationIds = new Set([
  "login",
  "register",
  "validateOtp",
  "validateEmail",
  "requestPasswordReset",
  "resetPassword",
  "getAuthMethods",
  "startGoogleSignIn",
  "googleSignInCallback",
  "activateProduct",
  "getWidgetSettings",
  "sendWidgetMessage",
  "getWidgetHistory",
  "getChatbotScript",
  "downloadChatbotImage",
  "getChatbotDemo",
  "showLocalCheckout",
  "completeLocalCheckout",
  "getClientSettings",
  "getClientSetting",
  "getHealth",
  "showDevMailbox",
  "listDevMailbox",
  "handlePaymentWebhook",
]);

const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  methods
    .filter((method) => item[method] !== undefined)
    .map((method) => ({ path, method, item, operation: item[method] as Operation })),
);

describe("the contract", () => {
  it("lists exactly the domain's error codes in ErrorCode", () => {
    expect(contract.components.schemas.ErrorCode?.enum).toEqual(errorCodes);
  });

  it("requires exactly the fields a new configuration of the domain starts with, with the domain's defaults", () => {
    const configuration = contract.components.schemas.Configuration;
    const created = newConfigurationDefaults({ selfOnboarding: false, now: new Date() });
    expect([...(configuration?.required ?? [])].sort()).toEqual(["_id", ...Object.keys(created)].sort());
    for (const [field, value] of Object.entries(configurationDefaults)) {
      expect(configuration?.properties?.[field]?.default, field).toEqual(value);
    }
  });

  it("names the domain's products and the provider's subscription statuses", () => {
    expect(contract.components.schemas.ProductName?.enum).toEqual(productNames);
    const stripe = contract.components.schemas.StripeSubscription;
    expect(stripe?.properties?.status?.enum).toEqual([...subscriptionStatuses]);
  });

  it("gives every operation a unique camelCase operationId", () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("accepts the X-Session-Id header on every operation", () => {
    const sessionRef = "#/components/parameters/SessionId";
    const missing = operations.filter(({ item, operation }) => {
      const all = [...(item.parameters ?? []), ...(operation.parameters ?? [])];
      return !all.some((parameter) => "$ref" in parameter && parameter.$ref === sessionRef);
    });
    expect(missing.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it("puts every operation but the public ones under bearerAuth", () => {
    expect(contract.security).toEqual([{ bearerAuth: [] }]);
    const wrong = operations.filter(({ operation }) => {
      const isPublic = operation.security !== undefined && operation.security.length === 0;
      const expectedPublic = publicOperationIds.has(operation.operationId ?? "");
      const hasOwnNonBearer =
        operation.security !== undefined &&
        operation.security.length > 0 &&
        !operation.security.some((requirement) => "bearerAuth" in requirement);
      return isPublic !== expectedPublic || hasOwnNonBearer;
    });
    expect(wrong.map(({ operation }) => operation.operationId)).toEqual([]);
  });

  it("declares at least one error response with a problem body on every operation", () => {
    const withoutErrors = operations.filter(
      ({ operation }) => !Object.keys(operation.responses).some((status) => /^[45]\d\d$/.test(status)),
    );
    expect(withoutErrors.map(({ operation }) => operation.operationId)).toEqual([]);

    const wrongBodies = operations.flatMap(({ operation }) =>
      Object.entries(operation.responses)
        .filter(([status]) => /^[45]\d\d$/.test(status))
        .filter(([, declared]) => {
          const response = declared as ResponseObject;
          const resolved = response.$ref
            ? contract.components.responses[response.$ref.replace("#/components/responses/", "")]
            : response;
          const media = resolved?.content ?? {};
          return (
            Object.keys(media).join() !== "application/problem+json" ||
            media["application/problem+json"]?.schema?.$ref !== "#/components/schemas/Problem"
          );
        })
        .map(([status]) => `${operation.operationId} ${status}`),
    );
    expect(wrongBodies).toEqual([]);
  });

  it("is marked GENERATED in every bundle file", () => {
    expect(contract["x-generated"]).toMatch(/GENERATED/);
    for (const name of ["openapi.yaml", "asyncapi.yaml"]) {
      const yamlText = readFileSync(join(packageDir, "bundle", name), "utf8");
      expect(yamlText.split("\n")[0], name).toMatch(/^# GENERATED/);
    }
  });

  it("has a committed bundle that matches the sources", () => {
    // Throws (exit code 1) when bundle/ differs from what src/ produces.
    const output = execFileSync("node", [join(packageDir, "scripts", "bundle.mjs"), "--check"], {
      cwd: packageDir,
      encoding: "utf8",
    });
    expect(output).toMatch(/up to date/);
  }, 60_000);
});
