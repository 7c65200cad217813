import { describe, expect, it } from "vitest";
import { errorMessages } from "../errors";
import {
  describeValidationMessage,
  validationMessage,
  validationMessageKeys,
  validationMessages,
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

  it("finds key and values back from a filled text", () => {
    expect(describeValidationMessage("The period can span at most 7 days")).toEqual({
      key: "date_range_too_long",
      values: { days: "7" },
    });
    expect(describeValidationMessage("This field is required")).toEqual({
      key: "field_required",
      values: {},
    });
    expect(describeValidationMessage("Something else")).toBeNull();
  });

  it("finds every key back from its own text", () => {
    for (const key of validationMessageKeys) {
      expect(describeValidationMessage(validationMessage(key, { min: 8, days: 7 }))?.key).toBe(key);
    }
  });
});
