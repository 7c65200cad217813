import { describe, expect, it } from "vitest";
import { blankCustomer } from "./editor";
import { toCustomerInput, toFormValues } from "./form";

describe("customer form values", () => {
  it("shows unset fields empty and sends them back as null, trimmed, with the id of an existing customer", () => {
    const values = toFormValues({ ...blankCustomer(), _id: "c1", name: "Bakery", city: "Haarlem" });
    expect(values).toMatchObject({ name: "Bakery", city: "Haarlem", street: "", taxExempt: null });
    const input = toCustomerInput({ ...values, street: "  Main street ", contactPersonEmail: "  " }, "c1");
    expect(input).toMatchObject({ _id: "c1", name: "Bakery", street: "Main street", contactPersonEmail: null, city: "Haarlem", taxExempt: null });
    expect(toCustomerInput({ ...values, taxExempt: false }, "c1").taxExempt).toBe(false);
  });

  it("leaves the id out for a new customer", () => {
    expect(toCustomerInput(toFormValues(blankCustomer()), null)).not.toHaveProperty("_id");
  });
});
