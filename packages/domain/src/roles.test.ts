import { describe, expect, it } from "vitest";
import {
  alwaysAllowedRoutes,
  rolesGivenBy,
  autoSelectsFirstConfiguration,
  canClearConfigurationSelection,
  showsNewConfigurationButton,
  checkoutKindFor,
  embedsSupportAssistant,
  homeRouteFor,
  isAdmin,
  isCustomerRole,
  isRole,
  roles,
  showsCustomerMenu,
  subscriptionRouteFor,
} from "./roles";

describe("roles", () => {
  it("knows exactly three roles", () => {
    expect(roles).toEqual(["admin", "customer", "customer_so"]);
    expect(isRole("customer_so")).toBe(true);
    expect(isRole("agent")).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });

  it("is admin only for role admin", () => {
    expect(isAdmin("admin")).toBe(true);
    expect(isAdmin("customer")).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(isCustomerRole("customer_so")).toBe(true);
    expect(isCustomerRole("admin")).toBe(false);
  });

  it("sends each role to its home", () => {
    expect(homeRouteFor({ role: "admin" })).toBe("/");
    expect(homeRouteFor({ role: "customer", customerId: "c1" })).toBe("/customer");
    expect(homeRouteFor({ role: "customer_so", customerId: "c1" })).toBe("/customer");
    expect(homeRouteFor({ role: "customer_so", customerId: null })).toBe("/self-onboarding");
    expect(homeRouteFor({ role: "customer_so" })).toBe("/self-onboarding");
  });

  it("lets reset-password and payment-success always pass", () => {
    expect(alwaysAllowedRoutes).toEqual(["/reset-password", "/payment-success"]);
  });

  it("gives customer_so the pricing page, fixed checkout and the support assistant", () => {
    expect(subscriptionRouteFor("customer_so")).toBe("/pricing");
    expect(subscriptionRouteFor("customer")).toBe("/subscription/view");
    expect(checkoutKindFor("customer_so")).toBe("fixed");
    expect(checkoutKindFor("customer")).toBe("generic");
    expect(embedsSupportAssistant("customer_so")).toBe(true);
    expect(embedsSupportAssistant("customer")).toBe(false);
    expect(showsCustomerMenu("admin")).toBe(false);
    expect(showsCustomerMenu("customer")).toBe(true);
  });

  it("auto-selects the first configuration for customers; only admins clear it or create one", () => {
    expect(autoSelectsFirstConfiguration("customer")).toBe(true);
    expect(autoSelectsFirstConfiguration("customer_so")).toBe(true);
    expect(autoSelectsFirstConfiguration("admin")).toBe(false);
    expect(canClearConfigurationSelection("admin")).toBe(true);
    expect(canClearConfigurationSelection("customer")).toBe(false);
    expect(showsNewConfigurationButton("admin", null)).toBe(true);
    expect(showsNewConfigurationButton("admin", "cfg1")).toBe(false);
    expect(showsNewConfigurationButton("customer", null)).toBe(false);
  });

  it("lets nobody but an admin give a role that may do more than their own", () => {
    expect(rolesGivenBy("admin")).toEqual(roles);
    expect(rolesGivenBy("customer_so")).toEqual(["customer_so", "customer"]);
    expect(rolesGivenBy("customer")).toEqual(["customer"]);
  });
});
