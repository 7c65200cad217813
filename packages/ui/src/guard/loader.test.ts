import { createParleyClient } from "@parley/sdk";
import type { LoaderFunctionArgs } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { clearSession, getSessionUser, setSession } from "../session/session";
import { createGuardLoader } from "./loader";

/** The guard of a portal whose server answers the token check with `payload`. */
function guardAnswering(payload: Record<string, unknown>) {
  const api = createParleyClient({
    baseUrls: { configurationServer: "http://portal.test/api", chatServer: "http://portal.test/api", chatbotBackend: "http://portal.test/api" },
    getToken: () => "a-token",
    fetch: async () => new Response(JSON.stringify({ status: "success", payload }), { status: 200, headers: { "content-type": "application/json" } }),
  });
  return createGuardLoader(api, "customer");
}

const navigation = (path: string) => ({ request: new Request(`http://portal.test${path}`), params: {}, context: undefined }) as unknown as LoaderFunctionArgs;

afterEach(() => clearSession());

describe("the route guard", () => {
  it("keeps the stored user in step with the token: a customer created since sign-in reaches the shell", async () => {
    setSession("a-token", { id: "u1", role: "customer_so", customerId: null, firstname: "Sam", lastname: "Setup", username: "sam@example.test" });
    const decision = await guardAnswering({ id: "u1", role: "customer_so", customerId: "c7" })("private")(navigation("/customer"));
    expect(decision).toMatchObject({ kind: "allow" });
    expect(getSessionUser()).toMatchObject({ role: "customer_so", customerId: "c7", firstname: "Sam" });
  });

  it("takes a changed role from the token", async () => {
    setSession("a-token", { id: "u1", role: "customer_so", customerId: "c7", firstname: "Sam", lastname: "Setup", username: "sam@example.test" });
    await guardAnswering({ id: "u1", role: "customer", customerId: "c7" })("private")(navigation("/customer"));
    expect(getSessionUser()?.role).toBe("customer");
  });
});
