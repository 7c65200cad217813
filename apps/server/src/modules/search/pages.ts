import type { Role } from "../../platform/http/operations";

export interface PortalPage {
  title: string;
  icon: string;
  url: string;
  roles: readonly Role[];
}

const admin = ["admin"] as const;
const customers = ["customer", "customer_so"] as const;
const everyone = ["admin", "customer", "customer_so"] as const;

/**
 * The portal screens the search dialog can open, per role (spec 01 §2 navigation). Titles are the
 * English menu labels; the portals show their own translation of the page they open.
 */
export const portalPages: readonly PortalPage[] = [
  { title: "Dashboard", icon: "LuLayoutDashboard", url: "/", roles: admin },
  { title: "Dashboard", icon: "LuLayoutDashboard", url: "/customer", roles: customers },
  { title: "Customers", icon: "LuBuilding2", url: "/customers", roles: admin },
  { title: "Leads", icon: "LuUserPlus", url: "/leads", roles: admin },
  { title: "Users", icon: "LuUsers", url: "/users", roles: admin },
  { title: "General settings", icon: "LuSettings", url: "/settings/general", roles: admin },
  { title: "AI settings", icon: "LuBrain", url: "/settings/ai-settings", roles: admin },
  { title: "AI functions", icon: "LuWorkflow", url: "/settings/functions", roles: admin },
  { title: "Instructions", icon: "LuScrollText", url: "/settings/instructions", roles: admin },
  { title: "Connections", icon: "LuPlug", url: "/settings/connections", roles: admin },
  { title: "Data training", icon: "LuDatabase", url: "/settings/datatraining", roles: admin },
  { title: "Design", icon: "LuPalette", url: "/settings/design", roles: admin },
  { title: "Test", icon: "LuFlaskConical", url: "/settings/test", roles: admin },
  { title: "Manage FAQ", icon: "LuBookOpen", url: "/dataset/view", roles: admin },
  { title: "Live conversations", icon: "LuMessagesSquare", url: "/conversations/live", roles: everyone },
  { title: "Conversation history", icon: "LuHistory", url: "/conversations/history", roles: everyone },
  { title: "Postprocessed conversations", icon: "LuFileCheck", url: "/conversations/postprocessed", roles: ["customer"] },
  { title: "Prompting", icon: "LuScrollText", url: "/assistant/prompting", roles: ["customer_so"] },
  { title: "Manage FAQ", icon: "LuBookOpen", url: "/assistant/faq", roles: customers },
  { title: "URLs", icon: "LuLink", url: "/assistant/links", roles: ["customer_so"] },
  { title: "Design", icon: "LuPalette", url: "/assistant/design", roles: ["customer_so"] },
  { title: "Test environment", icon: "LuFlaskConical", url: "/assistant/test", roles: customers },
  { title: "Add to website", icon: "LuCode", url: "/assistant/embedding", roles: ["customer_so"] },
  { title: "Profile", icon: "LuUser", url: "/customer-profile", roles: customers },
  { title: "Subscription", icon: "LuCreditCard", url: "/subscription/view", roles: ["customer"] },
  { title: "Pricing", icon: "LuCreditCard", url: "/pricing", roles: ["customer_so"] },
  { title: "Invoices", icon: "LuReceipt", url: "/subscription/invoices", roles: customers },
];
