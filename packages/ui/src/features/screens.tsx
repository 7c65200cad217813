import { pagesOfPortal, type PortalKind } from "@parley/domain/pages";
import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
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
export const HomePage = lazyNamed(() => import("./home/HomePage"), "HomePage", { namespaces: ["home"] });
export const CustomersPage = lazyNamed(() => import("./customers/CustomersPage"), "CustomersPage", { namespaces: ["customers", "lists", "messages"] });
export const UsersPage = lazyNamed(() => import("./users/UsersPage"), "UsersPage", { namespaces: ["users", "lists", "messages"] });
export const LeadsPage = lazyNamed(() => import("./leads/LeadsPage"), "LeadsPage", { namespaces: ["leads", "lists", "messages"] });
export const ComingSoonContent = lazyNamed(() => import("./misc/MessagePage"), "ComingSoonContent", { namespaces: ["misc"] });
export const ComingSoonPage = lazyNamed(() => import("./misc/MessagePage"), "ComingSoonPage", { namespaces: ["misc"] });
export const NotFoundPage = lazyNamed(() => import("./misc/MessagePage"), "NotFoundPage", { namespaces: ["misc"] });
export const NotAuthorizedPage = lazyNamed(() => import("./misc/MessagePage"), "NotAuthorizedPage", { namespaces: ["misc"] });
export const MaintenancePage = lazyNamed(() => import("./misc/MessagePage"), "MaintenancePage", { namespaces: ["misc"] });
export const ServerErrorPage = lazyNamed(() => import("./misc/MessagePage"), "ServerErrorPage", { namespaces: ["misc"] });
export const RouteErrorPage = lazyNamed(() => import("./misc/MessagePage"), "RouteErrorPage", { namespaces: ["misc"] });

/** The features' screens of manifest pages; a page without one shows 'coming soon' under its title until its feature lands. */
const pageScreens: Partial<Record<string, ComponentType>> = {
  "/": HomePage,
  "/customer": HomePage,
  "/customers": CustomersPage,
  "/users": UsersPage,
  "/leads": LeadsPage,
};

/** The routes inside the shell of a portal: one per page of the page manifest the portal serves. */
export function pageRoutes(portal: PortalKind): RouteObject[] {
  return pagesOfPortal(portal).map((page) => {
    const Screen = pageScreens[page.path];
    const element = Screen ? <Screen /> : <ComingSoonContent titleKey={`pages:titles.${page.titleKey}`} />;
    return page.path === "/" ? { index: true, element } : { path: page.path.slice(1), element };
  });
}
