import { GuardedOutlet, LazyBoundary, PageLoader, lazyNamed, revalidateOnEveryNavigation, type GuardFor } from "@parley/ui";
import type { ReactNode } from "react";
import { Navigate, type RouteObject } from "react-router-dom";

const AppShell = lazyNamed(() => import("@parley/ui/shell/AppShell"), "AppShell");
const HomePage = lazyNamed(() => import("@parley/ui/screens/HomePage"), "HomePage");
// The first route: it needs none of the Chakra recipes beyond the sign-in page's (size budget, issue 5).
const LoginPage = lazyNamed(() => import("@parley/ui/screens/LoginPage"), "LoginPage", { firstRouteRecipesOnly: true });
const RegisterPage = lazyNamed(() => import("@parley/ui/screens/RegisterPage"), "RegisterPage");
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
 * Screens of the customer portal that later issues build; until then each shows a translated
 * 'coming soon' inside the shell, so no menu entry is a dead link.
 */
export const upcomingScreens: { path: string; titleKey: string }[] = [
  { path: "conversations/live", titleKey: "nav.conversationsLive" },
  { path: "conversations/history", titleKey: "nav.conversationsHistory" },
  { path: "conversations/postprocessed", titleKey: "nav.conversationsPostprocessed" },
  { path: "aiassistant", titleKey: "pages.aiAssistant" },
  { path: "assistant/prompting", titleKey: "nav.prompting" },
  { path: "assistant/faq", titleKey: "nav.faq" },
  { path: "assistant/links", titleKey: "nav.urls" },
  { path: "assistant/test", titleKey: "nav.testEnvironment" },
  { path: "assistant/design", titleKey: "nav.design" },
  { path: "assistant/embedding", titleKey: "nav.addToWebsite" },
  { path: "dataset/view", titleKey: "nav.manageFaq" },
  { path: "customer-profile", titleKey: "pages.customerProfile" },
  { path: "pricing", titleKey: "pages.pricing" },
  { path: "contact-premium", titleKey: "pages.contactPremium" },
  { path: "subscription/view", titleKey: "pages.subscription" },
  { path: "subscription/invoices", titleKey: "pages.invoices" },
];

const lazy = (element: ReactNode) => <LazyBoundary>{element}</LazyBoundary>;

const otherPortal = { otherPortalUrl: "/admin/", otherPortalNameKey: "portals.admin" };

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
        { path: "login", element: lazy(<LoginPage portal="customer" />) },
        { path: "login/google/callback", element: lazy(<GoogleCallbackPage />) },
        { path: "register", element: lazy(<RegisterPage />) },
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
        { path: "self-onboarding", element: lazy(<ComingSoonPage />) },
        {
          element: lazy(<AppShell title="Parley" />),
          children: [
            { index: true, element: <Navigate to="/customer" replace /> },
            { path: "customer", element: <HomePage /> },
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
