import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, testPassword, type TestContext } from "../../test/context";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe("POST /api/login", () => {
  it("signs in with the e-mail address and answers the user, a token and the session flags", async () => {
    const { user } = await ctx.createUser({ role: "customer", customerId: await ctx.createCustomer("Login Co") });
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: user.email.toUpperCase(), password: testPassword },
    });
    expect(response.statusCode).toBe(200);
    expectToMatchContract("login", response);
    const body = response.json();
    expect(body.user).toMatchObject({ id: user.id, email: user.email, role: "customer" });
    expect(body.user).not.toHaveProperty("password");
    expect(body.user).not.toHaveProperty("password_hash");
    expect(body.forceRefreshPassword).toBe(false);

    const check = await ctx.app.inject({
      method: "POST",
      url: "/api/validate-token",
      headers: bearer(body.token),
      payload: { token: body.token },
    });
    expect(check.statusCode).toBe(200);
    expectToMatchContract("validateToken", check);
    expect(check.json().payload).toMatchObject({ id: user.id, role: "customer", customerId: user.customer_id });
  });

  it("answers 401 invalid_credentials for a wrong password and for an unknown address alike", async () => {
    const { user } = await ctx.createUser({ role: "admin" });
    for (const payload of [
      { username: user.email, password: "Wrong-password1!" },
      { username: "nobody@example.test", password: testPassword },
    ]) {
      const response = await ctx.app.inject({ method: "POST", url: "/api/login", payload });
      expect(response.statusCode).toBe(401);
      expectToMatchContract("login", response);
      expect(response.json()).toMatchObject({ code: "invalid_credentials", message: "Invalid login credentials" });
    }
  });

  it("refuses an inactive user with 403 account_inactive, and refuses their existing token", async () => {
    const { user, token } = await ctx.createUser({ role: "customer", status: "active" });
    await ctx.database.db.query("UPDATE users SET status = 'inactive' WHERE id = $1", [user.id]);
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: user.email, password: testPassword },
    });
    expect(response.statusCode).toBe(403);
    expectToMatchContract("login", response);
    expect(response.json().code).toBe("account_inactive");

    const list = await ctx.app.inject({ method: "GET", url: "/api/configurations/search", headers: bearer(token) });
    expect(list.statusCode).toBe(401);
    expect(list.json().code).toBe("invalid_token");
  });

  it("answers 400 validation_failed with the missing field's path", async () => {
    const response = await ctx.app.inject({ method: "POST", url: "/api/login", payload: { username: "a@b.test" } });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expectToMatchContract("login", response);
    expect(response.json()).toMatchObject({ code: "validation_failed", errors: [{ path: "password", message: "This field is required" }] });
  });

  it("answers 400 for a body that is not JSON, never 500", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("validation_failed");
  });

  it("rate-limits repeated attempts on one account with 429 rate_limited and Retry-After", async () => {
    const { user } = await ctx.createUser({ role: "customer" });
    let last;
    for (let attempt = 0; attempt < 11; attempt++) {
      last = await ctx.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username: user.email, password: "Wrong-password1!" },
      });
    }
    expect(last!.statusCode).toBe(429);
    expectToMatchContract("login", last!);
    expect(last!.json().code).toBe("rate_limited");
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
  });
});
