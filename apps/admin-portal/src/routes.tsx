import { GuardedOutlet, LazyBoundary, PageLoader, lazyNamed, revalidateOnEveryNavigation, type GuardFor } from "@parley/ui";
import type { ReactNode } from "react";
import type { RouteObject } from "react-router-dom";

const AppShell = lazyNamed(() => import("@parley/ui/shell/AppShell"), "AppShell");
const HomePage = lazyNamed(() => import("@parley/ui/screens/HomePage"), "HomePage");
// The first route: it needs none of the Chakra recipes beyond the sign-in page's (size budget, issue 5).
const LoginPage = lazyNamed(() => import("@parley/ui/screens/LoginPage"), "LoginPage", { firstRouteRecipesOnly: true });
const ForgotPasswordPage = lazyNamed(() => import("@parley/ui/screens/ForgotPasswordPage"), "ForgotPasswordPage");
const ResetPasswordPage = lazyNamed(() => import("@parley/ui/screens/ResetPasswordPage"), "ResetPasswordPage");
const GoogleCallbackPage = lazyNamed(() => import("@parley/ui/screens/GoogleCallbackPage"), "GoogleCallbackPage");
const ComingSoonContent = lazyNamed(() => import("@parley/ui/screens/MessagePage"), "ComingSoonContent");
const ComingSoonPage = lazyNamed(() => import("@parley/ui/screens/MessagePage"), "ComingSoonPage");
const NotFoundPage = lazyNamed(() => import("@parley/ui/screens/MessagePage"), "NotFoundPage");
const NotAuthorizedPage = lazyNamed(() => import("@parley/ui/screens/MessagePage"), "NotAuthorizedPage");
const MaintenancePage = lazyNamed(() => import("@parley/ui/screens/MessagePage"), "MaintenancePage");
const ServerErrorPage = lazyNamed(() => import("@parley/ui/screens/MessagePage"), "ServerErrorPage");
const RouteErrorPage = lazyNamed(() => import("@parley/ui/screens/MessagePage"), "RouteErrorPage");

/**
 * Screens of the admin portal that later issues build; until then each shows a translated
 * 'coming soon' inside the shell, so no menu entry is a dead link.
 */
export const upcomingScreens: { path: string; titleKey: string }[] = [
  { path: "dashboard-crm", titleKey: "pages.dashboardCrm" },
  { path: "dashboard/ecommerce", titleKey: "pages.dashboardEcommerce" },
  { path: "customers", titleKey: "nav.customers" },
  { path: "leads", titleKey: "nav.leads" },
  { path: "users", titleKey: "nav.users" },
  { path: "conversations/live", titleKey: "nav.conversationsLive" },
  { path: "conversations/history", titleKey: "nav.conversationsHistory" },
  { path: "conversations/postprocessed", titleKey: "nav.conversationsPostprocessed" },
  { path: "aiassistant", titleKey: "pages.aiAssistant" },
  { path: "settings/general", titleKey: "nav.settingsGeneral" },
  { path: "settings/ai-settings", titleKey: "nav.settingsAiSettings" },
  { path: "settings/functions", titleKey: "nav.settingsAiFunctions" },
  { path: "settings/instructions", titleKey: "nav.settingsInstructions" },
  { path: "settings/connections", titleKey: "nav.settingsConnections" },
  { path: "settings/datatraining", titleKey: "nav.settingsDataTraining" },
  { path: "settings/design", titleKey: "nav.settingsDesign" },
  { path: "settings/test", titleKey: "nav.settingsTest" },
  { path: "dataset/view", titleKey: "nav.manageFaq" },
  { path: "assistant/links", titleKey: "nav.manageUrls" },
];

const lazy = (element: ReactNode) => <LazyBoundary>{element}</LazyBoundary>;

const otherPortal = { otherPortalUrl: "/", otherPortalNameKey: "portals.customer" };

export function buildRoutes(guard: GuardFor): RouteObject[] {
  return [
    {
      id: "public",
      loader: guard("public"),
      shouldRevalidate: revalidateOnEveryNavigation,
      hydrateFallbackElement: <PageLoader />,
      errorElement: lazy(<RouteErrorPage />),
      element: <GuardedOutlet {...otherPortal} />,
      children: [
        { path: "login", element: lazy(<LoginPage portal="admin" brand="Parley Admin" />) },
        { path: "login/google/callback", element: lazy(<GoogleCallbackPage />) },
        { path: "forgot-password", element: lazy(<ForgotPasswordPage />) },
      ],
    },
    {
      id: "always",
      loader: guard("always"),
      hydrateFallbackElement: <PageLoader />,
      errorElement: lazy(<RouteErrorPage />),
      children: [
        { path: "reset-password", element: lazy(<ResetPasswordPage />) },
        { path: "payment-success", element: lazy(<ComingSoonPage />) },
      ],
    },
    {
      id: "private",
      loader: guard("private"),
      shouldRevalidate: revalidateOnEveryNavigation,
      hydrateFallbackElement: <PageLoader />,
      errorElement: lazy(<RouteErrorPage />),
      element: <GuardedOutlet {...otherPortal} />,
      children: [
        {
          element: lazy(<AppShell title="Parley Admin" />),
          children: [
            { index: true, element: <HomePage /> },
            ...upcomingScreens.map((screen) => ({ path: screen.path, element: <ComingSoonContent titleKey={screen.titleKey} /> })),
          ],
        },
      ],
    },
    {
      id: "open",
      loader: guard("open"),
      hydrateFallbackElement: <PageLoader />,
      errorElement: lazy(<RouteErrorPage />),
      children: [
        { path: "coming-soon", element: lazy(<ComingSoonPage />) },
        { path: "under-maintenance", element: lazy(<MaintenancePage />) },
        { path: "not-authorized", element: lazy(<NotAuthorizedPage />) },
        { path: "server-error", element: lazy(<ServerErrorPage />) },
        { path: "*", element: lazy(<NotFoundPage />) },
      ],
    },
  ];
}
