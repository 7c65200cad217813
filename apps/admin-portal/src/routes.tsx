import {
  AppShell,
  ComingSoonPage,
  ForgotPasswordPage,
  GoogleCallbackPage,
  GuardedOutlet,
  LazyBoundary,
  LoginPage,
  MaintenancePage,
  NotAuthorizedPage,
  NotFoundPage,
  PageLoader,
  PaymentSuccessPage,
  ResetPasswordPage,
  RouteErrorPage,
  ServerErrorPage,
  pagesRouteId,
  revalidateOnEveryNavigation,
  type GuardFor,
} from "@parley/ui";
import type { ReactNode } from "react";
import type { RouteObject } from "react-router-dom";

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
        { path: "login", element: lazy(<LoginPage portal="admin" />) },
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
        { path: "payment-success", element: lazy(<PaymentSuccessPage />) },
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
        // The pages of the page manifest that admins open join this route when first needed (lazy route discovery).
        { id: pagesRouteId, element: lazy(<AppShell title="Parley Admin" />) },
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
