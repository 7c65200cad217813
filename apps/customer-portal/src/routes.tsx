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
  RegisterPage,
  ResetPasswordPage,
  RouteErrorPage,
  SelfOnboardingPage,
  ServerErrorPage,
  pagesRouteId,
  revalidateOnEveryNavigation,
  type GuardFor,
} from "@parley/ui";
import type { ReactNode } from "react";
import { Navigate, type RouteObject } from "react-router-dom";

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
        {
          id: pagesRouteId,
          element: lazy(<AppShell title="Parley" />),
          // The pages of the page manifest that customers open join these when first needed (lazy route discovery).
          // The onboarding page is inside the shell too, so a new account has its profile menu and sign-out.
          children: [
            { index: true, element: <Navigate to="/customer" replace /> },
            { path: "self-onboarding", element: <SelfOnboardingPage /> },
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
