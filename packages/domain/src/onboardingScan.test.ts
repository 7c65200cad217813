import { describe, expect, it } from "vitest";
import { languageCodes } from "./locale";
import { findBlockedKeyword, isNonPublicDomain, personaTemplates, templatePersona } from "./onboardingScan";

describe("blocked keywords in a domain", () => {
  it("finds distinctive words anywhere in the host", () => {
    expect(findBlockedKeyword("www.PornHub.com")).toBe("porn");
    expect(findBlockedKeyword("livecasino.nl")).toBe("casino");
    expect(findBlockedKeyword("free-warez-downloads.net.")).toBe("warez");
  });

  it("finds common words only as a whole part of the name, so innocent names pass", () => {
    expect(findBlockedKeyword("sex-shop.com")).toBe("sex");
    expect(findBlockedKeyword("adult.example.org")).toBe("adult");
    expect(findBlockedKeyword("www.sussex.ac.uk")).toBeUndefined();
    expect(findBlockedKeyword("essex-bakery.co.uk")).toBeUndefined();
    expect(findBlockedKeyword("adulteducation.org")).toBeUndefined();
    expect(findBlockedKeyword("betty-flowers.nl")).toBeUndefined();
    expect(findBlockedKeyword("acme-bakery.nl")).toBeUndefined();
  });
});

describe("non-public domain names", () => {
  it("refuses special-use and private names, not public ones that merely contain them", () => {
    for (const host of ["localhost", "printer.local", "db.internal", "router.home.arpa", "shop.test", "x.onion", "metadata.google.internal."])
      expect(isNonPublicDomain(host), host).toBe(true);
    for (const host of ["acme.nl", "local.com", "internal-audit.de", "testshop.fr"]) expect(isNonPublicDomain(host), host).toBe(false);
  });
});

describe("the template persona", () => {
  it("has every language, each naming the business in both texts", () => {
    expect(Object.keys(personaTemplates).sort()).toEqual([...languageCodes].sort());
    for (const language of languageCodes) {
      const persona = templatePersona(language, { name: "Acme Bakery" });
      expect(persona.entity_instruction).toContain("Acme Bakery");
      expect(persona.goal_instruction).toContain("Acme Bakery");
      expect(persona.entity_instruction).not.toMatch(/\{|\}/);
    }
  });

  it("adds the website's description when there is one, and leaves placeholders in site text alone", () => {
    const persona = templatePersona("nl", { name: "Bakkerij {description}", description: "Vers brood sinds 1952." });
    expect(persona.entity_instruction).toBe(
      "Je bent de vriendelijke digitale assistent van Bakkerij {description}. Je spreekt namens Bakkerij {description} met de bezoekers van de website: beleefd, behulpzaam en to the point. Over Bakkerij {description}: Vers brood sinds 1952.",
    );
    expect(templatePersona("en", { name: "Acme", description: "  " }).entity_instruction).not.toContain("About");
  });
});
