import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";

/** A loopback stand-in for Google's token and userinfo endpoints, speaking their wire format. */
let provider: Server;
let providerUrl: string;
const profiles: Record<string, { email: string; email_verified: boolean; given_name: string; family_name: string }> = {};
const seenTokenRequests: URLSearchParams[] = [];

beforeAll(async () => {
  provider = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      response.setHeader("content-type", "application/json");
      if (request.method === "POST" && request.url === "/token") {
        const form = new URLSearchParams(body);
        seenTokenRequests.push(form);
        const code = form.get("code") ?? "";
        if (form.get("client_secret") !== "google-secret" || !profiles[code]) {
          response.statusCode = 400;
          return response.end(JSON.stringify({ error: "invalid_grant" }));
        }
        return response.end(JSON.stringify({ access_token: `access-${code}`, token_type: "Bearer", expires_in: 3599 }));
      }
      if (request.method === "GET" && request.url === "/userinfo") {
        const code = (request.headers.authorization ?? "").replace("Bearer access-", "");
        const profile = profiles[code];
        if (!profile) {
          response.statusCode = 401;
          return response.end(JSON.stringify({ error: "invalid_token" }));
        }
        return response.end(JSON.stringify({ sub: `sub-${code}`, ...profile }));
      }
      response.statusCode = 404;
      response.end("{}");
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    google: {
      clientId: "google-client",
      clientSecret: "google-secret",
      redirectUrl: "http://portal.test/api/auth/google/callback",
      authUrl: "https://accounts.example.test/o/oauth2/v2/auth",
      tokenUrl: `${providerUrl}/token`,
      userInfoUrl: `${providerUrl}/userinfo`,
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((resolve) => provider?.close(() => resolve()));
});

async function start(query: string) {
  const response = await ctx.app.inject({ method: "GET", url: `/api/auth/google/start?${query}` });
  expect(response.statusCode).toBe(302);
  expectToMatchContract("startGoogleSignIn", response);
  const location = new URL(String(response.headers.location));
  const cookie = String(response.headers["set-cookie"]).split(";")[0]!;
  return { location, state: location.searchParams.get("state")!, cookie };
}

describe("Google sign-in", () => {
  it("is offered by /auth/methods when configured", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/auth/methods" });
    expect(response.json()).toEqual({ google: true, password: true });
  });

  it("redirects to Google, and the callback registers a new customer_so and hands the portal a token", async () => {
    profiles["code-new"] = { email: "gina@gmail.test", email_verified: true, given_name: "Gina", family_name: "Google" };
    const { location, state, cookie } = await start("portal=customer&languageCode=es");
    expect(location.origin + location.pathname).toBe("https://accounts.example.test/o/oauth2/v2/auth");
    expect(location.searchParams.get("client_id")).toBe("google-client");
    expect(location.searchParams.get("redirect_uri")).toBe("http://portal.test/api/auth/google/callback");

    const callback = await ctx.app.inject({
      method: "GET",
      url: `/api/auth/google/callback?code=code-new&state=${encodeURIComponent(state)}`,
      headers: { cookie },
    });
    expect(callback.statusCode).toBe(302);
    expectToMatchContract("googleSignInCallback", callback);
    const target = new URL(String(callback.headers.location));
    expect(target.origin + target.pathname).toBe("http://portal.test/login/google/callback");
    const token = target.searchParams.get("token")!;
    expect(seenTokenRequests.at(-1)?.get("grant_type")).toBe("authorization_code");

    const login = await ctx.app.inject({ method: "POST", url: "/api/validate-token-login", headers: bearer(token), payload: { token } });
    expect(login.json()).toMatchObject({ email: "gina@gmail.test", role: "customer_so", firstname: "Gina", languageCode: "es", showWizard: true });
  });

  it("registers a new address once when two first sign-ins with it come back at once (two tabs): both get a token, never a 500", async () => {
    profiles["code-twin-1"] = { email: "twin@gmail.test", email_verified: true, given_name: "Twin", family_name: "Tabs" };
    profiles["code-twin-2"] = profiles["code-twin-1"];
    const tabs = await Promise.all([start("portal=customer"), start("portal=customer")]);
    const callbacks = await Promise.all(
      tabs.map(({ state, cookie }, index) =>
        ctx.app.inject({ method: "GET", url: `/api/auth/google/callback?code=code-twin-${index + 1}&state=${encodeURIComponent(state)}`, headers: { cookie } }),
      ),
    );
    for (const callback of callbacks) {
      expect(callback.statusCode).toBe(302);
      expectToMatchContract("googleSignInCallback", callback);
      expect(new URL(String(callback.headers.location)).searchParams.get("token")).toBeTruthy();
    }
    expect(await ctx.database.db.query("SELECT id FROM users WHERE email = 'twin@gmail.test'")).toHaveLength(1);
  });

  it("signs an existing user in and returns to the admin portal when started there", async () => {
    const { user } = await ctx.createUser({ role: "admin", email: "ada@gmail.test" });
    profiles["code-admin"] = { email: "ada@gmail.test", email_verified: true, given_name: "Ada", family_name: "Admin" };
    const { state, cookie } = await start("portal=admin");
    const callback = await ctx.app.inject({
      method: "GET",
      url: `/api/auth/google/callback?code=code-admin&state=${encodeURIComponent(state)}`,
      headers: { cookie },
    });
    const target = new URL(String(callback.headers.location));
    expect(target.pathname).toBe("/admin/login/google/callback");
    const token = target.searchParams.get("token")!;
    const check = await ctx.app.inject({ method: "POST", url: "/api/validate-token", headers: bearer(token), payload: { token } });
    expect(check.json().payload).toMatchObject({ id: user.id, role: "admin" });
  });

  it("refuses a callback from another browser (no state cookie), a refused consent and an unverified address", async () => {
    profiles["code-unverified"] = { email: "shady@gmail.test", email_verified: false, given_name: "S", family_name: "H" };
    const { state, cookie } = await start("portal=customer");
    const cases = [
      { url: `/api/auth/google/callback?code=code-new&state=${encodeURIComponent(state)}`, headers: {} },
      { url: `/api/auth/google/callback?error=access_denied&state=${encodeURIComponent(state)}`, headers: { cookie } },
      { url: `/api/auth/google/callback?code=code-unverified&state=${encodeURIComponent(state)}`, headers: { cookie } },
      { url: `/api/auth/google/callback?code=unknown-code&state=${encodeURIComponent(state)}`, headers: { cookie } },
    ];
    for (const { url, headers } of cases) {
      const response = await ctx.app.inject({ method: "GET", url, headers });
      expect(response.statusCode).toBe(302);
      const target = new URL(String(response.headers.location));
      expect(target.searchParams.get("error")).toBe("login_failed");
      expect(target.searchParams.get("token")).toBeNull();
    }
    const shady = await ctx.database.db.query("SELECT 1 FROM users WHERE email = 'shady@gmail.test'");
    expect(shady).toHaveLength(0);
  });
});
