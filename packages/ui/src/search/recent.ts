/** A search hit as the global search answers it (title, icon, group) plus where it leads. */
export interface SearchResult {
  title: string;
  icon: string;
  group: string;
  url: string;
}

export const recentSearchesStorageKey = "parley.recentSearches";
export const recentSearchesLimit = 5;

export function loadRecentSearches(storage: Storage = localStorage): SearchResult[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(recentSearchesStorageKey) ?? "[]");
    return Array.isArray(parsed) ? (parsed as SearchResult[]).filter((item) => typeof item?.url === "string") : [];
  } catch {
    return [];
  }
}

/** Puts a chosen hit first, without duplicates, keeping the last few. */
export function rememberSearch(result: SearchResult, storage: Storage = localStorage): SearchResult[] {
  const next = [result, ...loadRecentSearches(storage).filter((item) => item.url !== result.url)].slice(0, recentSearchesLimit);
  storage.setItem(recentSearchesStorageKey, JSON.stringify(next));
  return next;
}
