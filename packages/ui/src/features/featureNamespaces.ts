import { registerNamespaces, type NamespaceLoader } from "../i18n/namespaces";

/**
 * The translation namespaces of the features behind the signed-in shell. This module loads with the
 * page routes (lazy route discovery), never with the entry; `registerFeatureNamespaces` registers its loaders.
 */
export const featureNamespaceLoaders = {
  lists: (language) => import(`../lists/locales/${language}.json`),
  customers: (language) => import(`./customers/locales/${language}.json`),
  users: (language) => import(`./users/locales/${language}.json`),
  leads: (language) => import(`./leads/locales/${language}.json`),
  dataset: (language) => import(`./dataset/locales/${language}.json`),
  settings: (language) => import(`./settings/locales/${language}.json`),
  trainingUrls: (language) => import(`./training-urls/locales/${language}.json`),
} satisfies Record<string, NamespaceLoader>;

export type FeatureNamespace = keyof typeof featureNamespaceLoaders;

/**
 * Registers the loaders; the page routes call it as they load. A call, not a bare side-effect import:
 * the package is `sideEffects: false`, so the bundler may drop an import whose bindings are unused.
 */
export function registerFeatureNamespaces(): void {
  registerNamespaces(featureNamespaceLoaders);
}

// Importing registers too (tests and the locale check import the loaders); bundles call the function.
registerFeatureNamespaces();
