import { DomainError } from "@parley/domain";
import type { FastifyRequest } from "fastify";
import type { Caller } from "../platform/http/operations";

/**
 * What a caller may see. Admins act on every customer; the customer roles only on their own customer
 * (none yet for a self-onboarding user before onboarding). Repositories turn this into SQL.
 */
export interface Scope {
  allCustomers: boolean;
  customerId: string | null;
}

export function scopeOf(caller: Caller): Scope {
  return caller.role === "admin" ? { allCustomers: true, customerId: null } : { allCustomers: false, customerId: caller.customerId };
}

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
