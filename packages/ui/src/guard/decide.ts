import type { PortalKind } from "@parley/domain/pages";
import { routes, type Role } from "@parley/domain/roles";

/**
 * Who may see a route (spec 01 §2 and §4):
 * - `private`: needs a valid session;
 * - `public`: sign-in pages, signed-in users are sent home;
 * - `always`: reset-password and payment-success, which always pass;
 * - `open`: error and information pages, shown to everyone.
 */
export type RouteAccess = "private" | "public" | "always" | "open";

export type { PortalKind };

export interface GuardInput {
  portal: PortalKind;
  access: RouteAccess;
  /** Path inside the portal (without its base), with search, e.g. `/users?page=2`. */
  target: string;
  /** Whether a token was in storage at all. */
  hasToken: boolean;
  /** The server's verdict on that token; null when there was no token to check. */
  validation:
    | { valid: true; role: Role; customerId?: string | null }
    | { valid: false }
    | { valid: false; unreachable: true }
    | null;
  forceRefreshPassword: boolean;
}

export type GuardDecision =
  | { kind: "allow" }
  | { kind: "redirect"; to: string; clearSession: boolean }
  | { kind: "not_authorized"; role: Role }
  /** The server could not be asked; the session is kept and a retry offered. */
  | { kind: "unavailable" };

export const loginPath = routes.login;
export const resetPasswordPath = routes.resetPassword;
export const selfOnboardingPath = routes.selfOnboarding;

/** Home of a role inside its portal: the admin dashboard or the customer home. */
export function homePath(role: Role): string {
  return role === "admin" ? routes.adminHome : routes.customerHome;
}

/**
 * Where to go inside `portal` after signing in as `role`. A role of the other portal goes to this
 * portal's home, where the guard shows "this account belongs to the other portal" with its link: the
 * role's own home is a path of the other portal and would be "not found" here (e.g. `/admin/customer`).
 */
export function homePathIn(portal: PortalKind, role: Role): string {
  const rolePortal: PortalKind = role === "admin" ? "admin" : "customer";
  if (rolePortal === portal) return homePath(role);
  return portal === "admin" ? routes.adminHome : routes.customerHome;
}

function pathnameOf(target: string): string {
  return target.split(/[?#]/)[0] ?? target;
}

/** Pure decision of the route guard; the caller does the side effects (clearing, redirecting). */
export function decideNavigation(input: GuardInput): GuardDecision {
  const { access, validation } = input;
  if (access === "always" || access === "open") return { kind: "allow" };

  const valid = validation?.valid === true ? validation : null;
  if (validation && "unreachable" in validation) {
    return access === "public" ? { kind: "allow" } : { kind: "unavailable" };
  }
  const clearSession = input.hasToken && !valid;

  if (!valid) {
    if (access === "public") {
      return clearSession ? { kind: "redirect", to: input.target, clearSession } : { kind: "allow" };
    }
    const redirect = input.target && input.target !== "/" ? `?redirect=${encodeURIComponent(input.target)}` : "";
    return { kind: "redirect", to: `${loginPath}${redirect}`, clearSession };
  }

  if (input.forceRefreshPassword) {
    return { kind: "redirect", to: resetPasswordPath, clearSession: false };
  }

  const wrongPortal = input.portal === "admin" ? valid.role !== "admin" : valid.role === "admin";
  if (wrongPortal) return { kind: "not_authorized", role: valid.role };

  if (access === "public") return { kind: "redirect", to: homePath(valid.role), clearSession: false };

  if (valid.role === "customer_so" && !valid.customerId && pathnameOf(input.target) !== selfOnboardingPath) {
    return { kind: "redirect", to: selfOnboardingPath, clearSession: false };
  }
  return { kind: "allow" };
}
