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
export const ComingSoonContent = lazyNamed(() => import("./misc/MessagePage"), "ComingSoonContent", { namespaces: ["misc"] });
export const ComingSoonPage = lazyNamed(() => import("./misc/MessagePage"), "ComingSoonPage", { namespaces: ["misc"] });
export const NotFoundPage = lazyNamed(() => import("./misc/MessagePage"), "NotFoundPage", { namespaces: ["misc"] });
export const NotAuthorizedPage = lazyNamed(() => import("./misc/MessagePage"), "NotAuthorizedPage", { namespaces: ["misc"] });
export const MaintenancePage = lazyNamed(() => import("./misc/MessagePage"), "MaintenancePage", { namespaces: ["misc"] });
export const ServerErrorPage = lazyNamed(() => import("./misc/MessagePage"), "ServerErrorPage", { namespaces: ["misc"] });
export const FaqEditorPage = lazyNamed(() => import("./dataset/FaqEditorPage"), "FaqEditorPage", { namespaces: ["dataset", "messages", "pages"] });
export const UrlManagerPage = lazyNamed(() => import("./training-urls/UrlManagerPage"), "UrlManagerPage", { namespaces: ["trainingUrls", "messages", "pages"] });
export const RouteErrorPage = lazyNamed(() => import("./misc/MessagePage"), "RouteErrorPage", { namespaces: ["misc"] });

/** The features' screens of manifest pages; a page without one shows 'coming soon' under its title until its feature lands. */
const pageScreens: Partial<Record<string, ComponentType<{ titleKey?: string }>>> = {
  "/": HomePage,
  "/customer": HomePage,
  "/dataset/view": FaqEditorPage,
  "/assistant/faq": FaqEditorPage,
  "/assistant/links": UrlManagerPage,
};

/** The routes inside the shell of a portal: one per page of the page manifest the portal serves. */
export function pageRoutes(portal: PortalKind): RouteObject[] {
  return pagesOfPortal(portal).map((page) => {
    const Screen = pageScreens[page.path];
    const titleKey = `pages:titles.${page.titleKey}`;
    const element = Screen ? <Screen titleKey={titleKey} /> : <ComingSoonContent titleKey={titleKey} />;
    return page.path === "/" ? { index: true, element } : { path: page.path.slice(1), element };
  });
}
