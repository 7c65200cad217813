import { redirect, type LoaderFunctionArgs } from "react-router-dom";
import type { ParleyApi } from "../api/client";
import { clearSession, getSessionUser, getToken, isRole, updateSessionUser } from "../session/session";
import { decideNavigation, type GuardDecision, type GuardInput, type PortalKind, type RouteAccess } from "./decide";

/** Loader data of a guarded layout: what to render when the guard did not redirect. */
export type GuardResult = Extract<GuardDecision, { kind: "allow" | "not_authorized" | "unavailable" }>;

type Validation = GuardInput["validation"];

async function validateWithServer(api: ParleyApi, token: string): Promise<Validation> {
  const result = await api.POST("/validate-token", { body: { token } });
  if (result.success) {
    const payload = result.data.payload;
    if (!isRole(payload.role)) return { valid: false };
    const customerId = payload.customerId ?? getSessionUser()?.customerId ?? null;
    return { valid: true, role: payload.role, customerId };
  }
  // No answer or a server failure says nothing about the token: keep it.
  if (result.status === 0 || result.status >= 500 || result.status === 429) return { valid: false, unreachable: true };
  return { valid: false };
}

function stripBase(pathname: string, basename: string): string {
  if (basename === "/" || !pathname.startsWith(basename)) return pathname;
  return pathname.slice(basename.length) || "/";
}

/**
 * Builds route loaders that run the guard of spec 01 §4 on every navigation: the token is checked
 * with the server, then `decideNavigation` says whether to pass, redirect or show a page.
 */
export function createGuardLoader(api: ParleyApi, portal: PortalKind, basename = "/") {
  return (access: RouteAccess) =>
    async ({ request }: LoaderFunctionArgs): Promise<GuardResult> => {
      const url = new URL(request.url);
      const target = stripBase(url.pathname, basename.replace(/\/$/, "") || "/") + url.search;
      const token = getToken();
      const needsCheck = access === "private" || access === "public";
      const validation = token && needsCheck ? await validateWithServer(api, token) : null;
      // The token speaks for the user now: a role or customer given since sign-in (self-onboarding
      // creates the customer) reaches the stored user, which the shell reads.
      if (validation?.valid) {
        const stored = getSessionUser();
        const customerId = validation.customerId ?? null;
        if (stored?.role !== validation.role || (stored?.customerId ?? null) !== customerId) {
          updateSessionUser({ role: validation.role, customerId });
        }
      }
      const decision = decideNavigation({
        portal,
        access,
        target,
        hasToken: Boolean(token),
        validation,
        forceRefreshPassword: getSessionUser()?.forceRefreshPassword === true,
      });
      if (decision.kind === "redirect") {
        if (decision.clearSession) clearSession();
        throw redirect(decision.to);
      }
      return decision;
    };
}

/** Guarded layouts re-run their loader on every navigation, as the spec asks. */
export const revalidateOnEveryNavigation = () => true;
