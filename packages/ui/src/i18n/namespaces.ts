import { pageGroups, pageTitles } from "@parley/domain/pages";
import type { LanguageCode } from "@parley/domain/locale";

type Translations = Record<string, unknown>;
type Loader = (language: LanguageCode) => Promise<{ default: Translations }>;

/** English page titles and group names come from the page manifest, which the server's search reads too. */
export const englishPageTranslations: Translations = {
  titles: pageTitles,
  groups: Object.fromEntries(Object.entries(pageGroups).map(([id, group]) => [id, group.title])),
};

/**
 * Every translation namespace and where its files are: each loads when a screen that uses it does
 * (React.lazy and i18next's `useTranslation(namespace)` together), so screens added later never weigh
 * on the sign-in page. `common` (English) ships with the entry.
 */
export const namespaceLoaders = {
  common: (language) => import(`../locales/${language}.json`),
  messages: (language) => import(`../forms/locales/${language}.json`),
  shell: (language) => import(`../shell/locales/${language}.json`),
  pages: (language) => (language === "en" ? Promise.resolve({ default: englishPageTranslations }) : import(`../navigation/locales/${language}.json`)),
  auth: (language) => import(`../features/auth/locales/${language}.json`),
  home: (language) => import(`../features/home/locales/${language}.json`),
  misc: (language) => import(`../features/misc/locales/${language}.json`),
  settings: (language) => import(`../features/settings/locales/${language}.json`),
} satisfies Record<string, Loader>;

export type Namespace = keyof typeof namespaceLoaders;
export const namespaces = Object.keys(namespaceLoaders) as Namespace[];

export function isNamespace(value: string): value is Namespace {
  return Object.hasOwn(namespaceLoaders, value);
}
