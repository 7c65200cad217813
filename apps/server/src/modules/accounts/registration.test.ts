import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const password = "New-acc0unt!";
let n = 0;
function registration(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    firstname: "Nina",
    lastname: "Nieuw",
    email: `nina-${n}-${Date.now()}@example.test`,
    password,
    confirmPassword: password,
    languageCode: "nl",
    ...overrides,
  };
}

function codeIn(body: string): string {
  const match = /\b(\d{6})\b/.exec(body);
  if (!match) throw new Error(`No code in ${body}`);
  return match[1]!;
}

describe("registration with a one-time code", () => {
  it("e-mails a 6-digit code in the chosen language; the code completes the registration and signs in", async () => {
    const input = registration();
    const started = await ctx.app.inject({ method: "POST", url: "/api/register", payload: input });
    expect(started.statusCode).toBe(200);
    expectToMatchContract("register", started);
    expect(started.json()).toMatchObject({ status: "success", user: null, token: null });

    const mail = await ctx.smtp.nextFor(input.email);
    expect(mail.subject).toBe("Je Parley-verificatiecode");
    const otp = codeIn(mail.body);

    const done = await ctx.app.inject({ method: "POST", url: "/api/validate-otp", payload: { email: input.email, otp } });
    expect(done.statusCode).toBe(200);
    expectToMatchContract("validateOtp", done);
    const body = done.json();
    expect(body.user).toMatchObject({ email: input.email, role: "customer_so", customerId: null, showWizard: true, languageCode: "nl" });

    const check = await ctx.app.inject({
      method: "POST",
      url: "/api/validate-token",
      headers: bearer(body.token),
      payload: { token: body.token },
    });
    expect(check.json().payload.role).toBe("customer_so");

    const login = await ctx.app.inject({ method: "POST", url: "/api/login", payload: { username: input.email, password } });
    expect(login.statusCode).toBe(200);

    // Single use: the same code again is refused.
    const again = await ctx.app.inject({ method: "POST", url: "/api/validate-otp", payload: { email: input.email, otp } });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("invalid_otp");
  });

  it("answers 'Invalid code...' for a wrong code, and voids the code after 5 wrong tries", async () => {
    const input = registration({ languageCode: "en" });
    await ctx.app.inject({ method: "POST", url: "/api/register", payload: input });
    const otp = codeIn((await ctx.smtp.nextFor(input.email)).body);
    const wrong = otp === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await ctx.app.inject({ method: "POST", url: "/api/validate-otp", payload: { email: input.email, otp: wrong } });
      expect(response.statusCode).toBe(400);
      expectToMatchContract("validateOtp", response);
      expect(response.json()).toMatchObject({
        code: "invalid_otp",
        message: "Invalid code, please check your email for the correct code.",
      });
    }
    const right = await ctx.app.inject({ method: "POST", url: "/api/validate-otp", payload: { email: input.email, otp } });
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe("invalid_otp");
  });

  it("refuses an expired code", async () => {
    const input = registration();
    await ctx.app.inject({ method: "POST", url: "/api/register", payload: input });
    const otp = codeIn((await ctx.smtp.nextFor(input.email)).body);
    await ctx.database.db.query("UPDATE pending_registrations SET expires_at = now() - interval '1 second' WHERE email = lower($1)", [
      input.email,
    ]);
    const response = await ctx.app.inject({ method: "POST", url: "/api/validate-otp", payload: { email: input.email, otp } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("invalid_otp");
  });

  it("answers 409 'This account already exists, try logging in' for a used address", async () => {
    const { user } = await ctx.createUser({ role: "customer" });
    for (const [operationId, url, payload] of [
      ["register", "/api/register", registration({ email: user.email })],
      ["validateEmail", "/api/validate-email", { email: user.email }],
    ] as const) {
      const response = await ctx.app.inject({ method: "POST", url, payload });
      expect(response.statusCode).toBe(409);
      expectToMatchContract(operationId, response);
      expect(response.json()).toMatchObject({ code: "account_exists", message: "This account already exists, try logging in" });
    }
    const free = await ctx.app.inject({ method: "POST", url: "/api/validate-email", payload: { email: "free@example.test" } });
    expect(free.statusCode).toBe(200);
    expectToMatchContract("validateEmail", free);
  });

  it("points at the field at fault: mismatched confirmation, weak password, missing language", async () => {
    const mismatch = await ctx.app.inject({ method: "POST", url: "/api/register", payload: registration({ confirmPassword: "Other-pass1!" }) });
    expect(mismatch.statusCode).toBe(400);
    expectToMatchContract("register", mismatch);
    expect(mismatch.json()).toMatchObject({ code: "passwords_do_not_match", errors: [{ path: "confirmPassword" }] });

    const weak = await ctx.app.inject({
      method: "POST",
      url: "/api/register",
      payload: registration({ password: "alllowercase", confirmPassword: "alllowercase" }),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: "validation_failed", errors: [{ path: "password" }] });

    const { languageCode: _omitted, ...withoutLanguage } = registration();
    const noLanguage = await ctx.app.inject({ method: "POST", url: "/api/register", payload: withoutLanguage });
    expect(noLanguage.statusCode).toBe(400);
    // Spec 01 §5: a language must be selected before registering; the server says so in the form's words.
    expect(noLanguage.json().errors).toContainEqual({ path: "languageCode", message: "Please select a language" });
    const blankLanguage = await ctx.app.inject({ method: "POST", url: "/api/register", payload: registration({ languageCode: "" }) });
    expect(blankLanguage.json()).toMatchObject({ message: "languageCode: Please select a language", errors: [{ path: "languageCode", message: "Please select a language" }] });

    // A password too short and one without a digit get the same words: the schema's length check says the rule, not Ajv's text.
    const rule = "Use at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character";
    for (const password of ["Ab1!", "Abcdefgh!"]) {
      const refused = await ctx.app.inject({ method: "POST", url: "/api/register", payload: registration({ password, confirmPassword: password }) });
      expect(refused.statusCode, password).toBe(400);
      expect(refused.json(), password).toMatchObject({ code: "validation_failed", errors: [{ path: "password", message: rule }] });
      expect(refused.json().message, password).toContain(rule);
    }
    const badEmail = await ctx.app.inject({ method: "POST", url: "/api/register", payload: registration({ email: "not-an-address" }) });
    expect(badEmail.json().errors).toContainEqual({ path: "email", message: "Please enter a valid email address" });

    const blankNames = registration({ firstname: "   ", lastname: " \t" });
    const noNames = await ctx.app.inject({ method: "POST", url: "/api/register", payload: blankNames });
    expect(noNames.statusCode).toBe(400);
    expectToMatchContract("register", noNames);
    expect(noNames.json().errors).toEqual([
      { path: "firstname", message: "This field is required" },
      { path: "lastname", message: "This field is required" },
    ]);
    expect(ctx.smtp.received.filter((mail) => mail.to.includes(blankNames.email))).toHaveLength(0);
  });
});

describe("registration rate limit", () => {
  it("refuses more registration attempts for one address than the limit allows, with 429 rate_limited", async () => {
    const input = registration();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await ctx.app.inject({ method: "POST", url: "/api/register", payload: input });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expectToMatchContract("register", response);
        expect(response.json().code).toBe("rate_limited");
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("password reset", () => {
  function tokenIn(body: string): string {
    const match = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(body);
    if (!match) throw new Error(`No reset link in ${body}`);
    return match[1]!;
  }

  it("gives the same answer for unknown addresses and sends nothing", async () => {
    const response = await ctx.app.inject({ method: "POST", url: "/api/password-reset/request", payload: { email: "ghost@example.test" } });
    expect(response.statusCode).toBe(200);
    expectToMatchContract("requestPasswordReset", response);
    const { user } = await ctx.createUser({ role: "customer" });
    const known = await ctx.app.inject({ method: "POST", url: "/api/password-reset/request", payload: { email: user.email } });
    expect(known.json()).toEqual(response.json());
    await ctx.smtp.nextFor(user.email);
    expect(ctx.smtp.received.some((mail) => mail.to.includes("ghost@example.test"))).toBe(false);
  });

  it("resets once with the e-mailed link, revokes older tokens, and the link cannot be reused", async () => {
    const { user, token: oldToken } = await ctx.createUser({ role: "customer" });
    await ctx.app.inject({ method: "POST", url: "/api/password-reset/request", payload: { email: user.email } });
    const resetToken = tokenIn((await ctx.smtp.nextFor(user.email)).body);
    const newPassword = "Brand-new-pass1!";

    const reset = await ctx.app.inject({
      method: "POST",
      url: "/api/password-reset/reset",
      payload: { token: resetToken, password: newPassword, confirmPassword: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expectToMatchContract("resetPassword", reset);

    const old = await ctx.app.inject({ method: "GET", url: "/api/configurations/search", headers: bearer(oldToken) });
    expect(old.statusCode).toBe(401);

    const login = await ctx.app.inject({ method: "POST", url: "/api/login", payload: { username: user.email, password: newPassword } });
    expect(login.statusCode).toBe(200);

    const reuse = await ctx.app.inject({
      method: "POST",
      url: "/api/password-reset/reset",
      payload: { token: resetToken, password: "Another-pass1!", confirmPassword: "Another-pass1!" },
    });
    expect(reuse.statusCode).toBe(400);
    expectToMatchContract("resetPassword", reuse);
    expect(reuse.json()).toMatchObject({ code: "password_reset_failed", message: "Something went wrong." });
  });

  it("links each account to the sign-in of its own portal", async () => {
    const linkFor = async (role: "admin" | "customer" | "customer_so") => {
      const { user } = await ctx.createUser({ role });
      await ctx.app.inject({ method: "POST", url: "/api/password-reset/request", payload: { email: user.email } });
      return /http:\/\/portal\.test\S*reset-password\?token=/.exec((await ctx.smtp.nextFor(user.email)).body)?.[0];
    };
    expect(await linkFor("admin")).toBe("http://portal.test/admin/reset-password?token=");
    expect(await linkFor("customer")).toBe("http://portal.test/reset-password?token=");
    expect(await linkFor("customer_so")).toBe("http://portal.test/reset-password?token=");
  });

  it("refuses an expired link", async () => {
    const { user } = await ctx.createUser({ role: "customer" });
    await ctx.app.inject({ method: "POST", url: "/api/password-reset/request", payload: { email: user.email } });
    const resetToken = tokenIn((await ctx.smtp.nextFor(user.email)).body);
    await ctx.database.db.query("UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1", [user.id]);
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/password-reset/reset",
      payload: { token: resetToken, password: "Brand-new-pass1!", confirmPassword: "Brand-new-pass1!" },
    });
    expect(response.json().code).toBe("password_reset_failed");
  });
});

describe("session calls", () => {
  it("refresh_password sets the password and clears forceRefreshPassword", async () => {
    const { user, token } = await ctx.createUser({ role: "customer" });
    await ctx.database.db.query("UPDATE users SET force_refresh_password = true WHERE id = $1", [user.id]);
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/users/refresh_password",
      headers: bearer(token),
      payload: { password: "Refreshed-pass1!", confirmPassword: "Refreshed-pass1!" },
    });
    expect(response.statusCode).toBe(200);
    expectToMatchContract("refreshPassword", response);
    const login = await ctx.app.inject({ method: "POST", url: "/api/login", payload: { username: user.email, password: "Refreshed-pass1!" } });
    expect(login.json().forceRefreshPassword).toBe(false);
  });

  it("update_show_instructions changes the caller's flags and answers 404 for another user", async () => {
    const { user, token } = await ctx.createUser({ role: "customer_so" });
    const { user: other } = await ctx.createUser({ role: "customer_so" });
    const own = await ctx.app.inject({
      method: "POST",
      url: "/api/users/update_show_instructions",
      headers: bearer(token),
      payload: { _id: user.id, showInstructions: true, showWizard: false },
    });
    expect(own.statusCode).toBe(200);
    expectToMatchContract("updateShowInstructions", own);
    const login = await ctx.app.inject({ method: "POST", url: "/api/validate-token-login", headers: bearer(token), payload: { token } });
    // Not checked with expectToMatchContract: the contract's answer is allOf(User, {status: "success"}),
    // and User.status only allows active/inactive, so no body can match it (reported to the contract).
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ status: "success", id: user.id, token, showInstructions: true, showWizard: false });

    const foreign = await ctx.app.inject({
      method: "POST",
      url: "/api/users/update_show_instructions",
      headers: bearer(token),
      payload: { _id: other.id, showInstructions: true },
    });
    expect(foreign.statusCode).toBe(404);
    expectToMatchContract("updateShowInstructions", foreign);
  });

  it("auth methods say google false without GOOGLE_CLIENT_ID/SECRET", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/auth/methods" });
    expectToMatchContract("getAuthMethods", response);
    expect(response.json()).toEqual({ google: false, password: true });
  });

  it("availability is stored for the caller", async () => {
    const { user, token } = await ctx.createUser({ role: "customer" });
    const response = await ctx.app.inject({ method: "POST", url: "/api/users/availability", headers: bearer(token), payload: { is_available: false } });
    expectToMatchContract("setUserAvailability", response);
    expect(response.json().data).toEqual({ user_id: user.id, is_available: false });
  });
});
