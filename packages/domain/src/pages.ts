/**
 * The page manifest: every screen of the portals' shell with its path, title, icon, roles, menu group
 * and whether it works on the selected configuration (spec 01 §2). The sidebar, both portals' route
 * tables and the server's global search read it, so the three cannot disagree.
 *
 * Titles are keys; their English texts are here (the server searches them, the portals derive their
 * English `pages` translations from them), the other languages are in the portals' translations.
 * Icons are react-icons names (the global search answers them), mapped to components by the portals.
 */
import { roles, type Role } from "./roles";

/** English titles of pages, and the shorter labels some pages have inside their menu group. */
export const pageTitles = {
  dashboard: "Dashboard",
  dashboardCrm: "CRM dashboard",
  dashboardEcommerce: "E-commerce dashboard",
  customers: "Customers",
  leads: "Leads",
  users: "Users",
  settingsGeneral: "General settings",
  settingsAiSettings: "AI settings",
  settingsAiFunctions: "AI functions",
  settingsInstructions: "Instructions",
  settingsConnections: "Connections",
  settingsDataTraining: "Data training",
  settingsDesign: "Design",
  settingsTest: "Test",
  manageFaq: "Manage FAQ",
  manageUrls: "Manage URLs",
  conversationsLive: "Live conversations",
  conversationsHistory: "Conversation history",
  conversationsPostprocessed: "Postprocessed conversations",
  aiAssistant: "AI assistant",
  prompting: "Prompting",
  faq: "FAQ",
  urls: "URLs",
  design: "Design",
  testEnvironment: "Test environment",
  addToWebsite: "Add to website",
  contactPremium: "Premium features",
  customerProfile: "Customer profile",
  subscription: "Subscription",
  pricing: "Pricing",
  invoices: "Invoices",
  notifications: "Notifications",
  // Labels inside a menu group, where the group says the rest.
  general: "General",
  live: "Live",
  history: "History",
  postprocessed: "Postprocessed",
  moreInfo: "More info",
} as const;
export type PageTitleKey = keyof typeof pageTitles;

/** The react-icons names pages and groups use; the portals bundle exactly these. */
export const pageIconNames = [
  "LuLayoutDashboard",
  "LuChartLine",
  "LuShoppingCart",
  "LuBuilding2",
  "LuUserPlus",
  "LuUsers",
  "LuSettings",
  "LuBrain",
  "LuWorkflow",
  "LuScrollText",
  "LuPlug",
  "LuDatabase",
  "LuPalette",
  "LuFlaskConical",
  "LuBookOpen",
  "LuLink",
  "LuMessagesSquare",
  "LuHistory",
  "LuFileCheck",
  "LuBot",
  "LuCode",
  "LuSparkles",
  "LuUser",
  "LuCreditCard",
  "LuReceipt",
  "LuBell",
] as const;
export type PageIconName = (typeof pageIconNames)[number];

export interface PageGroup {
  title: string;
  icon: PageIconName;
  /** Drawn apart from the other groups (the self-onboarding customer's premium offer). */
  highlighted?: boolean;
  /** Lists the premium features as locked items after its pages (spec 01 §2, customer_so). */
  listsLockedPremiumFeatures?: boolean;
}

export const pageGroups = {
  settings: { title: "Settings", icon: "LuSettings" },
  data: { title: "Data", icon: "LuDatabase" },
  conversations: { title: "Conversations", icon: "LuMessagesSquare" },
  knowledgeBase: { title: "Knowledge base", icon: "LuBookOpen" },
  premiumFeatures: { title: "Premium features", icon: "LuSparkles", highlighted: true, listsLockedPremiumFeatures: true },
} as const satisfies Record<string, PageGroup>;
export type PageGroupId = keyof typeof pageGroups;

export interface PortalPage {
  /** Absolute path inside the portal, e.g. `/assistant/faq`. */
  path: string;
  titleKey: PageTitleKey;
  /** A shorter label inside its menu group ("Live" under Conversations); the title otherwise. */
  menuTitleKey?: PageTitleKey;
  icon: PageIconName;
  roles: readonly Role[];
  /** Where the sidebar shows it: a group, the top level, or not at all (reached by search or the profile menu). */
  menu: PageGroupId | "top" | "none";
  /** The page works on the configuration selected in the sidebar. */
  needsConfiguration: boolean;
}

const admin = ["admin"] as const;
const customers = ["customer", "customer_so"] as const;
const selfOnboarding = ["customer_so"] as const;

/** Every page, in menu order (a group stands where its first page stands). */
export const portalPages: readonly PortalPage[] = [
  { path: "/", titleKey: "dashboard", icon: "LuLayoutDashboard", roles: admin, menu: "top", needsConfiguration: false },
  { path: "/customer", titleKey: "dashboard", icon: "LuLayoutDashboard", roles: customers, menu: "top", needsConfiguration: false },
  { path: "/dashboard-crm", titleKey: "dashboardCrm", icon: "LuChartLine", roles: admin, menu: "none", needsConfiguration: false },
  { path: "/dashboard/ecommerce", titleKey: "dashboardEcommerce", icon: "LuShoppingCart", roles: admin, menu: "none", needsConfiguration: false },
  { path: "/customers", titleKey: "customers", icon: "LuBuilding2", roles: admin, menu: "top", needsConfiguration: false },
  { path: "/leads", titleKey: "leads", icon: "LuUserPlus", roles: admin, menu: "top", needsConfiguration: false },
  { path: "/users", titleKey: "users", icon: "LuUsers", roles: admin, menu: "top", needsConfiguration: false },
  { path: "/settings/general", titleKey: "settingsGeneral", menuTitleKey: "general", icon: "LuSettings", roles: admin, menu: "settings", needsConfiguration: true },
  { path: "/settings/ai-settings", titleKey: "settingsAiSettings", icon: "LuBrain", roles: admin, menu: "settings", needsConfiguration: true },
  { path: "/settings/functions", titleKey: "settingsAiFunctions", icon: "LuWorkflow", roles: admin, menu: "settings", needsConfiguration: true },
  { path: "/settings/instructions", titleKey: "settingsInstructions", icon: "LuScrollText", roles: admin, menu: "settings", needsConfiguration: true },
  { path: "/settings/connections", titleKey: "settingsConnections", icon: "LuPlug", roles: admin, menu: "settings", needsConfiguration: true },
  { path: "/settings/datatraining", titleKey: "settingsDataTraining", icon: "LuDatabase", roles: admin, menu: "settings", needsConfiguration: true },
  { path: "/settings/design", titleKey: "settingsDesign", icon: "LuPalette", roles: admin, menu: "settings", needsConfiguration: true },
  { path: "/settings/test", titleKey: "settingsTest", icon: "LuFlaskConical", roles: admin, menu: "settings", needsConfiguration: true },
  { path: "/dataset/view", titleKey: "manageFaq", icon: "LuBookOpen", roles: admin, menu: "data", needsConfiguration: true },
  { path: "/assistant/links", titleKey: "manageUrls", icon: "LuLink", roles: admin, menu: "data", needsConfiguration: true },
  { path: "/conversations/live", titleKey: "conversationsLive", menuTitleKey: "live", icon: "LuMessagesSquare", roles, menu: "conversations", needsConfiguration: true },
  { path: "/conversations/history", titleKey: "conversationsHistory", menuTitleKey: "history", icon: "LuHistory", roles, menu: "conversations", needsConfiguration: true },
  { path: "/conversations/postprocessed", titleKey: "conversationsPostprocessed", menuTitleKey: "postprocessed", icon: "LuFileCheck", roles: ["customer"], menu: "conversations", needsConfiguration: true },
  // The customer's Manage FAQ is the dataset view admins use; the self-onboarding customer has the FAQ screen.
  { path: "/dataset/view", titleKey: "manageFaq", icon: "LuBookOpen", roles: ["customer"], menu: "knowledgeBase", needsConfiguration: true },
  { path: "/assistant/prompting", titleKey: "prompting", icon: "LuScrollText", roles: selfOnboarding, menu: "knowledgeBase", needsConfiguration: true },
  { path: "/assistant/faq", titleKey: "faq", icon: "LuBookOpen", roles: selfOnboarding, menu: "knowledgeBase", needsConfiguration: true },
  { path: "/assistant/links", titleKey: "urls", icon: "LuLink", roles: selfOnboarding, menu: "knowledgeBase", needsConfiguration: true },
  { path: "/assistant/design", titleKey: "design", icon: "LuPalette", roles: selfOnboarding, menu: "top", needsConfiguration: true },
  { path: "/assistant/test", titleKey: "testEnvironment", icon: "LuFlaskConical", roles: customers, menu: "top", needsConfiguration: true },
  { path: "/assistant/embedding", titleKey: "addToWebsite", icon: "LuCode", roles: selfOnboarding, menu: "top", needsConfiguration: true },
  { path: "/contact-premium", titleKey: "contactPremium", menuTitleKey: "moreInfo", icon: "LuSparkles", roles: selfOnboarding, menu: "premiumFeatures", needsConfiguration: false },
  { path: "/aiassistant", titleKey: "aiAssistant", icon: "LuBot", roles: customers, menu: "none", needsConfiguration: true },
  { path: "/customer-profile", titleKey: "customerProfile", icon: "LuUser", roles: customers, menu: "none", needsConfiguration: false },
  { path: "/subscription/view", titleKey: "subscription", icon: "LuCreditCard", roles: ["customer"], menu: "none", needsConfiguration: false },
  { path: "/pricing", titleKey: "pricing", icon: "LuCreditCard", roles: selfOnboarding, menu: "none", needsConfiguration: false },
  { path: "/subscription/invoices", titleKey: "invoices", icon: "LuReceipt", roles: customers, menu: "none", needsConfiguration: false },
  // The notification bell's "View all".
  { path: "/notifications", titleKey: "notifications", icon: "LuBell", roles, menu: "none", needsConfiguration: false },
];

/** The pages a role may open, in menu order. */
export function pagesFor(role: Role): PortalPage[] {
  return portalPages.filter((page) => page.roles.includes(role));
}

/** Who may open a path: every role any manifest entry of it names (a path may be listed for several roles). */
export function rolesOfPath(path: string): Role[] {
  return roles.filter((role) => portalPages.some((page) => page.path === path && page.roles.includes(role)));
}

/** The portal that serves a role: admins have their own, both customer roles share one. */
export type PortalKind = "admin" | "customer";

export function portalOf(role: Role): PortalKind {
  return role === "admin" ? "admin" : "customer";
}

/** The pages a portal serves, one per path (a path may be listed for several roles). */
export function pagesOfPortal(portal: PortalKind): PortalPage[] {
  const byPath = new Map<string, PortalPage>();
  for (const page of portalPages) {
    if (page.roles.some((role) => portalOf(role) === portal) && !byPath.has(page.path)) byPath.set(page.path, page);
  }
  return [...byPath.values()];
}
