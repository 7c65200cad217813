import i18next, { type BackendModule, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../locales/en.json";
import { fallbackLanguage, initialLanguage, isLanguageCode, languageStorageKey, type LanguageCode } from "./languages";

// English ships in the entry bundle; the other languages load on demand so the first route stays small.
const translationLoaders: Record<Exclude<LanguageCode, "en">, () => Promise<{ default: unknown }>> = {
  nl: () => import("../locales/nl.json"),
  de: () => import("../locales/de.json"),
  es: () => import("../locales/es.json"),
  fr: () => import("../locales/fr.json"),
};

const lazyLocaleBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    const load = isLanguageCode(language) && language !== "en" ? translationLoaders[language] : undefined;
    if (!load) {
      callback(null, language === "en" ? en : {});
      return;
    }
    load().then(
      (module) => callback(null, module.default as Record<string, unknown>),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n: I18n = i18next.createInstance();

/** Starts i18next with the stored (or browser) language and English as fallback. */
export async function setupI18n(language: LanguageCode = initialLanguage()): Promise<I18n> {
  if (!i18n.isInitialized) {
    await i18n
      .use(lazyLocaleBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: fallbackLanguage,
        supportedLngs: ["en", "nl", "de", "es", "fr"],
        resources: { en: { translation: en } },
        partialBundledLanguages: true,
        interpolation: { escapeValue: false },
        returnNull: false,
      });
  }
  document.documentElement.lang = i18n.language;
  return i18n;
}

/** Switches the interface language and keeps the choice in browser storage. */
export async function changeLanguage(language: LanguageCode): Promise<void> {
  localStorage.setItem(languageStorageKey, language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
