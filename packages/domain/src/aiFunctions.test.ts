import { describe, expect, it } from "vitest";
import { aiFunctionByName, aiFunctionNames, aiFunctions, fillWorkflowPlaceholders, isAiFunctionName, placeholderOf, placeholdersIn, workflowValuesOf } from "./aiFunctions";

describe("AI functions", () => {
  it("names each function once, in snake case, with at least one required parameter", () => {
    expect(new Set(aiFunctionNames).size).toBe(aiFunctions.length);
    for (const definition of aiFunctions) {
      expect(definition.name).toMatch(/^[a-z][a-z_]*$/);
      expect(definition.parameters.some((parameter) => parameter.required)).toBe(true);
    }
  });

  it("knows its own names only", () => {
    expect(isAiFunctionName("get_order_status")).toBe(true);
    expect(isAiFunctionName("drop_tables")).toBe(false);
    expect(isAiFunctionName(undefined)).toBe(false);
    expect(aiFunctionByName("request_contact")?.parameters.map((parameter) => parameter.name)).toEqual(["name", "phone", "question"]);
    expect(aiFunctionByName("nope")).toBeUndefined();
  });

  it("writes a placeholder as the actions read it", () => {
    expect(placeholderOf("order_number")).toBe("{{order_number}}");
  });
});

describe("the values a workflow uses", () => {
  it("reads placeholders once each, spaces inside the braces allowed", () => {
    expect(placeholdersIn("Order {{order_number}} for {{ email }}, again {{order_number}}")).toEqual(["order_number", "email"]);
    expect(placeholdersIn("{{}} {not} {{2x}}")).toEqual([]);
    expect(placeholdersIn(null)).toEqual([]);
  });

  it("fills the placeholders a text names with their values, an unknown one with nothing", () => {
    expect(fillWorkflowPlaceholders("Call {{ name }} on {{phone}} ({{missing}}) {not}", { name: "Bob", phone: "+31" })).toBe("Call Bob on +31 () {not}");
  });

  it("keeps the trigger's parameters and the conversation values the actions name, nothing else", () => {
    const actions = [{ target: "+31612345678", message: "Call {{name}} on {{phone}} ({{session_id}}), {{order_number}}" }, { target: null }];
    expect(workflowValuesOf("request_contact", actions)).toEqual({ conversation_values: ["session_id"], function_values: ["name", "phone"] });
    expect(workflowValuesOf("unknown", actions)).toEqual({ conversation_values: ["session_id"], function_values: [] });
  });
});
