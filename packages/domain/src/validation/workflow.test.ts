import { describe, expect, it } from "vitest";
import { isValidWorkflowAction, workflowSchema } from "./workflow";

const sms = { type: "sms", target: "+31612345678", message: "New lead: {name}" };

describe("workflow actions", () => {
  it("needs a target and a message for SMS", () => {
    expect(isValidWorkflowAction({ type: "sms", target: "+316", message: "hi" })).toBe(true);
    expect(isValidWorkflowAction({ type: "sms", target: "+316", message: " " })).toBe(false);
    expect(isValidWorkflowAction({ type: "sms", message: "hi" })).toBe(false);
  });

  it("needs a known shop to retrieve an order", () => {
    expect(isValidWorkflowAction({ type: "retrieve_order", target: "shopify" })).toBe(true);
    expect(isValidWorkflowAction({ type: "retrieve_order", target: "woocommerce" })).toBe(true);
    expect(isValidWorkflowAction({ type: "retrieve_order", target: "magento" })).toBe(false);
    expect(isValidWorkflowAction({ type: "retrieve_order" })).toBe(false);
  });

  it("refuses unknown types", () => {
    expect(isValidWorkflowAction({ type: "fax" as never, target: "x" })).toBe(false);
    expect(isValidWorkflowAction(null)).toBe(false);
  });
});

describe("workflow schema", () => {
  it("accepts a named workflow with a trigger and one valid action", async () => {
    await expect(workflowSchema.validate({ name: "Lead", function: "collect_lead", actions: [sms] })).resolves.toMatchObject({
      useTestData: false,
    });
  });

  it("requires name, function and at least one action", async () => {
    await expect(workflowSchema.validate({ name: "", function: "f", actions: [sms] })).rejects.toThrow(
      "This field is required",
    );
    await expect(workflowSchema.validate({ name: "n", function: "", actions: [sms] })).rejects.toThrow(
      "This field is required",
    );
    await expect(workflowSchema.validate({ name: "n", function: "f", actions: [] })).rejects.toThrow(
      "Add at least one valid action",
    );
    await expect(workflowSchema.validate({ name: "n", function: "f" })).rejects.toThrow("Add at least one valid action");
  });

  it("requires an SMS message and target, and a shop for orders", async () => {
    await expect(
      workflowSchema.validate({ name: "n", function: "f", actions: [{ ...sms, message: "" }] }),
    ).rejects.toMatchObject({ path: "actions[0].message" });
    await expect(
      workflowSchema.validate({ name: "n", function: "f", actions: [{ ...sms, target: " " }] }),
    ).rejects.toMatchObject({ path: "actions[0].target" });
    await expect(
      workflowSchema.validate({ name: "n", function: "f", actions: [{ type: "retrieve_order", target: "ebay" }] }),
    ).rejects.toThrow("Invalid field");
    await expect(
      workflowSchema.validate({ name: "n", function: "f", actions: [{ type: "retrieve_order", target: "shopify" }] }),
    ).resolves.toBeTruthy();
  });
});
