import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultRateLimits } from "../../platform/http/rate-limits";
import { bearer, createTestContext, expectToMatchContract, testPassword, type TestContext } from "../../test/context";

const limitMs = 600;
// Long beside an argon2 check even on a loaded machine, so the wait is told apart from the work.
const slowdownMs = 2_000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    transactionTimeoutMs: limitMs,
    rateLimits: {
      ...defaultRateLimits,
      login: {
        address: { max: 1_000, window: 60_000 },
        accountAtAddress: { max: 5, window: 60_000 },
        accountSlowdown: { after: 5, window: 60_000, delayMs: slowdownMs, maxDelayMs: slowdownMs },
      },
    },
  });
});
afterAll(async () => {
  await ctx?.close();
});

const stillAnswers = async (token: string) =>
  (await ctx.app.inject({ method: "GET", url: "/api/configurations/search", headers: bearer(token) })).statusCode;

const login = (username: string, password: string, remoteAddress = "127.0.0.1") =>
  ctx.app.inject({ method: "POST", url: "/api/login", payload: { username, password }, remoteAddress });

describe("no request can hold the database", () => {
  it("refuses a session token as a reset token at once, for a user no cache has seen, and the server goes on", async () => {
    // Written straight to the database: the session cache has never read this user, which is what made
    // the old code query around its own transaction and hang the embedded database.
    const { token } = await ctx.createUser({ role: "customer_so" });
    const reset = await ctx.app.inject({
      method: "POST",
      url: "/api/password-reset/reset",
      payload: { token, password: "Brand-new-pass1!", confirmPassword: "Brand-new-pass1!" },
    });
    expect(reset.statusCode).toBe(400);
    expectToMatchContract("resetPassword", reset);
    expect(reset.json().code).toBe("password_reset_failed");
    expect((await ctx.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    expect(await stillAnswers(token)).toBe(200);
  });

  it("answers /api/health while a stuck request holds a transaction", async () => {
    let stuckOutcome: unknown;
    const stuck = ctx.database.db
      .transaction(async (tx) => {
        await tx.query("SELECT 1");
        await new Promise(() => undefined);
      })
      .catch((error: unknown) => (stuckOutcome = error));
    const started = Date.now();
    const health = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expectToMatchContract("getHealth", health);
    expect(Date.now() - started).toBeLessThan(limitMs * 5);
    await stuck;
    expect(stuckOutcome).toMatchObject({ name: "TransactionTimeoutError" });
  });
});

describe("changing a password", () => {
  it("asks a user who is not forced to for the current password, and ends every other session", async () => {
    const { user, token: first } = await ctx.createUser({ role: "customer" });
    const second = (await login(user.email, testPassword)).json().token as string;
    const change = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: "POST", url: "/api/users/refresh_password", headers: bearer(first), payload });

    const missing = await change({ password: "Changed-pass1!", confirmPassword: "Changed-pass1!" });
    expect(missing.statusCode).toBe(400);
    expectToMatchContract("refreshPassword", missing);
    expect(missing.json().errors).toEqual([{ path: "currentPassword", message: "This field is required" }]);

    const wrong = await change({ password: "Changed-pass1!", currentPassword: "Not-my-pass1!" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "invalid_credentials", errors: [{ path: "currentPassword" }] });
    expect(await stillAnswers(first)).toBe(200);

    const done = await change({ password: "Changed-pass1!", confirmPassword: "Changed-pass1!", currentPassword: testPassword });
    expect(done.statusCode).toBe(200);
    expectToMatchContract("refreshPassword", done);
    const renewed = done.json().token as string;
    expect(await stillAnswers(first)).toBe(401);
    expect(await stillAnswers(second)).toBe(401);
    expect(await stillAnswers(renewed)).toBe(200);
    expect((await login(user.email, testPassword)).statusCode).toBe(401);
    expect((await login(user.email, "Changed-pass1!")).statusCode).toBe(200);
  });

  it("sets one password when two changes with the current one come at once, and refuses the other", async () => {
    const { user, token } = await ctx.createUser({ role: "customer" });
    const change = (password: string) =>
      ctx.app.inject({ method: "POST", url: "/api/users/refresh_password", headers: bearer(token), payload: { password, currentPassword: testPassword } });
    const answers = await Promise.all([change("First-pass1!"), change("Second-pass1!")]);
    for (const answer of answers) expectToMatchContract("refreshPassword", answer);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? "First-pass1!" : "Second-pass1!";
    expect((await login(user.email, winner)).statusCode).toBe(200);
  });

  it("lets a user who must refresh the password do so without the old one", async () => {
    const { user, token } = await ctx.createUser({ role: "customer_so" });
    await ctx.database.db.query("UPDATE users SET force_refresh_password = true WHERE id = $1", [user.id]);
    const done = await ctx.app.inject({
      method: "POST",
      url: "/api/users/refresh_password",
      headers: bearer(token),
      payload: { password: "Forced-pass1!", confirmPassword: "Forced-pass1!" },
    });
    expect(done.statusCode).toBe(200);
    expect(await stillAnswers(token)).toBe(401);
    expect(await stillAnswers(done.json().token)).toBe(200);
    expect((await login(user.email, "Forced-pass1!")).json().forceRefreshPassword).toBe(false);
  });
});

describe("a reset link", () => {
  it("sets the password once when used twice at the same moment, and ends every session", async () => {
    const { user, token } = await ctx.createUser({ role: "customer" });
    await ctx.app.inject({ method: "POST", url: "/api/password-reset/request", payload: { email: user.email } });
    const link = /reset-password\?token=([A-Za-z0-9_-]+)/.exec((await ctx.smtp.nextFor(user.email)).body)![1]!;
    const use = (password: string) =>
      ctx.app.inject({ method: "POST", url: "/api/password-reset/reset", payload: { token: link, password, confirmPassword: password } });
    const answers = await Promise.all([use("First-pass1!"), use("Second-pass1!")]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? "First-pass1!" : "Second-pass1!";
    expect((await login(user.email, winner)).statusCode).toBe(200);
    expect(await stillAnswers(token)).toBe(401);
  });
});

describe("checking a reset link", () => {
  const check = (token: string) => ctx.app.inject({ method: "POST", url: "/api/password-reset/check", payload: { token } });
  async function freshLink() {
    const { user } = await ctx.createUser({ role: "customer" });
    await ctx.app.inject({ method: "POST", url: "/api/password-reset/request", payload: { email: user.email } });
    return { user, link: /reset-password\?token=([A-Za-z0-9_-]+)/.exec((await ctx.smtp.nextFor(user.email)).body)![1]! };
  }

  it("says a fresh link is usable without spending it, and a used, expired or unknown one alike is not", async () => {
    const { user, link } = await freshLink();
    const first = await check(link);
    expect(first.statusCode).toBe(200);
    expectToMatchContract("checkPasswordResetToken", first);
    expect(first.json()).toEqual({ valid: true });
    // Checked twice, still not spent: the reset goes through.
    expect((await check(link)).json()).toEqual({ valid: true });
    const reset = await ctx.app.inject({
      method: "POST",
      url: "/api/password-reset/reset",
      payload: { token: link, password: "Checked-pass1!", confirmPassword: "Checked-pass1!" },
    });
    expect(reset.statusCode).toBe(200);

    const used = await check(link);
    const unknown = await check("no-such-token-0123456789abcdef");
    expect(used.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(used.json()).toEqual({ valid: false });
    expect(unknown.body).toBe(used.body);

    const expired = await freshLink();
    await ctx.database.db.query("UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1", [expired.user.id]);
    expect((await check(expired.link)).body).toBe(used.body);
    expect((await login(user.email, "Checked-pass1!")).statusCode).toBe(200);
  });

  it("shares the reset call's limit per token", async () => {
    const { link } = await freshLink();
    const { max } = defaultRateLimits.passwordReset.account;
    for (let i = 0; i < max; i++) expect((await check(link)).statusCode).toBe(200);
    const refused = await check(link);
    expect(refused.statusCode).toBe(429);
    expectToMatchContract("checkPasswordResetToken", refused);
    const reset = await ctx.app.inject({
      method: "POST",
      url: "/api/password-reset/reset",
      payload: { token: link, password: "Limited-pass1!", confirmPassword: "Limited-pass1!" },
    });
    expect(reset.statusCode).toBe(429);
  });
});

describe("tokens", () => {
  const key = new TextEncoder().encode("test-secret-that-is-long-enough-for-hs256-0123456789");
  const sign = (sub: string | undefined, withExpiry: boolean) => {
    let jwt = new SignJWT({ role: "admin", customerId: null, ver: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("parley")
      .setAudience("parley-portal")
      .setIssuedAt();
    if (sub !== undefined) jwt = jwt.setSubject(sub);
    if (withExpiry) jwt = jwt.setExpirationTime("1h");
    return jwt.sign(key);
  };

  it("answers 401 for a well-signed token whose subject is not a user id, or that never expires", async () => {
    const { user } = await ctx.createUser({ role: "admin" });
    expect(await stillAnswers(await sign(user.id, true))).toBe(200);
    for (const token of [await sign(user.id, false), await sign("not-a-uuid", true), await sign("1' OR '1'='1", true), await sign(undefined, true)]) {
      const response = await ctx.app.inject({ method: "GET", url: "/api/configurations/search", headers: bearer(token) });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("invalid_token");
    }
  });

  it("are checked from the body by validate-token and validate-token-login, with or without a header, in the spec's words", async () => {
    const { user, token } = await ctx.createUser({ role: "customer", customerId: await ctx.createCustomer("Guard Co") });
    const check = (url: string, body: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: "POST", url, headers, payload: { token: body } });
    for (const headers of [{}, bearer(token), bearer("stale-or-foreign")]) {
      const valid = await check("/api/validate-token", token, headers);
      expect(valid.statusCode, JSON.stringify(headers)).toBe(200);
      expectToMatchContract("validateToken", valid);
      expect(valid.json().payload).toMatchObject({ id: user.id, role: "customer" });
      const login = await check("/api/validate-token-login", token, headers);
      expect(login.statusCode, JSON.stringify(headers)).toBe(200);
      expectToMatchContract("validateTokenLogin", login);
      expect(login.json()).toMatchObject({ status: "success", id: user.id, token });
    }
    const expired = await new SignJWT({ role: "customer", customerId: user.customer_id, ver: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("parley")
      .setAudience("parley-portal")
      .setSubject(user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    for (const bad of ["not-a-token", expired, await sign(user.id, false)]) {
      // The route guard's check: 'Token validation failed' (spec 02 §8); signing in with a token: 'Invalid token'.
      const guard = await check("/api/validate-token", bad, bearer(token));
      expect(guard.statusCode).toBe(401);
      expectToMatchContract("validateToken", guard);
      expect(guard.json()).toMatchObject({ code: "token_validation_failed", message: "Token validation failed" });
      const login = await check("/api/validate-token-login", bad);
      expect(login.statusCode).toBe(401);
      expectToMatchContract("validateTokenLogin", login);
      expect(login.json()).toMatchObject({ code: "invalid_token", message: "Invalid token" });
    }
  });

  it("keeps a deactivated user's tokens dead after reactivation", async () => {
    const { token: admin } = await ctx.createUser({ role: "admin" });
    const { user, token } = await ctx.createUser({ role: "customer", customerId: await ctx.createCustomer("Paused Co") });
    const save = (status: "active" | "inactive") =>
      ctx.app.inject({
        method: "POST",
        url: "/api/users/add_or_update",
        headers: bearer(admin),
        payload: {
          id: user.id,
          customerId: user.customer_id,
          username: user.username,
          firstname: user.firstname,
          lastname: user.lastname,
          email: user.email,
          role: user.role,
          status,
        },
      });
    expect(await stillAnswers(token)).toBe(200);
    expect((await save("inactive")).statusCode).toBe(200);
    expect(await stillAnswers(token)).toBe(401);
    expect((await login(user.email, testPassword)).statusCode).toBe(403);
    expect((await save("active")).statusCode).toBe(200);
    expect(await stillAnswers(token)).toBe(401);
    const again = await login(user.email, testPassword);
    expect(again.statusCode).toBe(200);
    expect(await stillAnswers(again.json().token)).toBe(200);
  });
});

describe("wrong passwords", () => {
  it("never let a stranger lock the owner out: the stranger's address is limited, the owner still signs in", async () => {
    const { user } = await ctx.createUser({ role: "customer" });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) statuses.push((await login(user.email, "Guessing-pass1!", "203.0.113.9")).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);

    // Other addresses spraying the same account are slowed down, not refused.
    const started = Date.now();
    expect((await login(user.email, "Guessing-pass1!", "198.51.100.20")).statusCode).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(slowdownMs - 50);

    const owner = await login(user.email, testPassword, "192.0.2.44");
    expect(owner.statusCode).toBe(200);
    // Signing in clears the slowdown.
    const after = Date.now();
    expect((await login(user.email, "Typo-pass1!", "192.0.2.44")).statusCode).toBe(401);
    expect(Date.now() - after).toBeLessThan(slowdownMs - 50);
  });
});

describe("right passwords", () => {
  it("are never counted against the account at its address: signing in often from one place always works", async () => {
    const { user } = await ctx.createUser({ role: "customer" });
    const statuses: number[] = [];
    // The limit per account and address is 5 here; twice that many sign-ins all get in.
    for (let attempt = 0; attempt < 10; attempt++) statuses.push((await login(user.email, testPassword, "192.0.2.61")).statusCode);
    expect(statuses).toEqual(Array(10).fill(200));
  });

  it("clear the wrong ones counted before", async () => {
    const { user } = await ctx.createUser({ role: "customer" });
    for (let attempt = 0; attempt < 4; attempt++) expect((await login(user.email, "Typo-pass1!", "192.0.2.62")).statusCode).toBe(401);
    expect((await login(user.email, testPassword, "192.0.2.62")).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) expect((await login(user.email, "Typo-pass1!", "192.0.2.62")).statusCode).toBe(401);
  });
});

describe("adding users", () => {
  it("does not tell a customer which addresses other tenants' users have", async () => {
    const mine = await ctx.createCustomer("Mine Co");
    const { user: foreign } = await ctx.createUser({ role: "customer", customerId: await ctx.createCustomer("Theirs Co") });
    const { user: colleague, token } = await ctx.createUser({ role: "customer", customerId: mine });
    const add = (email: string, as = token) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/users/add_or_update",
        headers: bearer(as),
        payload: { username: email, firstname: "New", lastname: "User", email, role: "customer", password: "Fresh-pass1!" },
      });
    const foreignAnswer = await add(foreign.email);
    expect(foreignAnswer.statusCode).toBe(400);
    expectToMatchContract("addOrUpdateUser", foreignAnswer);
    expect(foreignAnswer.body).not.toMatch(/exists|Theirs/i);
    expect(foreignAnswer.json().errors).toEqual([{ path: "email", message: "This e-mail address cannot be used; choose another one" }]);
    // Its own users it knows anyway.
    expect((await add(colleague.email)).statusCode).toBe(409);
    const { token: admin } = await ctx.createUser({ role: "admin" });
    expect((await add(foreign.email, admin)).json().code).toBe("account_exists");
  });
});
