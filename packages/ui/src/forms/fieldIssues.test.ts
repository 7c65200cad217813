import { describe, expect, it } from "vitest";
import { ApiError } from "../api/errors";
import { applyFieldErrors, repeatsCallFailure } from "./fieldIssues";
import { catalogueIssueOf } from "./serverReason";

describe("a field failure beside the call's alert", () => {
  const wrongCode = new ApiError("invalid_otp", "Invalid code", 400, [{ path: "otp", message: "Invalid code" }]);

  it("repeats the alert when the server named the field for the same failure (a wrong one-time code)", () => {
    expect(repeatsCallFailure("invalid_otp", wrongCode)).toBe(true);
    expect(repeatsCallFailure({ key: "invalid_otp" }, wrongCode)).toBe(true);
  });

  it("says something else when the field's own rule fails, or the call failed otherwise", () => {
    expect(repeatsCallFailure("field_required", wrongCode)).toBe(false);
    expect(repeatsCallFailure(undefined, wrongCode)).toBe(false);
    expect(repeatsCallFailure("invalid_otp", undefined)).toBe(false);
    expect(repeatsCallFailure("invalid_otp", new ApiError("rate_limited", "", 429))).toBe(false);
  });
});

describe("a server's refused fields on a form", () => {
  function marked(error: ApiError) {
    const errors: Record<string, unknown> = {};
    applyFieldErrors(error, { setFieldError: (name, message) => void (errors[name] = message), setFieldTouched: () => Promise.resolve() }, catalogueIssueOf);
    return errors;
  }

  it("keeps a field's validation text as its issue, to be shown in the user's language", () => {
    const message = "The remaining messages cannot be more than the message limit (500)";
    expect(marked(new ApiError("validation_failed", `remaining_messages: ${message}`, 400, [{ path: "remaining_messages", message }]))).toEqual({
      remaining_messages: { key: "remaining_above_limit", values: { max: "500" } },
    });
  });

  it("marks a field in other words by the problem's code", () => {
    expect(marked(new ApiError("validation_failed", "Invalid field", 400, [{ path: "/body/taxId", message: "Too long" }]))).toEqual({ taxId: "invalid_field" });
  });
});
