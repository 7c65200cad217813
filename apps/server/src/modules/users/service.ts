import { DomainError, errorMessages } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import { hashPassword } from "../../platform/auth/passwords";
import type { BodyOf } from "../../platform/http/contract-types";
import type { Caller } from "../../platform/http/operations";
import { assertStrongPassword } from "../accounts/rules";
import { findCustomerInScope } from "../customers/repository";
import { forbidden, isId, notFound, scopeOf, withinScope } from "../tenancy";
import {
  findScopedUser,
  findUserByEmail,
  insertUser,
  listScopedUsers,
  toUser,
  updateUser,
  type UserChanges,
} from "./repository";

export type UserInput = BodyOf<"addOrUpdateUser">;

export async function listUsers(db: Db, caller: Caller) {
  const rows = await listScopedUsers(db, scopeOf(caller), caller.userId);
  return { status: "success" as const, data: rows.map((row) => ({ ...toUser(row), customerName: row.customer_name })) };
}

/**
 * Admins manage every user. Customers manage the users of their own customer, never with the admin
 * role and never moving them to another customer.
 */
export async function addOrUpdateUser(db: Db, caller: Caller, input: UserInput) {
  const isAdmin = caller.role === "admin";
  if (!isAdmin && input.role === "admin") throw forbidden("Only an admin can give the admin role");
  if (!isAdmin && !caller.customerId) throw forbidden();

  let customerId: string | null;
  if (isAdmin) {
    customerId = input.role === "admin" ? null : (input.customerId ?? null);
  } else {
    if (input.customerId && input.customerId !== caller.customerId) throw notFound("No such customer");
    customerId = caller.customerId;
  }
  if (customerId) {
    if (!isId(customerId) || !(await findCustomerInScope(db, scopeOf(caller), customerId))) throw notFound("No such customer");
  }
  if (input.password !== undefined) assertStrongPassword(input.password);

  const email = input.email.trim();
  const sameEmail = await findUserByEmail(db, email);
  const emailTaken = (): DomainError => {
    // Sign-in needs each address once across tenants; a customer must still not learn which addresses
    // other tenants' users have, so outside its own users the answer names no account.
    if (isAdmin || (sameEmail && withinScope(scopeOf(caller), sameEmail.customer_id))) {
      return new DomainError("account_exists", undefined, 409, [{ path: "email", message: errorMessages.account_exists }]);
    }
    const message = "This e-mail address cannot be used; choose another one";
    return new DomainError("validation_failed", message, 400, [{ path: "email", message }]);
  };

  if (!input.id) {
    if (input.password === undefined) {
      throw new DomainError("validation_failed", "A new user needs a password", 400, [{ path: "password", message: "This field is required" }]);
    }
    if (sameEmail) throw emailTaken();
    const created = await insertUser(db, {
      customerId,
      email,
      username: input.username.trim(),
      firstname: input.firstname.trim(),
      lastname: input.lastname.trim(),
      passwordHash: await hashPassword(input.password),
      avatar: input.avatar ?? null,
      role: input.role,
      status: input.status ?? "active",
      showWizard: input.showWizard ?? input.role === "customer_so",
      showInstructions: input.showInstructions ?? false,
      forceRefreshPassword: input.forceRefreshPassword ?? false,
      language: input.languageCode ?? "en",
    });
    return { status: "success" as const, message: "Data saved successfully", data: toUser(created) };
  }

  if (!isId(input.id)) throw notFound();
  const existing = await findScopedUser(db, scopeOf(caller), input.id, caller.userId);
  if (!existing) throw notFound();
  if (!isAdmin && existing.role === "admin") throw notFound();
  if (sameEmail && sameEmail.id !== existing.id) throw emailTaken();
  const changes: UserChanges = {
    customer_id: isAdmin ? customerId : existing.customer_id,
    email,
    username: input.username.trim(),
    firstname: input.firstname.trim(),
    lastname: input.lastname.trim(),
    avatar: input.avatar === undefined ? undefined : input.avatar,
    role: input.role,
    status: input.status,
    show_wizard: input.showWizard,
    show_instructions: input.showInstructions,
    force_refresh_password: input.forceRefreshPassword,
    language: input.languageCode ?? undefined,
    password_hash: input.password !== undefined ? await hashPassword(input.password) : undefined,
  };
  const updated = await updateUser(db, existing.id, changes);
  if (!updated) throw notFound();
  return { status: "success" as const, message: "Data saved successfully", data: toUser(updated) };
}
