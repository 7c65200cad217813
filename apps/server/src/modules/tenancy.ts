import { DomainError } from "@parley/domain";
import type { FastifyRequest } from "fastify";
import type { Caller } from "../platform/http/operations";
import type { Configuration } from "./configurations/repository";
import type { Customer } from "./customers/repository";
import type { OnboardingAttemptRecord } from "./onboarding/repository";
import type { UserRecord } from "./users/repository";
import type { Workflow } from "./workflows/repository";

/**
 * What a caller may see. Admins act on every customer; the customer roles only on their own customer
 * (none yet for a self-onboarding user before onboarding). Repositories turn this into SQL.
 */
export interface Scope {
  allCustomers: boolean;
  customerId: string | null;
  /** The caller's own user row, which is theirs whatever customer it belongs to. */
  userId: string | null;
}

export function scopeOf(caller: Caller): Scope {
  return caller.role === "admin"
    ? { allCustomers: true, customerId: null, userId: caller.userId }
    : { allCustomers: false, customerId: caller.customerId, userId: caller.userId };
}

/**
 * For the flows that find a user before there is a caller to scope by: sign-in, registration,
 * e-mailed links, tokens being checked. Nowhere else.
 */
export const identityScope: Scope = { allCustomers: true, customerId: null, userId: null };

/** For the system itself acting on every tenant: the demo seed, maintenance, test fixtures. */
export const systemScope: Scope = { allCustomers: true, customerId: null, userId: null };

/** The SQL condition "`column` belongs to the scope", with its two parameters at `$first` and `$first+1`. */
export function scopeCondition(column: string, first: number): string {
  return `($${first}::boolean OR ${column} = $${first + 1}::uuid)`;
}

/** The same test as `scopeCondition`, for a row already read (from a cache). */
export function withinScope(scope: Scope, customerId: string | null): boolean {
  return scope.allCustomers || (customerId !== null && customerId === scope.customerId);
}

export function scopeParams(scope: Scope): [boolean, string | null] {
  return [scope.allCustomers, scope.customerId];
}

/** The tenant objects operations act on, by the `kind` of their `x-tenant`. */
export interface Tenants {
  configuration: Configuration;
  customer: Customer;
  user: UserRecord;
  workflow: Workflow;
  /** A website scan of the self-onboarding wizard: its user's own, whoever else asks (admins included). */
  onboardingAttempt: OnboardingAttemptRecord;
}

/** Loads each kind of tenant object within the caller's scope (`undefined`: not there for them). */
export type TenantLoaders = { [Kind in keyof Tenants]: (caller: Caller, id: string) => Promise<Tenants[Kind] | undefined> };

/**
 * What public operations (`security: []`) name, loaded for anyone: the configuration whose widget a
 * customer's website shows, whose id that website publishes in its snippet. Only what the widget itself
 * shows may be answered from it.
 */
export interface PublicTenants {
  publicConfiguration: Configuration;
}

export type PublicTenantLoaders = { [Kind in keyof PublicTenants]: (id: string) => Promise<PublicTenants[Kind] | undefined> };

type AnyTenants = Tenants & PublicTenants;

/**
 * The object the operation acts on, as its `x-tenant` pre-handler loaded it; `undefined` when the
 * contract makes the id optional and none was sent.
 */
export function tenantOf<Kind extends keyof AnyTenants>(request: FastifyRequest, kind: Kind): AnyTenants[Kind] | undefined {
  const tenant = request.tenant;
  if (!tenant) return undefined;
  if (tenant.kind !== kind) throw new Error(`The operation loaded a ${tenant.kind}, not a ${kind}`);
  return tenant.value as AnyTenants[Kind];
}

/** The same, for operations whose id is required: the pre-handler has answered 404 otherwise. */
export function requiredTenantOf<Kind extends keyof AnyTenants>(request: FastifyRequest, kind: Kind): AnyTenants[Kind] {
  const value = tenantOf(request, kind);
  if (value === undefined) throw new Error(`The operation has no ${kind}; its contract lacks x-tenant`);
  return value;
}

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new DomainError("authentication_required", undefined, 401);
  return request.caller;
}

export { isId } from "../platform/ids";

export function notFound(message?: string): DomainError {
  return new DomainError("not_found", message, 404);
}

export function forbidden(message?: string): DomainError {
  return new DomainError("forbidden", message, 403);
}
