/**
 * The customer edit state machine (spec 01 §4): what is selected in the form and the snapshot it
 * started from.
 */
import type { Customer } from "./hooks";

export interface CustomerEditorState {
  /** The customer in the form; a blank one (no `_id`) while creating. */
  selected: CustomerDraft;
  /** The saved customer the form started from; null for a new one. */
  snapshot: Customer | null;
  /** Changes on every transition, so the form takes its values again even when they are equal. */
  revision: number;
}

export type CustomerDraft = Omit<Customer, "_id"> & { _id: string | null };

export type CustomerEditorEvent =
  | { type: "select"; customer: Customer }
  | { type: "reset" }
  | { type: "cancel" }
  | { type: "saved"; customer: Customer }
  | { type: "deleted" };

export function blankCustomer(): CustomerDraft {
  return {
    _id: null,
    name: "",
    companyName: null,
    contactPerson: null,
    contactPersonPhone: null,
    contactPersonEmail: null,
    street: null,
    houseNumber: null,
    addition: null,
    postalCode: null,
    city: null,
    country: null,
    stripe_customer_id: null,
    language: null,
    timezone: null,
    taxExempt: null,
    taxId: null,
  };
}

export const initialCustomerEditor: CustomerEditorState = { selected: blankCustomer(), snapshot: null, revision: 0 };

export function customerEditor(state: CustomerEditorState, event: CustomerEditorEvent): CustomerEditorState {
  const revision = state.revision + 1;
  switch (event.type) {
    case "select":
    case "saved":
      // After a save the selection and the snapshot become the customer the server answered.
      return { selected: event.customer, snapshot: event.customer, revision };
    case "reset":
    case "deleted":
      return { selected: blankCustomer(), snapshot: null, revision };
    case "cancel":
      return { selected: state.snapshot ?? blankCustomer(), snapshot: state.snapshot, revision };
  }
}
