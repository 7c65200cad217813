/**
 * Interface languages and the countries offered in pickers (spec 01 §1).
 */

export const interfaceLanguages = [
  { code: "en", name: "English" },
  { code: "nl", name: "Nederlands" },
  { code: "de", name: "Deutsch" },
  { code: "es", name: "Español" },
  { code: "fr", name: "Français" },
] as const;
export type LanguageCode = (typeof interfaceLanguages)[number]["code"];
export const languageCodes: LanguageCode[] = interfaceLanguages.map((language) => language.code);
export const defaultLanguage = "en" satisfies LanguageCode;

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && (languageCodes as string[]).includes(value);
}

export const countries = [
  { code: "NL", name: "Netherlands" },
  { code: "BE", name: "Belgium" },
  { code: "DE", name: "Germany" },
  { code: "LU", name: "Luxembourg" },
  { code: "FR", name: "France" },
  { code: "ES", name: "Spain" },
  { code: "GB", name: "United Kingdom" },
  { code: "IE", name: "Ireland" },
] as const;
export type CountryCode = (typeof countries)[number]["code"];
export const countryCodes: CountryCode[] = countries.map((country) => country.code);

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === "string" && (countryCodes as string[]).includes(value);
}
