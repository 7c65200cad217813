import type { NamespaceLoader } from "../i18n/namespaces";

/**
 * The translation namespaces of the features behind the signed-in shell. This module loads with the
 * page routes (lazy route discovery), never with the entry; `pageRoutes` registers the loaders.
 */
export const featureNamespaceLoaders = {
  lists: (language) => import(`../lists/locales/${language}.json`),
  customers: (language) => import(`./customers/locales/${language}.json`),
  users: (language) => import(`./users/locales/${language}.json`),
  leads: (language) => import(`./leads/locales/${language}.json`),
  dataset: (language) => import(`./dataset/locales/${language}.json`),
  settings: (language) => import(`./settings/locales/${language}.json`),
  trainingUrls: (language) => import(`./training-urls/locales/${language}.json`),
  functions: (language) => import(`./functions/locales/${language}.json`),
  training: (language) => import(`./training/locales/${language}.json`),
  design: (language) => import(`./design/locales/${language}.json`),
  history: (language) => import(`./history/locales/${language}.json`),
  live: (language) => import(`./live/locales/${language}.json`),
  corrections: (language) => import(`./corrections/locales/${language}.json`),
  premium: (language) => import(`./premium/locales/${language}.json`),
  onboarding: (language) => import(`./onboarding/locales/${language}.json`),
  billing: (language) => import(`./billing/locales/${language}.json`),
  adminSubscription: (language) => import(`./admin-subscription/locales/${language}.json`),
  crmDashboard: (language) => import(`./crm-dashboard/locales/${language}.json`),
  ecommerceDashboard: (language) => import(`./ecommerce-dashboard/locales/${language}.json`),
  assistantHome: (language) => import(`./assistant-home/locales/${language}.json`),
  notifications: (language) => import(`./notifications/locales/${language}.json`),
} satisfies Record<string, NamespaceLoader>;

export type FeatureNamespace = keyof typeof featureNamespaceLoaders;
