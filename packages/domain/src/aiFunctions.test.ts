import { describe, expect, it } from "vitest";
import { aiFunctionByName, aiFunctionNames, aiFunctions, isAiFunctionName, placeholderOf } from "./aiFunctions";

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
