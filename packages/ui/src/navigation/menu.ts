import { premiumFeatures } from "@parley/domain/products";
import type { Role } from "@parley/domain/roles";

/**
 * Navigation by role (spec 01 §2). Labels are i18n keys under `nav.`; icons are names resolved by
 * the sidebar. Items that need a selected configuration say so.
 */
export interface NavLink {
  kind: "link";
  id: string;
  labelKey: string;
  to: string;
  icon: NavIconName;
  disabled?: boolean;
  needsConfiguration?: boolean;
  /** Shows the live-conversation count beside the label. */
  badge?: "liveCount";
}

export interface NavGroup {
  kind: "group";
  id: string;
  labelKey: string;
  icon: NavIconName;
  children: NavLink[];
  highlighted?: boolean;
  needsConfiguration?: boolean;
}

export type NavEntry = NavLink | NavGroup;

export type NavIconName =
  | "dashboard"
  | "customers"
  | "leads"
  | "users"
  | "settings"
  | "data"
  | "conversations"
  | "knowledge"
  | "design"
  | "test"
  | "embed"
  | "premium"
  | "dot";

const link = (id: string, to: string, icon: NavIconName = "dot", extra: Partial<NavLink> = {}): NavLink => ({
  kind: "link",
  id,
  labelKey: `nav.${id}`,
  to,
  icon,
  ...extra,
});

const group = (id: string, icon: NavIconName, children: NavLink[], extra: Partial<NavGroup> = {}): NavGroup => ({
  kind: "group",
  id,
  labelKey: `nav.${id}`,
  icon,
  children,
  ...extra,
});

export const adminNavigation: NavEntry[] = [
  link("dashboard", "/", "dashboard"),
  link("customers", "/customers", "customers"),
  link("leads", "/leads", "leads"),
  link("users", "/users", "users"),
  group(
    "settings",
    "settings",
    [
      link("settingsGeneral", "/settings/general"),
      link("settingsAiSettings", "/settings/ai-settings"),
      link("settingsAiFunctions", "/settings/functions"),
      link("settingsInstructions", "/settings/instructions"),
      link("settingsConnections", "/settings/connections"),
      link("settingsDataTraining", "/settings/datatraining"),
      link("settingsDesign", "/settings/design"),
      link("settingsTest", "/settings/test"),
    ],
    { needsConfiguration: true },
  ),
  group("data", "data", [link("manageFaq", "/dataset/view"), link("manageUrls", "/assistant/links")], {
    needsConfiguration: true,
  }),
  group(
    "conversations",
    "conversations",
    [link("conversationsLive", "/conversations/live", "dot", { badge: "liveCount" }), link("conversationsHistory", "/conversations/history")],
    { needsConfiguration: true },
  ),
];

export const customerSelfOnboardingNavigation: NavEntry[] = [
  link("dashboard", "/customer", "dashboard"),
  group("conversations", "conversations", [
    link("conversationsLive", "/conversations/live", "dot", { badge: "liveCount" }),
    link("conversationsHistory", "/conversations/history"),
  ]),
  group("knowledgeBase", "knowledge", [
    link("prompting", "/assistant/prompting"),
    link("faq", "/assistant/faq"),
    link("urls", "/assistant/links"),
  ]),
  link("design", "/assistant/design", "design"),
  link("testEnvironment", "/assistant/test", "test"),
  link("addToWebsite", "/assistant/embedding", "embed"),
  group(
    "premiumFeatures",
    "premium",
    [
      link("moreInfo", "/contact-premium"),
      ...premiumFeatures.map((id) => link(id, `/contact-premium?feature=${id}`, "dot", { disabled: true })),
    ],
    { highlighted: true },
  ),
];

export const customerNavigation: NavEntry[] = [
  link("dashboard", "/customer", "dashboard"),
  group("conversations", "conversations", [
    link("conversationsLive", "/conversations/live", "dot", { badge: "liveCount" }),
    link("conversationsHistory", "/conversations/history"),
    link("conversationsPostprocessed", "/conversations/postprocessed"),
  ]),
  group("knowledgeBase", "knowledge", [link("manageFaq", "/dataset/view")]),
  link("testEnvironment", "/assistant/test", "test"),
];

export function navigationFor(role: Role): NavEntry[] {
  switch (role) {
    case "admin":
      return adminNavigation;
    case "customer_so":
      return customerSelfOnboardingNavigation;
    case "customer":
      return customerNavigation;
  }
}

/** Every enabled link of a navigation table, groups flattened. */
export function navigationLinks(entries: NavEntry[]): NavLink[] {
  return entries.flatMap((entry) => (entry.kind === "group" ? entry.children : [entry]));
}

function pathOf(to: string): string {
  return to.split("?")[0] ?? to;
}

/** Whether a link matches the current path (the dashboard only exactly). */
export function isLinkActive(entry: NavLink, pathname: string): boolean {
  const target = pathOf(entry.to);
  if (entry.disabled) return false;
  if (target === "/" || target === "/customer") return pathname === target;
  return pathname === target || pathname.startsWith(`${target}/`);
}

/** The group that holds the current path, highlighted and opened in the sidebar. */
export function activeGroupId(entries: NavEntry[], pathname: string): string | null {
  for (const entry of entries) {
    if (entry.kind === "group" && entry.children.some((child) => isLinkActive(child, pathname))) return entry.id;
  }
  return null;
}
