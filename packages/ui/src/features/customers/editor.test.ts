import { describe, expect, it } from "vitest";
import { blankCustomer, customerEditor, initialCustomerEditor } from "./editor";
import type { Customer } from "./hooks";

const bakery: Customer = { ...blankCustomer(), _id: "c1", name: "Bakery", city: "Haarlem" };

describe("customer editor", () => {
  it("selecting a customer puts it in the form and keeps it as the snapshot", () => {
    const state = customerEditor(initialCustomerEditor, { type: "select", customer: bakery });
    expect(state).toMatchObject({ selected: bakery, snapshot: bakery });
  });

  it("reset makes a blank customer and clears the snapshot", () => {
    const state = customerEditor(customerEditor(initialCustomerEditor, { type: "select", customer: bakery }), { type: "reset" });
    expect(state).toMatchObject({ selected: blankCustomer(), snapshot: null });
  });

  it("cancel restores the snapshot, or a blank customer without one", () => {
    const selected = customerEditor(initialCustomerEditor, { type: "select", customer: bakery });
    expect(customerEditor(selected, { type: "cancel" }).selected).toEqual(bakery);
    expect(customerEditor(initialCustomerEditor, { type: "cancel" }).selected).toEqual(blankCustomer());
  });

  it("after a save the selection and snapshot are the customer the server answered", () => {
    const saved = { ...bakery, city: "Leiden" };
    const state = customerEditor(customerEditor(initialCustomerEditor, { type: "select", customer: bakery }), { type: "saved", customer: saved });
    expect(state).toMatchObject({ selected: saved, snapshot: saved });
  });

  it("delete clears the selection", () => {
    const state = customerEditor(customerEditor(initialCustomerEditor, { type: "select", customer: bakery }), { type: "deleted" });
    expect(state).toMatchObject({ selected: blankCustomer(), snapshot: null });
  });

  it("every transition is a new revision, so the form takes its values again", () => {
    const once = customerEditor(initialCustomerEditor, { type: "cancel" });
    expect(customerEditor(once, { type: "cancel" }).revision).toBeGreaterThan(once.revision);
  });
});
