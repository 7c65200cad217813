import { describe, expect, it } from "vitest";
import { ApiError } from "../api/errors";
import { repeatsCallFailure } from "./fieldIssues";

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
