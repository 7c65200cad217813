import { pageGroups, pageTitles } from "@parley/domain/pages";

/**
 * The English `pages` namespace: page titles and group names come from the page manifest, which the
 * server's search reads too (the other languages are in ./locales). Loaded with the screens that name
 * pages, so the manifest is not in the entry.
 */
const englishPages: Record<string, unknown> = {
  titles: pageTitles,
  groups: Object.fromEntries(Object.entries(pageGroups).map(([id, group]) => [id, group.title])),
};
export default englishPages;
