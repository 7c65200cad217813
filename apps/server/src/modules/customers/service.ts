import { customerSchema, errorMessages, providerOnlyCustomerFields, sameValue, successMessages, validateOrThrow } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import type { TokenService } from "../../platform/auth/jwt";
import type { BodyOf } from "../../platform/http/contract-types";
import type { Caller } from "../../platform/http/operations";
import { claimsOf } from "../accounts/service";
import { findUserById, lockUserById, updateUser } from "../users/repository";
import { forbidden, notFound, scopeOf } from "../tenancy";
import * as repository from "./repository";
import { customerFieldColumns, type Customer, type CustomerField, type CustomerFields } from "./repository";

export type CustomerInput = BodyOf<"createOrUpdateCustomer">;

const saved = successMessages.data_saved;
const noChanges = errorMessages.no_changes_detected;

const providerOnly = new Set<string>(providerOnlyCustomerFields);

/**
 * Only the fields the caller may write that the client sent (a field left out keeps its value); a customer's
 * own save leaves out the provider's fields (tax exemption, payment-provider id), which the portal sends back
 * as it read them.
 */
function writableFields(caller: Caller, input: CustomerInput): CustomerFields {
  const fields: Record<string, unknown> = {};
  for (const field of Object.keys(customerFieldColumns) as CustomerField[]) {
    if (caller.role !== "admin" && providerOnly.has(field)) continue;
    if (input[field] !== undefined) fields[field] = typeof input[field] === "string" ? (input[field] as string).trim() : input[field];
  }
  return fields as CustomerFields;
}

function changedFields(existing: Customer, fields: CustomerFields): CustomerFields {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (!sameValue(existing[field as CustomerField] ?? null, value ?? null)) changes[field] = value;
  }
  return changes as CustomerFields;
}

async function saveExisting(db: Db, caller: Caller, existing: Customer, input: CustomerInput) {
  const changes = changedFields(existing, writableFields(caller, input));
  if (Object.keys(changes).length === 0) {
    return { status: "success" as const, message: noChanges, updated_id: null, inserted_id: null, updated_customer: null };
  }
  const updated = await repository.updateCustomer(db, scopeOf(caller), existing._id, changes);
  if (!updated) throw notFound();
  return { status: "success" as const, message: saved, updated_id: updated._id, inserted_id: null, updated_customer: updated };
}

export function createCustomersService(db: Db, tokens: TokenService) {
  return {
    async list(caller: Caller) {
      return { status: "success" as const, data: await repository.listCustomers(db, scopeOf(caller)) };
    },

    get(customer: Customer) {
      return { status: "success" as const, data: customer };
    },

    async hasConfiguration(caller: Caller, customer: Customer) {
      return { status: "success" as const, data: await repository.customerHasConfiguration(db, scopeOf(caller), customer._id) };
    },

    /** Admins create customers and update any; customers update only their own (`existing`, loaded in scope). */
    async createOrUpdate(caller: Caller, input: CustomerInput, existing: Customer | undefined) {
      await validateOrThrow(customerSchema, input);
      if (existing) return saveExisting(db, caller, existing, input);
      if (caller.role !== "admin") throw forbidden("Only an admin can create customers");
      const created = await repository.insertCustomer(db, writableFields(caller, input));
      return { status: "success" as const, message: saved, inserted_id: created._id, updated_id: null, updated_customer: created };
    },

    /**
     * A self-onboarding user creates their customer (or updates the one they already have); the user is
     * linked to it and receives a new token carrying the customer id.
     */
    async selfOnboardingCreate(caller: Caller, input: CustomerInput) {
      if (caller.role !== "customer_so") throw forbidden("Only self-onboarding users create their own customer");
      await validateOrThrow(customerSchema, input);
      const result = await db.transaction(async (tx) => {
        // The user's customer as stored, the row locked: of two requests at once only the first creates
        // one, and the other updates it, as it would after it.
        const customerId = (await lockUserById(tx, scopeOf(caller), caller.userId))?.customer_id ?? null;
        const current = { ...caller, customerId };
        if (customerId) {
          const existing = await repository.findCustomerInScope(tx, scopeOf(current), customerId);
          if (existing) return saveExisting(tx, current, existing, input);
        }
        const created = await repository.insertCustomer(tx, writableFields(caller, input));
        await updateUser(tx, scopeOf(caller), caller.userId, { customer_id: created._id });
        return { status: "success" as const, message: saved, inserted_id: created._id, updated_id: null, updated_customer: created };
      });
      const user = await findUserById(db, scopeOf(caller), caller.userId);
      if (!user) throw notFound();
      return { ...result, token: await tokens.sign(claimsOf(user)) };
    },

    async remove(caller: Caller, customer: Customer) {
      if (caller.role !== "admin") throw forbidden("Only an admin can delete customers");
      if (!(await repository.deleteCustomer(db, scopeOf(caller), customer._id))) throw notFound();
      return { status: "success" as const, message: successMessages.data_deleted };
    },
  };
}
