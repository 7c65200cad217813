import { describe, expect, it } from "vitest";
import { errorMessages } from "../errors";
import { ValidationError, object, string } from "yup";
import "./yupLocale";
import {
  catalogueMessageOf,
  isValidationIssue,
  validationIssue,
  validationMessage,
  validationMessages,
  validationText,
} from "./messages";

describe("validation messages", () => {
  it("reuses the catalogue texts", () => {
    expect(validationMessages.field_required).toBe("This field is required");
    expect(validationMessages.invalid_field).toBe("Invalid field");
    expect(validationMessages.passwords_do_not_match).toBe("Passwords do not match");
    expect(validationMessages.language_required).toBe(errorMessages.language_required);
  });

  it("fills placeholders and leaves unknown ones", () => {
    expect(validationMessage("date_range_too_long", { days: 7 })).toBe("The period can span at most 7 days");
    expect(validationMessage("date_range_too_long")).toBe("The period can span at most {days} days");
  });

  it("answers yup's own rules with keys, and the server's texts from them", async () => {
    const failure = await object({ name: string().required(), email: string().email(), kind: string().oneOf(["a"]) })
      .validate({ email: "x", kind: "b" }, { abortEarly: false })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ValidationError);
    expect((failure as ValidationError).errors).toEqual([{ key: "field_required" }, { key: "invalid_email" }, { key: "invalid_field" }]);
    expect((failure as ValidationError).errors.map(validationText)).toEqual(["This field is required", "Please enter a valid email address", "Invalid field"]);
  });

  it("recognises issues only by a known key", () => {
    expect(isValidationIssue(validationIssue("password_too_weak", { min: 8 }))).toBe(true);
    expect(isValidationIssue({ key: "no_such_key" })).toBe(false);
    expect(isValidationIssue("This field is required")).toBe(false);
  });
});

describe("a server's message found in the catalogue", () => {
  it("finds an error text and a validation text with its placeholders' values, and nothing in other words", () => {
    expect(catalogueMessageOf("This field is required")).toMatchObject({ kind: "error", key: "field_required" });
    expect(catalogueMessageOf("Enter a whole number from 0 to 500")).toEqual({ kind: "validation", key: "whole_number_between", values: { min: "0", max: "500" } });
    expect(catalogueMessageOf("Shopify answered with status 502. Check the shop URL and try again later.")).toEqual({ kind: "reason", key: "shopify_status", values: { status: "502" } });
    expect(catalogueMessageOf("The shop did not answer, or refused the keys.")).toBeUndefined();
  });
});
