import { pagesOfPortal, type PortalKind } from "@parley/domain/pages";
import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import "./featureNamespaces";
import { lazyNamed } from "../routing";
import { ComingSoonContent, HomePage } from "./screens";

// The screens behind the shell: declared here, in the page routes' chunk, not in the entry (size budget).
const CustomersPage = lazyNamed(() => import("./customers/CustomersPage"), "CustomersPage", { namespaces: ["customers", "lists", "messages"] });
const UsersPage = lazyNamed(() => import("./users/UsersPage"), "UsersPage", { namespaces: ["users", "lists", "messages"] });
const LeadsPage = lazyNamed(() => import("./leads/LeadsPage"), "LeadsPage", { namespaces: ["leads", "lists", "messages"] });
const FaqEditorPage = lazyNamed(() => import("./dataset/FaqEditorPage"), "FaqEditorPage", { namespaces: ["dataset", "messages", "pages"] });
const UrlManagerPage = lazyNamed(() => import("./training-urls/UrlManagerPage"), "UrlManagerPage", { namespaces: ["trainingUrls", "messages", "pages"] });

/** The features' screens of manifest pages; a page without one shows 'coming soon' under its title until its feature lands. */
const pageScreens: Partial<Record<string, ComponentType<{ titleKey?: string }>>> = {
  "/": HomePage,
  "/customer": HomePage,
  "/customers": CustomersPage,
  "/users": UsersPage,
  "/leads": LeadsPage,
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
