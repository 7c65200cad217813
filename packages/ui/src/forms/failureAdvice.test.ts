import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { ApiError } from "../api/errors";
import de from "./locales/de.json";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";
import nl from "./locales/nl.json";
import { failureHelpText, retryWhen } from "./failureAdvice";

describe("when to try again", () => {
  it("says a wait in its largest fitting unit, rounded up", () => {
    expect(retryWhen(0, "en")).toBe("in 1 second");
    expect(retryWhen(42, "en")).toBe("in 42 seconds");
    expect(retryWhen(61, "en")).toBe("in 2 minutes");
    expect(retryWhen(900, "en")).toBe("in 15 minutes");
    expect(retryWhen(3601, "en")).toBe("in 2 hours");
  });

  it("says the server's wait after too many attempts in each language, and the general advice otherwise", async () => {
    const locked = new ApiError("rate_limited", "Too many attempts", 429, undefined, 840);
    const said: Record<string, string> = {};
    for (const [language, messages] of Object.entries({ en, nl, de, es, fr })) {
      const i18n = createInstance();
      await i18n.init({ lng: language, resources: { [language]: { messages } }, defaultNS: "messages", interpolation: { escapeValue: false } });
      said[language] = failureHelpText(i18n.t, language, locked, "rate_limited");
      expect(failureHelpText(i18n.t, language, new ApiError("rate_limited", "", 429), "rate_limited")).toBe(messages.errorHelp.rate_limited);
      expect(failureHelpText(i18n.t, language, locked, "invalid_credentials")).toBe(messages.errorHelp.invalid_credentials);
    }
    expect(said).toEqual({
      en: "Try again in 14 minutes.",
      nl: "Probeer het over 14 minuten opnieuw.",
      de: "Versuchen Sie es in 14 Minuten erneut.",
      es: "Vuelve a intentarlo dentro de 14 minutos.",
      fr: "Réessayez dans 14 minutes.",
    });
  });
});
