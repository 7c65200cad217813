import { pageTitles, pagesFor, portalPages } from "@parley/domain/pages";
import type { Role } from "@parley/domain/roles";
import type { TFunction } from "i18next";
import type { SearchResult } from "./recent";

/** The group the global search answers pages under (its group names are English words, not keys). */
export const pagesGroup = "Pages";

/**
 * The title of a hit in the interface language: the server answers a page's English title (spec 01 §2),
 * which names its manifest entry; other hits keep the name they have.
 */
export function displayTitle(hit: SearchResult, t: TFunction): string {
  if (hit.group !== pagesGroup) return hit.title;
  const page = portalPages.find((entry) => entry.path === hit.url && pageTitles[entry.titleKey] === hit.title);
  return page ? t(`pages:titles.${page.titleKey}`) : hit.title;
}

/** The group's heading in the interface language (an unknown group keeps its own name). */
export function displayGroup(group: string, t: TFunction): string {
  return t(`shell:search.groups.${group}`, { defaultValue: group });
}

/**
 * The role's pages whose title in the interface language holds the query, as search hits: the server
 * matches English titles only, so a French "Clients" would not find the customers page.
 */
export function pageHitsInLanguage(role: Role | undefined, query: string, t: TFunction): SearchResult[] {
  const text = query.trim().toLowerCase();
  if (!role || text === "") return [];
  return pagesFor(role)
    .filter((page) => t(`pages:titles.${page.titleKey}`).toLowerCase().includes(text))
    .map((page) => ({ title: pageTitles[page.titleKey], icon: page.icon, group: pagesGroup, url: page.path }));
}

/** The pages found in the interface language first, then the server's hits without the same pages again. */
export function withPageHits(local: SearchResult[], server: SearchResult[]): SearchResult[] {
  const localUrls = new Set(local.map((hit) => hit.url));
  const serverPages = server.filter((hit) => hit.group === pagesGroup && !localUrls.has(hit.url));
  return [...local, ...serverPages, ...server.filter((hit) => hit.group !== pagesGroup)];
}
