import { defaultLanguage, interfaceLanguages, isLanguageCode, languageCodes, type LanguageCode } from "@parley/domain/locale";

/** Interface languages (spec 01 §1); English is the source and the fallback. */
export const languages = interfaceLanguages;
export { isLanguageCode, languageCodes, type LanguageCode };

export const fallbackLanguage: LanguageCode = defaultLanguage;

export const languageStorageKey = "parley.language";

/** The stored language, else the browser's, else English. */
export function initialLanguage(storage: Storage = localStorage, browserLanguages: readonly string[] = navigator.languages ?? []): LanguageCode {
  const stored = storage.getItem(languageStorageKey);
  if (isLanguageCode(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLanguageCode(base)) return base;
  }
  return fallbackLanguage;
}
