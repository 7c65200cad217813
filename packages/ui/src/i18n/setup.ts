import { defaultLanguage, isLanguageCode, languageCodes, type LanguageCode } from "@parley/domain/locale";
import i18next, { type i18n as I18n } from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import commonEnglish from "../locales/en.json";
import { initialLanguage, languageStorageKey } from "./languages";
import { namespaceLoader, type Namespace } from "./namespaces";

export const i18n: I18n = i18next.createInstance();

const namespaceBackend = resourcesToBackend(async (language: string, namespace: string) => {
  const load = namespaceLoader(namespace);
  if (!isLanguageCode(language) || !load) return {};
  return (await load(language)).default;
});

/** Starts i18next with the stored (or browser) language and English as fallback. */
export async function setupI18n(language: LanguageCode = initialLanguage()): Promise<I18n> {
  if (!i18n.isInitialized) {
    await i18n
      .use(namespaceBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: defaultLanguage,
        supportedLngs: languageCodes,
        ns: ["common"],
        defaultNS: "common",
        // Every screen may use the shared texts without naming their namespace.
        fallbackNS: "common",
        resources: { en: { common: commonEnglish } },
        partialBundledLanguages: true,
        interpolation: { escapeValue: false },
        returnNull: false,
      });
  }
  document.documentElement.lang = i18n.language;
  return i18n;
}

/** Loads a screen's namespaces beside its code, so it renders without waiting for them afterwards. */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  if (namespaces.length > 0) await i18n.loadNamespaces([...namespaces]);
}

/** Switches the interface language and keeps the choice in browser storage. */
export async function changeLanguage(language: LanguageCode): Promise<void> {
  localStorage.setItem(languageStorageKey, language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
