import { describe, expect, it } from "vitest";
import { failureText } from "./failureText.test-support";
import { object } from "yup";
import {
  isStrongPassword,
  missingPasswordRequirements,
  passwordConfirmationSchema,
  passwordMinLength,
  passwordSchema,
  passwordTooWeakMessage,
} from "./password";


describe("password strength", () => {
  it("accepts exactly 8 characters with every kind", () => {
    expect(passwordMinLength).toBe(8);
    expect(isStrongPassword("Demo!234")).toBe(true);
    expect(isStrongPassword("Demo!2345")).toBe(true);
  });

  it("refuses 7 characters", () => {
    expect(missingPasswordRequirements("Dem!234")).toEqual(["length"]);
  });

  it("names each missing kind", () => {
    expect(missingPasswordRequirements("demo!2345")).toEqual(["uppercase"]);
    expect(missingPasswordRequirements("DEMO!2345")).toEqual(["lowercase"]);
    expect(missingPasswordRequirements("Demo!abcd")).toEqual(["digit"]);
    expect(missingPasswordRequirements("Demo12345")).toEqual(["special"]);
    expect(missingPasswordRequirements("Demo 12345")).toEqual(["special"]);
    expect(missingPasswordRequirements("")).toEqual(["length", "uppercase", "lowercase", "digit", "special"]);
  });

  it("counts letters beyond ASCII", () => {
    expect(isStrongPassword("Ünïcode1€")).toBe(true);
  });
});

describe("password schemas", () => {
  const schema = object({ password: passwordSchema(), confirmPassword: passwordConfirmationSchema() });

  it("requires matching confirmation", async () => {
    await expect(
      schema.validate({ password: "Demo!2345", confirmPassword: "Demo!2345" }),
    ).resolves.toBeTruthy();
    expect(await failureText(schema.validate({ password: "Demo!2345", confirmPassword: "Demo!2346" }))).toContain(
      "Passwords do not match",
    );
  });

  it("requires a strong password with the catalogue-style message", async () => {
    expect(passwordTooWeakMessage).toContain("at least 8 characters");
    expect(await failureText(schema.validate({ password: "weak", confirmPassword: "weak" }))).toContain(
      passwordTooWeakMessage,
    );
    await expect(schema.validate({ confirmPassword: "x" }, { abortEarly: false })).rejects.toMatchObject({
      errors: [{ key: "field_required" }, { key: "passwords_do_not_match" }],
    });
    expect(await failureText(schema.validate({ password: "Demo!2345", confirmPassword: "" }))).toContain(
      "This field is required",
    );
  });
});
