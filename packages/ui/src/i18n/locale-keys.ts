import type { LanguageCode } from "@parley/domain/locale";
import { featureNamespaceLoaders } from "../features/featureNamespaces";
import { coreNamespaceLoaders, type Namespace, type NamespaceLoader } from "./namespaces";

/** Every namespace with its loader, core and feature (checks and tests; the app registers features lazily). */
export const allNamespaceLoaders: Record<Namespace, NamespaceLoader> = { ...coreNamespaceLoaders, ...featureNamespaceLoaders };

/** Flattens nested locale objects to dotted key paths, e.g. `auth.login.title`. */
export function flattenKeys(messages: unknown, prefix = ""): string[] {
  if (messages === null || typeof messages !== "object" || Array.isArray(messages)) return prefix ? [prefix] : [];
  return Object.entries(messages as Record<string, unknown>).flatMap(([key, value]) =>
    flattenKeys(value, prefix ? `${prefix}.${key}` : key),
  );
}

export interface LocaleKeyReport {
  missing: string[];
  extra: string[];
  empty: string[];
}

/** Compares a translation with the English source: keys it lacks, keys English does not have, empty texts. */
export function compareLocale(source: unknown, translation: unknown): LocaleKeyReport {
  const sourceKeys = new Set(flattenKeys(source));
  const translationKeys = new Set(flattenKeys(translation));
  const empty = [...translationKeys].filter((key) => {
    const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], translation);
    return typeof value !== "string" || value.trim() === "";
  });
  return {
    missing: [...sourceKeys].filter((key) => !translationKeys.has(key)),
    extra: [...translationKeys].filter((key) => !sourceKeys.has(key)),
    empty,
  };
}

/** Every difference of a language from English, in every namespace, as `nl shell: missing nav.label`. */
export async function compareNamespaces(languages: readonly LanguageCode[]): Promise<string[]> {
  const failures: string[] = [];
  for (const [namespace, load] of Object.entries(allNamespaceLoaders)) {
    const source = (await load("en")).default;
    for (const language of languages.filter((code) => code !== "en")) {
      const { missing, extra, empty } = compareLocale(source, (await load(language)).default);
      failures.push(
        ...missing.map((key) => `${language} ${namespace}: missing ${key}`),
        ...extra.map((key) => `${language} ${namespace}: not in English ${key}`),
        ...empty.map((key) => `${language} ${namespace}: empty ${key}`),
      );
    }
  }
  return failures;
}
