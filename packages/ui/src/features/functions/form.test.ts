import { describe, expect, it } from "vitest";
import { blankWorkflow, newAction, toFormValues, toWorkflowBody } from "./form";
import type { Workflow } from "./hooks";

const saved: Workflow = {
  _id: "w1",
  configuration_id: "c1",
  name: "Order status",
  trigger_function: "get_order_status",
  actions: [
    { type: "retrieve_order", platform: "Shopify", target: null, message: null },
    { type: "send_sms", target: "+31612345678", message: "Order {{order_number}} ({{session_id}})", platform: null },
  ],
  use_test_data: true,
  conversation_values: ["session_id"],
  function_values: ["order_number"],
};

describe("the workflow form's values", () => {
  it("holds every text as a string and gives back the same workflow", () => {
    const values = toFormValues(saved);
    expect(values.actions[0]).toEqual({ type: "retrieve_order", platform: "Shopify", target: "", message: "" });
    const { _id: _savedId, ...body } = saved;
    expect(toWorkflowBody(values, "c1")).toEqual(body);
  });

  it("sends trimmed texts, empty ones as null, and only the fields an action's type uses", () => {
    const body = toWorkflowBody(
      {
        ...blankWorkflow,
        name: "  Call back ",
        trigger_function: "request_contact",
        actions: [
          { ...newAction("send_sms"), target: " {{phone}} ", message: "Call {{name}}", platform: "Shopify" },
          { ...newAction("retrieve_order"), target: "+316", platform: "" },
        ],
      },
      "c9",
    );
    expect(body).toEqual({
      configuration_id: "c9",
      name: "Call back",
      trigger_function: "request_contact",
      actions: [
        { type: "send_sms", target: "{{phone}}", message: "Call {{name}}", platform: null },
        { type: "retrieve_order", target: null, message: null, platform: null },
      ],
      use_test_data: false,
      conversation_values: [],
      function_values: ["name", "phone"],
    });
  });
});
