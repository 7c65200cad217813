import { pagesOfPortal, rolesOfPath, type PortalKind } from "@parley/domain/pages";
import type { Role } from "@parley/domain/roles";
import type { ComponentType, ReactNode } from "react";
import type { RouteObject } from "react-router-dom";
import { registerNamespaces } from "../i18n/namespaces";
import { lazyNamed } from "../routing";
import { featureNamespaceLoaders } from "./featureNamespaces";
import { useSessionUser } from "../shell/useSessionUser";
import { ComingSoonContent, HomePage } from "./screens";

// The screens behind the shell: declared here, in the page routes' chunk, not in the entry (size budget).
const CustomersPage = lazyNamed(() => import("./customers/CustomersPage"), "CustomersPage", { namespaces: ["customers", "lists", "messages"] });
const CustomerProfilePage = lazyNamed(() => import("./customers/CustomerProfilePage"), "CustomerProfilePage", { namespaces: ["customers", "messages"] });
const UsersPage = lazyNamed(() => import("./users/UsersPage"), "UsersPage", { namespaces: ["users", "lists", "messages"] });
const LeadsPage = lazyNamed(() => import("./leads/LeadsPage"), "LeadsPage", { namespaces: ["leads", "lists", "messages"] });
const FaqEditorPage = lazyNamed(() => import("./dataset/FaqEditorPage"), "FaqEditorPage", { namespaces: ["dataset", "corrections", "messages", "pages"] });
const UrlManagerPage = lazyNamed(() => import("./training-urls/UrlManagerPage"), "UrlManagerPage", { namespaces: ["trainingUrls", "messages", "pages"] });
const DataTrainingPage = lazyNamed(() => import("./training/DataTrainingPage"), "DataTrainingPage", { namespaces: ["training", "trainingUrls", "messages", "lists", "pages"] });
const NotificationsPage = lazyNamed(() => import("./notifications/NotificationsPage"), "NotificationsPage", { namespaces: ["notifications", "shell", "pages"] });
const LiveConversationsPage = lazyNamed(() => import("./live/LiveConversationsPage"), "LiveConversationsPage", { namespaces: ["live", "corrections", "shell", "pages"] });
// One lazy entry for every settings screen.
const SettingsPage = lazyNamed(() => import("./settings/SettingsPages"), "SettingsPage", { namespaces: ["settings", "billing", "messages", "pages", "shell"] });
const FunctionsPage = lazyNamed(() => import("./functions/FunctionsPage"), "FunctionsPage", { namespaces: ["functions", "settings", "messages", "lists", "pages", "shell"] });
// The widget's Design, Test environment and Add to website screens, each its own chunk.
const DesignPage = lazyNamed(() => import("./design/DesignPage"), "DesignPage", { namespaces: ["design", "messages", "pages"] });
const TestEnvironmentPage = lazyNamed(() => import("./design/TestEnvironmentPage"), "TestEnvironmentPage", { namespaces: ["design", "messages", "pages"] });
const AddToWebsitePage = lazyNamed(() => import("./design/AddToWebsitePage"), "AddToWebsitePage", { namespaces: ["design", "messages", "pages"] });
const HistoryPage = lazyNamed(() => import("./history/HistoryPage"), "HistoryPage", { namespaces: ["history", "corrections", "lists", "messages", "pages"] });
const PostProcessedPage = lazyNamed(() => import("./history/PostProcessedPage"), "PostProcessedPage", { namespaces: ["history", "lists", "messages", "pages"] });
const ContactPremiumPage = lazyNamed(() => import("./premium/ContactPremiumPage"), "ContactPremiumPage", { namespaces: ["premium", "shell", "messages", "pages"] });
// The customer's subscription, pricing and invoices, each its own chunk.
const SubscriptionPage = lazyNamed(() => import("./billing/SubscriptionPage"), "SubscriptionPage", { namespaces: ["billing", "customers", "lists", "messages", "pages"] });
const PricingPage = lazyNamed(() => import("./billing/PricingPage"), "PricingPage", { namespaces: ["billing", "customers", "messages", "pages"] });
const InvoicesPage = lazyNamed(() => import("./billing/InvoicesPage"), "InvoicesPage", { namespaces: ["billing", "messages", "pages"] });
// The dashboards of provider staff and the customer's assistant home, each its own chunk.
const CrmDashboardPage = lazyNamed(() => import("./crm-dashboard/CrmDashboardPage"), "CrmDashboardPage", { namespaces: ["crmDashboard", "billing", "messages", "pages"] });
const EcommerceDashboardPage = lazyNamed(() => import("./ecommerce-dashboard/EcommerceDashboardPage"), "EcommerceDashboardPage", { namespaces: ["ecommerceDashboard", "messages", "pages", "shell"] });
const AssistantHomePage = lazyNamed(() => import("./assistant-home/AssistantHomePage"), "AssistantHomePage", { namespaces: ["assistantHome", "billing", "messages", "pages", "shell"] });
// A page that works on the selected configuration shows "select a configuration" while none is selected.
const NeedsConfiguration = lazyNamed(() => import("./misc/MessagePage"), "NeedsConfiguration", { namespaces: ["misc", "shell"] });
const NotAuthorizedContent = lazyNamed(() => import("./misc/MessagePage"), "NotAuthorizedContent", { namespaces: ["misc"] });

/**
 * A page opens for the roles the manifest gives its path, whichever way it is reached (menu, address,
 * search): the guard has just checked the token and stored its role, which this reads.
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const role = useSessionUser()?.role;
  return role && roles.includes(role) ? children : <NotAuthorizedContent />;
}

/** The features' screens of manifest pages; a page without one shows 'coming soon' under its title until its feature lands. */
const pageScreens: Partial<Record<string, ComponentType<{ titleKey?: string }>>> = {
  "/": HomePage,
  "/customer": HomePage,
  "/dashboard-crm": CrmDashboardPage,
  // The manifest does not ask a configuration of it (an admin's dashboard), but the webshop is one configuration's.
  "/dashboard/ecommerce": (props) => (
    <NeedsConfiguration allowsNew={false}>
      <EcommerceDashboardPage {...props} />
    </NeedsConfiguration>
  ),
  "/aiassistant": AssistantHomePage,
  "/customers": CustomersPage,
  "/customer-profile": CustomerProfilePage,
  "/users": UsersPage,
  "/leads": LeadsPage,
  "/conversations/live": LiveConversationsPage,
  "/dataset/view": FaqEditorPage,
  "/assistant/faq": FaqEditorPage,
  "/assistant/links": UrlManagerPage,
  "/settings/general": () => <SettingsPage screen="general" />,
  "/settings/ai-settings": () => <SettingsPage screen="aiSettings" />,
  "/settings/functions": FunctionsPage,
  "/settings/instructions": () => <SettingsPage screen="instructions" />,
  "/settings/connections": () => <SettingsPage screen="connections" />,
  "/settings/datatraining": DataTrainingPage,
  "/assistant/prompting": () => <SettingsPage screen="prompting" />,
  "/settings/design": DesignPage,
  "/settings/test": TestEnvironmentPage,
  "/assistant/design": DesignPage,
  "/assistant/test": TestEnvironmentPage,
  "/assistant/embedding": AddToWebsitePage,
  "/conversations/history": HistoryPage,
  "/conversations/postprocessed": PostProcessedPage,
  "/contact-premium": ContactPremiumPage,
  "/subscription/view": SubscriptionPage,
  "/pricing": PricingPage,
  "/subscription/invoices": InvoicesPage,
  "/notifications": NotificationsPage,
};

/**
 * Screens a portal shows at a path instead of the shared one: the self-onboarding customer's
 * KnowledgeBase → URLs opens Data Training at its URL list; admins keep the URL manager under Data.
 */
const portalScreens: Record<PortalKind, Partial<Record<string, ComponentType<{ titleKey?: string }>>>> = {
  admin: {},
  customer: { "/assistant/links": (props) => <DataTrainingPage {...props} initialSection="urls" /> },
};

/** The page where an admin creates a configuration (`?new=1`), which needs none selected. */
const newConfigurationPage = "/settings/general";

/** The routes inside the shell of a portal: one per page of the page manifest the portal serves. */
export function pageRoutes(portal: PortalKind): RouteObject[] {
  // A call, not a side-effect import: the package declares no side effects, so a bare import would be dropped.
  registerNamespaces(featureNamespaceLoaders);
  return pagesOfPortal(portal).map((page) => {
    const Screen = portalScreens[portal][page.path] ?? pageScreens[page.path];
    const titleKey = `pages:titles.${page.titleKey}`;
    const screen = Screen ? <Screen titleKey={titleKey} /> : <ComingSoonContent titleKey={titleKey} />;
    const content = page.needsConfiguration ? <NeedsConfiguration allowsNew={page.path === newConfigurationPage}>{screen}</NeedsConfiguration> : screen;
    const element = <RequireRole roles={rolesOfPath(page.path)}>{content}</RequireRole>;
    return page.path === "/" ? { index: true, element } : { path: page.path.slice(1), element };
  });
}
