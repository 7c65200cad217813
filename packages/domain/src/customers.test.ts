import { describe, expect, it } from "vitest";
import { customerSaveOutcome } from "./customers";

describe("customer save outcome", () => {
  it("is saved with an updated or inserted id", () => {
    expect(customerSaveOutcome({ updated_id: "c1" })).toEqual({ saved: true, id: "c1" });
    expect(customerSaveOutcome({ inserted_id: "c2", updated_id: null })).toEqual({ saved: true, id: "c2" });
  });

  it("shows the server message, or No changes detected, without an id", () => {
    expect(customerSaveOutcome({ message: "Name taken" })).toEqual({ saved: false, message: "Name taken" });
    expect(customerSaveOutcome({ message: " " })).toEqual({ saved: false, message: "No changes detected" });
    expect(customerSaveOutcome({})).toEqual({ saved: false, message: "No changes detected" });
  });
});
