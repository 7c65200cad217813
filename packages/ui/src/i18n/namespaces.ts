import type { LanguageCode } from "@parley/domain/locale";
import type { FeatureNamespace } from "../features/featureNamespaces";

type Translations = Record<string, unknown>;
export type NamespaceLoader = (language: LanguageCode) => Promise<{ default: Translations }>;

/**
 * The namespaces a visitor may need before the signed-in shell: their loaders ship with the entry.
 * Each namespace's files still load only when a screen that uses it does (React.lazy and i18next's
 * `useTranslation(namespace)` together). `common` (English) ships with the entry itself.
 */
export const coreNamespaceLoaders = {
  common: (language) => import(`../locales/${language}.json`),
  messages: (language) => import(`../forms/locales/${language}.json`),
  shell: (language) => import(`../shell/locales/${language}.json`),
  pages: (language) => (language === "en" ? import("../navigation/englishPages") : import(`../navigation/locales/${language}.json`)),
  auth: (language) => import(`../features/auth/locales/${language}.json`),
  home: (language) => import(`../features/home/locales/${language}.json`),
  misc: (language) => import(`../features/misc/locales/${language}.json`),
} satisfies Record<string, NamespaceLoader>;

export type CoreNamespace = keyof typeof coreNamespaceLoaders;
/** Every namespace: the core ones and those of the features behind the shell (`features/featureNamespaces.ts`). */
export type Namespace = CoreNamespace | FeatureNamespace;

/**
 * The loaders known so far. The features' loaders join when their route table loads
 * (`registerNamespaces`), so a feature added later never weighs on the sign-in page (size budget).
 */
const loaders = new Map<string, NamespaceLoader>(Object.entries(coreNamespaceLoaders));

export function registerNamespaces(more: Readonly<Record<string, NamespaceLoader>>): void {
  for (const [name, load] of Object.entries(more)) loaders.set(name, load);
}

/** The loader of a namespace, or undefined while its feature's code has not loaded (or for no namespace). */
export function namespaceLoader(name: string): NamespaceLoader | undefined {
  return loaders.get(name);
}
