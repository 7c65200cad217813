import { loginSchema, registrationSchema } from "@parley/domain/validation/auth";
import { validateYupSchema, yupToFormErrors } from "formik";
import { describe, expect, it } from "vitest";
import { yupMessages } from "./yupMessages";

/** What formik's validationSchema answers for the same values (the sign-in page used it before). */
async function formikMessages(schema: Parameters<typeof validateYupSchema>[1], values: Record<string, string>) {
  try {
    await validateYupSchema(values, schema);
    return {};
  } catch (error) {
    return yupToFormErrors(error);
  }
}

describe("yupMessages", () => {
  it("answers nothing for valid sign-in values", async () => {
    expect(await yupMessages(loginSchema, { username: "customer@demo.test", password: "Demo!2345" })).toEqual({});
  });

  it("gives each missing field its message, as formik does (an empty text counts as missing)", async () => {
    const values = { username: "", password: "" };
    const messages = await yupMessages(loginSchema, values);
    expect(Object.keys(messages).sort()).toEqual(["password", "username"]);
    expect(messages).toEqual(await formikMessages(loginSchema, values));
  });

  it("keeps the first message per field for a schema with several rules per field", async () => {
    const values = { firstname: "", lastname: "Doe", email: "not-an-address", password: "short", confirmPassword: "other", languageCode: "xx" };
    const messages = await yupMessages(registrationSchema, values);
    expect(messages.email).toBeTruthy();
    expect(messages).toEqual(await formikMessages(registrationSchema, values));
  });
});
