import type { SelectedConfiguration } from "../configuration/selection";
import type { SearchResult } from "./recent";

/** The search's configuration hits carry the configuration in their address (`?configurationId=`). */
export const configurationIdParam = "configurationId";

/**
 * What choosing a search hit does: a configuration hit selects that configuration (as the sidebar's
 * selector does) and opens its page without the parameter; any other hit just opens its page.
 */
export function resolveSearchHit(result: SearchResult): { url: string; select?: SelectedConfiguration } {
  const url = new URL(result.url, "http://parley.invalid");
  const id = url.searchParams.get(configurationIdParam);
  if (!id) return { url: result.url };
  url.searchParams.delete(configurationIdParam);
  return { url: url.pathname + url.search + url.hash, select: { _id: id, name: result.title } };
}
