import { describe, expect, it } from "vitest";
import { failureText } from "./failureText.test-support";
import { ValidationError } from "yup";
import { isValidationIssue } from "./messages";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  newPasswordSchema,
  registrationSchema,
  resetPasswordSchema,
  validateOtpSchema,
} from "./auth";

/** The failures' keys by field: the schemas fail with keys, which the portals translate. */
async function errorsOf(promise: Promise<unknown>): Promise<Record<string, string[]>> {
  try {
    await promise;
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const byPath: Record<string, string[]> = {};
    for (const inner of error.inner)
      (byPath[inner.path ?? ""] ??= []).push(
        ...inner.errors.map((issue: unknown) => (isValidationIssue(issue) ? issue.key : String(issue))),
      );
    return byPath;
  }
}

const registration = {
  firstname: "Ada",
  lastname: "Lovelace",
  email: "ada@example.test",
  password: "Demo!2345",
  confirmPassword: "Demo!2345",
  languageCode: "nl",
};

describe("registration", () => {
  it("accepts a complete registration and trims names", async () => {
    const value = await registrationSchema.validate({ ...registration, firstname: "  Ada " });
    expect(value.firstname).toBe("Ada");
  });

  it("requires every field, a valid email and matching passwords", async () => {
    const errors = await errorsOf(
      registrationSchema.validate(
        { firstname: " ", email: "not-an-email", password: "Demo!2345", confirmPassword: "Demo!2346" },
        { abortEarly: false },
      ),
    );
    expect(errors).toEqual({
      firstname: ["field_required"],
      lastname: ["field_required"],
      email: ["invalid_email"],
      confirmPassword: ["passwords_do_not_match"],
      languageCode: ["language_required"],
    });
  });

  it("requires one of the five interface languages", async () => {
    for (const languageCode of ["en", "nl", "de", "es", "fr"]) {
      await expect(registrationSchema.validate({ ...registration, languageCode })).resolves.toBeTruthy();
    }
    expect(await failureText(registrationSchema.validate({ ...registration, languageCode: "ar" }))).toContain(
      "Please select a language",
    );
  });
});

describe("sign-in and password forms", () => {
  it("needs username and password to sign in", async () => {
    await expect(loginSchema.validate({ username: "a@b.test", password: "x" })).resolves.toBeTruthy();
    expect(await errorsOf(loginSchema.validate({}, { abortEarly: false }))).toEqual({
      username: ["field_required"],
      password: ["field_required"],
    });
  });

  it("signs in with an e-mail address only, as the username is one", async () => {
    for (const username of ["chris", "chris@", "@demo.test", "chris demo@demo.test"]) {
      expect(
        await errorsOf(loginSchema.validate({ username, password: "x" }, { abortEarly: false })),
        username,
      ).toEqual({ username: ["invalid_email"] });
    }
    await expect(
      loginSchema.validate({ username: "  chris@demo.test ", password: "x" }),
    ).resolves.toMatchObject({ username: "chris@demo.test" });
  });

  it("needs a valid email to send a reset link", async () => {
    await expect(forgotPasswordSchema.validate({ email: "a@b.test" })).resolves.toEqual({
      email: "a@b.test",
    });
    expect(await failureText(forgotPasswordSchema.validate({ email: "a@" }))).toContain(
      "Please enter a valid email address",
    );
  });

  it("needs a token and a strong, confirmed password to reset", async () => {
    await expect(
      resetPasswordSchema.validate({ token: "t", password: "Demo!2345", confirmPassword: "Demo!2345" }),
    ).resolves.toBeTruthy();
    expect(
      await errorsOf(
        resetPasswordSchema.validate({ password: "short", confirmPassword: "short" }, { abortEarly: false }),
      ),
    ).toMatchObject({ token: ["field_required"] });
    expect(
      await failureText(newPasswordSchema.validate({ password: "Demo!2345", confirmPassword: "" })),
    ).toContain("This field is required");
  });

  it("refuses an e-mail address over 254 characters and a password over 128, as the server does", async () => {
    const address = (lastLabel: number) =>
      `${"a".repeat(64)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(lastLabel)}.example`;
    expect(address(59)).toHaveLength(254);
    await expect(forgotPasswordSchema.validate({ email: address(59) })).resolves.toBeTruthy();
    expect(await failureText(forgotPasswordSchema.validate({ email: address(60) }))).toBe(
      "Use at most 254 characters",
    );
    const password = `Aa1!${"x".repeat(125)}`;
    expect(await failureText(newPasswordSchema.validate({ password, confirmPassword: password }))).toBe(
      "Use at most 128 characters",
    );
    expect(await failureText(loginSchema.validate({ username: "a@b.test", password }))).toBe(
      "Use at most 128 characters",
    );
  });

  it("needs a six-digit code", async () => {
    await expect(validateOtpSchema.validate({ email: "a@b.test", otp: "123456" })).resolves.toBeTruthy();
    expect(await failureText(validateOtpSchema.validate({ email: "a@b.test", otp: "12345" }))).toContain(
      "Invalid code, please check your email for the correct code.",
    );
  });
});

describe("a signed-in user's own password change", () => {
  it("needs the current password and a new, strong, confirmed one that differs from it", async () => {
    await expect(
      changePasswordSchema.validate({
        currentPassword: "Demo!2345",
        password: "N3w!Password",
        confirmPassword: "N3w!Password",
      }),
    ).resolves.toBeTruthy();
    const errors = await errorsOf(
      changePasswordSchema.validate(
        { currentPassword: "", password: "weak", confirmPassword: "" },
        { abortEarly: false },
      ),
    );
    expect(Object.keys(errors).sort()).toEqual(["confirmPassword", "currentPassword", "password"]);
    expect(errors.currentPassword).toEqual(["field_required"]);
    const same = await errorsOf(
      changePasswordSchema.validate(
        { currentPassword: "Demo!2345", password: "Demo!2345", confirmPassword: "Demo!2345" },
        { abortEarly: false },
      ),
    );
    expect(same).toEqual({ password: ["password_unchanged"] });
  });
});
