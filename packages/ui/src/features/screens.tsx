import type { PortalKind } from "@parley/domain/pages";
import type { PatchRoutesOnNavigationFunction } from "react-router-dom";
import { loadNamespaces } from "../i18n/setup";
import { registerNamespaces } from "../i18n/namespaces";
import { lazyNamed } from "../routing";

/**
 * Every screen of the features, lazily loaded with its translations and (beyond the sign-in page) the
 * full Chakra system. The portals' route tables place them.
 */
export const AppShell = lazyNamed(() => import("../shell/AppShell"), "AppShell", { namespaces: ["shell", "pages"] });
// The first route of both portals: it renders with the entry's Chakra system (size budget).
export const LoginPage = lazyNamed(() => import("./auth/LoginPage"), "LoginPage", { firstRoute: true, namespaces: ["auth"] });
export const RegisterPage = lazyNamed(() => import("./auth/RegisterPage"), "RegisterPage", { namespaces: ["auth", "messages"] });
export const ForgotPasswordPage = lazyNamed(() => import("./auth/ForgotPasswordPage"), "ForgotPasswordPage", { namespaces: ["auth", "messages"] });
export const ResetPasswordPage = lazyNamed(() => import("./auth/ResetPasswordPage"), "ResetPasswordPage", { namespaces: ["auth", "messages"] });
export const GoogleCallbackPage = lazyNamed(() => import("./auth/GoogleCallbackPage"), "GoogleCallbackPage", { namespaces: ["auth", "messages"] });
export const HomePage = lazyNamed(() => import("./home/HomePage"), "HomePage", { namespaces: ["home", "messages"] });
/**
 * The payment return page sits outside the shell (it always passes the guard), so the page routes may not
 * have registered the features' translations yet: it registers them before loading its own.
 */
export const PaymentSuccessPage = lazyNamed(
  async () => {
    const [{ featureNamespaceLoaders }, screen] = await Promise.all([import("./featureNamespaces"), import("./billing/PaymentSuccessPage")]);
    registerNamespaces(featureNamespaceLoaders);
    await loadNamespaces(["billing"]);
    return screen;
  },
  "PaymentSuccessPage",
  { namespaces: ["messages"] },
);
export const ComingSoonContent = lazyNamed(() => import("./misc/MessagePage"), "ComingSoonContent", { namespaces: ["misc"] });
/**
 * The self-onboarding wizard. Its route is in the portal's table, not the page manifest, so it may open before
 * the page routes registered the features' translations: it registers them itself before loading its own.
 */
export const SelfOnboardingPage = lazyNamed(async () => {
  const [{ featureNamespaceLoaders }, page] = await Promise.all([import("./featureNamespaces"), import("./onboarding/SelfOnboardingPage")]);
  registerNamespaces(featureNamespaceLoaders);
  await loadNamespaces(["onboarding", "customers"]);
  return page;
}, "SelfOnboardingPage", { namespaces: ["messages"] });
export const ComingSoonPage = lazyNamed(() => import("./misc/MessagePage"), "ComingSoonPage", { namespaces: ["misc"] });
export const NotFoundPage = lazyNamed(() => import("./misc/MessagePage"), "NotFoundPage", { namespaces: ["misc"] });
export const NotAuthorizedPage = lazyNamed(() => import("./misc/MessagePage"), "NotAuthorizedPage", { namespaces: ["misc"] });
export const MaintenancePage = lazyNamed(() => import("./misc/MessagePage"), "MaintenancePage", { namespaces: ["misc"] });
export const ServerErrorPage = lazyNamed(() => import("./misc/MessagePage"), "ServerErrorPage", { namespaces: ["misc"] });
export const RouteErrorPage = lazyNamed(() => import("./misc/MessagePage"), "RouteErrorPage", { namespaces: ["misc"] });

/** The id of the route (the signed-in shell) that the page manifest's routes join. */
export const pagesRouteId = "pages";

/**
 * Lazy route discovery (react-router's `patchRoutesOnNavigation`): the pages of the manifest a portal
 * serves join the route `pagesRouteId` on the first navigation that may need them, so that neither the
 * manifest nor its routes are in the entry, which the sign-in page loads (size budget). Until then a
 * shell path matches only the catch-all, which is what makes react-router ask.
 */
export function discoverPageRoutes(portal: PortalKind): PatchRoutesOnNavigationFunction {
  return async ({ patch }) => {
    const { pageRoutes } = await import("./pageRoutes");
    // Patching the same routes again (a later unknown path asks again) adds nothing.
    patch(pagesRouteId, pageRoutes(portal));
  };
}
