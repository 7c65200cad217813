import { describe, expect, it } from "vitest";
import { failureText } from "./failureText.test-support";
import { isValidWorkflowAction, workflowSchema } from "./workflow";


const sms = { type: "send_sms", target: "+31612345678", message: "New lead: {{name}}" };
const base = { name: "Lead", trigger_function: "collect_lead" };

describe("workflow actions", () => {
  it("needs a target and a message for SMS", () => {
    expect(isValidWorkflowAction({ type: "send_sms", target: "+316", message: "hi" })).toBe(true);
    expect(isValidWorkflowAction({ type: "send_sms", target: "+316", message: " " })).toBe(false);
    expect(isValidWorkflowAction({ type: "send_sms", message: "hi" })).toBe(false);
  });

  it("needs a known platform to retrieve an order", () => {
    expect(isValidWorkflowAction({ type: "retrieve_order", platform: "Shopify" })).toBe(true);
    expect(isValidWorkflowAction({ type: "retrieve_order", platform: "WooCommerce" })).toBe(true);
    expect(isValidWorkflowAction({ type: "retrieve_order", platform: "Magento" as never })).toBe(false);
    expect(isValidWorkflowAction({ type: "retrieve_order" })).toBe(false);
  });

  it("refuses unknown types", () => {
    expect(isValidWorkflowAction({ type: "fax" as never, target: "x" })).toBe(false);
    expect(isValidWorkflowAction(null)).toBe(false);
  });
});

describe("workflow schema", () => {
  it("accepts a named workflow with a trigger and one valid action", async () => {
    await expect(workflowSchema.validate({ ...base, actions: [sms] })).resolves.toMatchObject({
      use_test_data: false,
      conversation_values: [],
    });
  });

  it("requires name, trigger function and at least one action", async () => {
    await expect(workflowSchema.validate({ ...base, name: " ", actions: [sms] })).rejects.toMatchObject({
      path: "name",
      message: { key: "field_required" },
    });
    await expect(
      workflowSchema.validate({ ...base, trigger_function: "", actions: [sms] }),
    ).rejects.toMatchObject({
      path: "trigger_function",
    });
    await expect(
      workflowSchema.validate({ ...base, trigger_function: "drop_tables", actions: [sms] }),
    ).rejects.toMatchObject({ path: "trigger_function", message: { key: "choose_one_of", values: { choices: expect.stringContaining("collect_lead") } } });
    await expect(
      workflowSchema.validate({ ...base, actions: Array.from({ length: 11 }, () => sms) }),
    ).rejects.toMatchObject({ path: "actions", message: { key: "invalid_field" } });
    expect(await failureText(workflowSchema.validate({ ...base, actions: [] }))).toContain(
      "Add at least one valid action",
    );
    expect(await failureText(workflowSchema.validate(base))).toContain("Add at least one valid action");
  });

  it("requires an SMS message and target, and a platform for orders", async () => {
    await expect(
      workflowSchema.validate({ ...base, actions: [{ ...sms, message: "" }] }),
    ).rejects.toMatchObject({
      path: "actions[0].message",
    });
    await expect(
      workflowSchema.validate({ ...base, actions: [{ ...sms, target: " " }] }),
    ).rejects.toMatchObject({
      path: "actions[0].target",
    });
    await expect(
      workflowSchema.validate({ ...base, actions: [{ type: "retrieve_order" }] }),
    ).rejects.toMatchObject({
      path: "actions[0].platform",
      message: { key: "field_required" },
    });
    expect(await failureText(
      workflowSchema.validate({ ...base, actions: [{ type: "retrieve_order", platform: "eBay" }] }),
    )).toContain("Choose one of: WooCommerce, Shopify");
    await expect(
      workflowSchema.validate({ ...base, actions: [sms, { type: "retrieve_order", platform: "Shopify" }] }),
    ).resolves.toBeTruthy();
  });
});
