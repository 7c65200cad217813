import { describe, expect, it } from "vitest";
import {
  countries,
  countryCodes,
  defaultLanguage,
  isCountryCode,
  isLanguageCode,
  languageCodes,
} from "./locale";

describe("languages and countries", () => {
  it("offers five interface languages, English first and default", () => {
    expect(languageCodes).toEqual(["en", "nl", "de", "es", "fr"]);
    expect(defaultLanguage).toBe("en");
    expect(isLanguageCode("nl")).toBe(true);
    expect(isLanguageCode("ar")).toBe(false);
  });

  it("offers the eight countries with names", () => {
    expect(countryCodes).toEqual(["NL", "BE", "DE", "LU", "FR", "ES", "GB", "IE"]);
    expect(countries.find((country) => country.code === "GB")?.name).toBe("United Kingdom");
    expect(isCountryCode("IE")).toBe(true);
    expect(isCountryCode("US")).toBe(false);
  });
});
