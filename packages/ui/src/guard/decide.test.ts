import { describe, expect, it } from "vitest";
import { decideNavigation, homePath, homePathIn, type GuardInput } from "./decide";

const base: GuardInput = {
  portal: "customer",
  access: "private",
  target: "/conversations/live",
  hasToken: true,
  validation: { valid: true, role: "customer", customerId: "c1" },
  forceRefreshPassword: false,
};

describe("route guard decision", () => {
  it("always lets reset-password and payment-success pass, even without a session", () => {
    expect(decideNavigation({ ...base, access: "always", hasToken: false, validation: null })).toEqual({ kind: "allow" });
    expect(decideNavigation({ ...base, access: "always", validation: { valid: false } })).toEqual({ kind: "allow" });
  });

  it("shows open pages (not found, misc) to everyone", () => {
    expect(decideNavigation({ ...base, access: "open", hasToken: false, validation: null })).toEqual({ kind: "allow" });
  });

  it("sends a visitor without a token to login with the target path", () => {
    expect(decideNavigation({ ...base, hasToken: false, validation: null })).toEqual({
      kind: "redirect",
      to: "/login?redirect=%2Fconversations%2Flive",
      clearSession: false,
    });
  });

  it("does not add a redirect for the home page", () => {
    expect(decideNavigation({ ...base, target: "/", hasToken: false, validation: null })).toMatchObject({ to: "/login" });
  });

  it("removes an invalid token and sends the user to login", () => {
    expect(decideNavigation({ ...base, validation: { valid: false } })).toEqual({
      kind: "redirect",
      to: "/login?redirect=%2Fconversations%2Flive",
      clearSession: true,
    });
  });

  it("shows public pages to visitors; an invalid token is cleared on the way", () => {
    expect(decideNavigation({ ...base, access: "public", target: "/login", hasToken: false, validation: null })).toEqual({
      kind: "allow",
    });
    expect(decideNavigation({ ...base, access: "public", target: "/login", validation: { valid: false } })).toEqual({
      kind: "redirect",
      to: "/login",
      clearSession: true,
    });
  });

  it("sends signed-in users on public pages to their home", () => {
    expect(decideNavigation({ ...base, access: "public", target: "/login" })).toEqual({
      kind: "redirect",
      to: "/customer",
      clearSession: false,
    });
    expect(
      decideNavigation({ ...base, portal: "admin", access: "public", target: "/login", validation: { valid: true, role: "admin" } }),
    ).toEqual({ kind: "redirect", to: "/", clearSession: false });
  });

  it("sends a user who must refresh the password to reset-password", () => {
    expect(decideNavigation({ ...base, forceRefreshPassword: true })).toEqual({
      kind: "redirect",
      to: "/reset-password",
      clearSession: false,
    });
  });

  it("shows not-authorized to customer roles in the admin portal", () => {
    expect(decideNavigation({ ...base, portal: "admin" })).toEqual({ kind: "not_authorized", role: "customer" });
    expect(
      decideNavigation({ ...base, portal: "admin", validation: { valid: true, role: "customer_so", customerId: null } }),
    ).toEqual({ kind: "not_authorized", role: "customer_so" });
  });

  it("shows not-authorized to admins in the customer portal", () => {
    expect(decideNavigation({ ...base, validation: { valid: true, role: "admin" } })).toEqual({
      kind: "not_authorized",
      role: "admin",
    });
  });

  it("lets admins into the admin portal", () => {
    expect(decideNavigation({ ...base, portal: "admin", target: "/users", validation: { valid: true, role: "admin" } })).toEqual({
      kind: "allow",
    });
  });

  it("sends customer_so without a customer to self-onboarding, and lets it stay there", () => {
    const selfOnboarding = { ...base, validation: { valid: true as const, role: "customer_so" as const, customerId: null } };
    expect(decideNavigation(selfOnboarding)).toEqual({ kind: "redirect", to: "/self-onboarding", clearSession: false });
    expect(decideNavigation({ ...selfOnboarding, target: "/self-onboarding" })).toEqual({ kind: "allow" });
  });

  it("lets customer_so with a customer anywhere private", () => {
    expect(decideNavigation({ ...base, validation: { valid: true, role: "customer_so", customerId: "c9" } })).toEqual({
      kind: "allow",
    });
  });

  it("keeps the session and reports the server unavailable when the token cannot be checked", () => {
    const unreachable = { ...base, validation: { valid: false as const, unreachable: true as const } };
    expect(decideNavigation(unreachable)).toEqual({ kind: "unavailable" });
    expect(decideNavigation({ ...unreachable, access: "public", target: "/login" })).toEqual({ kind: "allow" });
  });

  it("names each role's home", () => {
    expect(homePath("admin")).toBe("/");
    expect(homePath("customer")).toBe("/customer");
    expect(homePath("customer_so")).toBe("/customer");
  });

  it("signs a role of the other portal in to this portal's home, where the guard names its portal", () => {
    expect(homePathIn("admin", "admin")).toBe("/");
    expect(homePathIn("customer", "customer")).toBe("/customer");
    // A customer signing in on the admin sign-in page: not /customer, which the admin portal does not have.
    expect(homePathIn("admin", "customer")).toBe("/");
    expect(homePathIn("admin", "customer_so")).toBe("/");
    expect(homePathIn("customer", "admin")).toBe("/customer");
    const customerInAdmin = { ...base, portal: "admin" as const, target: homePathIn("admin", "customer") };
    expect(decideNavigation(customerInAdmin)).toEqual({ kind: "not_authorized", role: "customer" });
  });
});
