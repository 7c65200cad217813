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
export const RouteErrorPage = lazyNamed(() => import("./misc/MessagePage"), "RouteErrorPage", { namespaces: ["misc"] });
// A page that works on the selected configuration shows "select a configuration" while none is selected.
const NeedsConfiguration = lazyNamed(() => import("./misc/MessagePage"), "NeedsConfiguration", { namespaces: ["misc", "shell"] });
// One lazy entry for every settings screen, so the first route carries one import, not one per screen.
export const SettingsPage = lazyNamed(() => import("./settings/SettingsPages"), "SettingsPage", { namespaces: ["settings", "messages", "pages", "shell"] });

/** The features' screens of manifest pages; a page without one shows 'coming soon' under its title until its feature lands. */
const pageScreens: Partial<Record<string, ComponentType>> = {
  "/": HomePage,
  "/customer": HomePage,
  "/settings/general": () => <SettingsPage screen="general" />,
  "/settings/ai-settings": () => <SettingsPage screen="aiSettings" />,
  "/settings/instructions": () => <SettingsPage screen="instructions" />,
  "/settings/connections": () => <SettingsPage screen="connections" />,
  "/assistant/prompting": () => <SettingsPage screen="prompting" />,
};

/** The page where an admin creates a configuration (`?new=1`), which needs none selected. */
const newConfigurationPage = "/settings/general";

/** The routes inside the shell of a portal: one per page of the page manifest the portal serves. */
export function pageRoutes(portal: PortalKind): RouteObject[] {
  return pagesOfPortal(portal).map((page) => {
    const Screen = pageScreens[page.path];
    const screen = Screen ? <Screen /> : <ComingSoonContent titleKey={`pages:titles.${page.titleKey}`} />;
    const element = page.needsConfiguration ? <NeedsConfiguration allowsNew={page.path === newConfigurationPage}>{screen}</NeedsConfiguration> : screen;
    return page.path === "/" ? { index: true, element } : { path: page.path.slice(1), element };
  });
}
