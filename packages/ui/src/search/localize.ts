import { pagesFor, pageTitles, portalPages } from "@parley/domain/pages";
import type { Role } from "@parley/domain/roles";
import type { TFunction } from "i18next";
import type { SearchResult } from "./recent";

// The global search answers pages with the manifest's English titles and English group names.
const pagesGroup = "Pages";

/** A hit's title in the interface language: a page's own title; other hits are names and stay as they are. */
export function hitTitle(hit: SearchResult, t: TFunction): string {
  if (hit.group !== pagesGroup) return hit.title;
  const path = hit.url.split("?")[0];
  const page = portalPages.find((candidate) => candidate.path === path && pageTitles[candidate.titleKey] === hit.title);
  return page ? t(`pages:titles.${page.titleKey}`) : hit.title;
}

/** A group's name in the interface language (an unknown group keeps the server's name). */
export function groupLabel(group: string, t: TFunction): string {
  return t(`shell:search.groups.${group.toLowerCase()}`, { defaultValue: group });
}

/**
 * The role's pages whose title in the interface language holds the query, as hits: the server matches only
 * the English titles, so "Verlauf" would find nothing in German. They come first, then the server's hits
 * that are not one of them.
 */
export function withTranslatedPageHits(results: SearchResult[], role: Role | undefined, query: string, t: TFunction): SearchResult[] {
  const text = query.trim().toLowerCase();
  if (!role || text === "") return results;
  const pages: SearchResult[] = pagesFor(role)
    .filter((page) =>
      [page.titleKey, page.menuTitleKey].some((key) => key !== undefined && t(`pages:titles.${key}`).toLowerCase().includes(text)),
    )
    .map((page) => ({ title: pageTitles[page.titleKey], icon: page.icon, group: pagesGroup, url: page.path }));
  const urls = new Set(pages.map((page) => page.url));
  return [...pages, ...results.filter((hit) => !urls.has(hit.url))];
}
