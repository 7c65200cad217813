/**
 * Roles and where each lands (spec 01 §4 route guard, §6 roles).
 */

export const roles = ["admin", "customer", "customer_so"] as const;
export type Role = (typeof roles)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (roles as readonly string[]).includes(value);
}

export function isAdmin(role: string | null | undefined): boolean {
  return role === "admin";
}

/** Customer roles are tenants: they see only their own customer and its configurations. */
export function isCustomerRole(role: string | null | undefined): role is "customer" | "customer_so" {
  return role === "customer" || role === "customer_so";
}

/**
 * The roles a user may give others: admins any; a self-service customer (who creates assistants) their own or a
 * customer's; a customer only a customer's, so no customer makes a user who may do more than they may.
 */
export function rolesGivenBy(role: Role): readonly Role[] {
  if (role === "admin") return roles;
  return role === "customer_so" ? ["customer_so", "customer"] : ["customer"];
}

export const routes = {
  adminHome: "/",
  customerHome: "/customer",
  selfOnboarding: "/self-onboarding",
  login: "/login",
  resetPassword: "/reset-password",
  paymentSuccess: "/payment-success",
  customerProfile: "/customer-profile",
  pricing: "/pricing",
  subscriptionView: "/subscription/view",
  liveConversations: "/conversations/live",
} as const;

/** Routes every visitor passes without a token check. */
export const alwaysAllowedRoutes = [routes.resetPassword, routes.paymentSuccess] as const;

/**
 * Where a signed-in user goes from a public page: admins to the admin home, customers to the
 * customer home, and a customer_so without a customer yet to the onboarding wizard.
 */
export function homeRouteFor(user: { role: Role; customerId?: string | null }): string {
  if (user.role === "admin") return routes.adminHome;
  if (user.role === "customer_so" && !user.customerId) return routes.selfOnboarding;
  return routes.customerHome;
}

/** The subscription entry of the profile menu: /pricing for customer_so, the subscription view otherwise. */
export function subscriptionRouteFor(role: Role): string {
  return role === "customer_so" ? routes.pricing : routes.subscriptionView;
}

/** Profile, Subscription, Invoices and the availability toggle are for the customer roles only. */
export function showsCustomerMenu(role: Role): boolean {
  return isCustomerRole(role);
}

/** The embedded support assistant is injected for self-onboarding customers only. */
export function embedsSupportAssistant(role: Role): boolean {
  return role === "customer_so";
}

/** customer_so pays a fixed price (monthly or annual price id); others use the generic checkout with is_annual. */
export function checkoutKindFor(role: Role): "fixed" | "generic" {
  return role === "customer_so" ? "fixed" : "generic";
}

/** Customers start with their first configuration selected; admins start with none and see all. */
export function autoSelectsFirstConfiguration(role: Role): boolean {
  return isCustomerRole(role);
}

/** Only admins may clear the configuration selector. */
export function canClearConfigurationSelection(role: Role): boolean {
  return role === "admin";
}

/** The sidebar's New configuration button: admins, when no configuration is selected. */
export function showsNewConfigurationButton(
  role: Role,
  selectedConfigurationId: string | null | undefined,
): boolean {
  return role === "admin" && !selectedConfigurationId;
}
