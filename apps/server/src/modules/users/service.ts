import { DomainError, defaultLanguage, rolesGivenBy, successMessages, validationMessages } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import { hashPassword } from "../../platform/auth/passwords";
import type { BodyOf } from "../../platform/http/contract-types";
import type { Caller } from "../../platform/http/operations";
import { assertNamesGiven, assertStrongPassword } from "../accounts/rules";
import { findCustomerInScope } from "../customers/repository";
import { forbidden, identityScope, isId, notFound, scopeOf, withinScope } from "../tenancy";
import * as repository from "./repository";
import { findUserByEmail, insertUser, isEmailTaken, toUser, updateUser, type UserChanges, type UserRecord } from "./repository";

export type UserInput = BodyOf<"addOrUpdateUser">;

export async function listUsers(db: Db, caller: Caller) {
  const rows = await repository.listUsers(db, scopeOf(caller));
  return { status: "success" as const, data: rows.map((row) => ({ ...toUser(row), customerName: row.customer_name })) };
}

/**
 * Admins manage every user. Customers manage the users of their own customer, giving only the roles
 * `rolesGivenBy` allows and never moving them to another customer.
 */
export async function addOrUpdateUser(db: Db, caller: Caller, input: UserInput, existing: UserRecord | undefined) {
  const isAdmin = caller.role === "admin";
  if (!isAdmin && input.role === "admin") throw forbidden("Only an admin can give the admin role");
  // A customer may not make a self-service user, who creates the assistants a customer may not; a user the
  // admin gave another role keeps it.
  if (!rolesGivenBy(caller.role).includes(input.role) && input.role !== existing?.role) throw forbidden("You cannot give this role");
  if (!isAdmin && !caller.customerId) throw forbidden();

  let customerId: string | null;
  if (isAdmin) {
    // An empty choice in the form means no customer, as null does.
    customerId = input.role === "admin" ? null : input.customerId || null;
  } else {
    if (input.customerId && input.customerId !== caller.customerId) throw notFound("No such customer");
    customerId = caller.customerId;
  }
  if (customerId) {
    if (!isId(customerId) || !(await findCustomerInScope(db, scopeOf(caller), customerId))) throw notFound("No such customer");
  }
  if (input.password !== undefined) assertStrongPassword(input.password);
  assertNamesGiven({ username: input.username, firstname: input.firstname, lastname: input.lastname });
  /** A customer's user without a customer would sign in to a portal with nothing in it (said after the address's and own-access checks). */
  const assertHasCustomer = () => {
    if (customerId !== null || input.role === "admin") return;
    const message = validationMessages.customer_required;
    throw new DomainError("validation_failed", `customerId: ${message}`, 400, [{ path: "customerId", message }]);
  };

  const email = input.email.trim();
  // Sign-in finds a user by address alone, so an address is unique across every tenant.
  let sameEmail = await findUserByEmail(db, identityScope, email);
  const emailTaken = (): DomainError => {
    // Sign-in needs each address once across tenants; a customer must still not learn which addresses
    // other tenants' users have, so outside its own users the answer names no account.
    if (isAdmin || (sameEmail && withinScope(scopeOf(caller), sameEmail.customer_id))) {
      // Said to whoever adds or changes the user, not to the address's owner ("try logging in").
      const taken = validationMessages.email_in_use;
      return new DomainError("account_exists", taken, 409, [{ path: "email", message: taken }]);
    }
    const message = "This e-mail address cannot be used; choose another one";
    return new DomainError("validation_failed", message, 400, [{ path: "email", message }]);
  };
  /** The write, or `emailTaken` when a request at the same time gave the address to another user first. */
  const unlessEmailTaken = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (!isEmailTaken(error)) throw error;
      sameEmail = await findUserByEmail(db, identityScope, email);
      throw emailTaken();
    }
  };

  if (!existing) {
    if (input.password === undefined) {
      throw new DomainError("validation_failed", "A new user needs a password", 400, [{ path: "password", message: "This field is required" }]);
    }
    if (sameEmail) throw emailTaken();
    assertHasCustomer();
    const passwordHash = await hashPassword(input.password);
    const created = await unlessEmailTaken(() => insertUser(db, {
      customerId,
      email,
      username: input.username.trim(),
      firstname: input.firstname.trim(),
      lastname: input.lastname.trim(),
      passwordHash,
      avatar: input.avatar ?? null,
      role: input.role,
      status: input.status ?? "active",
      showWizard: input.showWizard ?? input.role === "customer_so",
      showInstructions: input.showInstructions ?? false,
      forceRefreshPassword: input.forceRefreshPassword ?? false,
      language: input.languageCode ?? defaultLanguage,
    }));
    return { status: "success" as const, message: successMessages.data_saved, data: toUser(created) };
  }

  if (!isAdmin && existing.role === "admin") throw notFound();
  if (existing.id === caller.userId) assertKeepsOwnAccess(existing, input);
  if (sameEmail && sameEmail.id !== existing.id) throw emailTaken();
  assertHasCustomer();
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
  const updated = await unlessEmailTaken(() => updateUser(db, scopeOf(caller), existing.id, changes));
  if (!updated) throw notFound();
  return { status: "success" as const, message: successMessages.data_saved, data: toUser(updated) };
}

/**
 * Nobody locks themselves out: saving one's own user keeps it active and keeps its role (the last admin
 * who deactivated themselves could not be undone from any portal).
 */
function assertKeepsOwnAccess(existing: UserRecord, input: UserInput): void {
  if (input.status === "inactive" && existing.status !== "inactive") {
    const message = "You cannot deactivate your own account";
    throw new DomainError("validation_failed", message, 400, [{ path: "status", message }]);
  }
  if (input.role !== existing.role) {
    const message = "You cannot change your own role";
    throw new DomainError("validation_failed", message, 400, [{ path: "role", message }]);
  }
}
