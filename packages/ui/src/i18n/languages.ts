import { defaultLanguage, isLanguageCode, type LanguageCode } from "@parley/domain/locale";

export const languageStorageKey = "parley.language";

/** The stored language, else the browser's, else English (the list of languages is the domain's). */
export function initialLanguage(storage: Storage = localStorage, browserLanguages: readonly string[] = navigator.languages ?? []): LanguageCode {
  const stored = storage.getItem(languageStorageKey);
  if (isLanguageCode(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLanguageCode(base)) return base;
  }
  return defaultLanguage;
}
