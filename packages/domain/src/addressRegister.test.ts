import { describe, expect, it } from "vitest";
import { formalAddressIn } from "./addressRegister";
import { assistantTexts } from "./assistantTexts";
import { checkoutTexts } from "./checkoutTexts";
import { defaultDesignTexts } from "./chatbotDesign";
import { smallTalkReplies } from "./smallTalk";

describe("formalAddressIn", () => {
  it("finds the formal words of a Spanish text, and none in its informal version", () => {
    expect(formalAddressIn("es", "Rellene estos campos en su perfil y compruebe la dirección.")).toEqual(["Rellene", "compruebe"]);
    expect(formalAddressIn("es", "¿En qué puedo ayudarle? Inténtelo más tarde o póngase en contacto.")).toEqual(["ayudarle", "Inténtelo", "póngase"]);
    expect(formalAddressIn("es", "Rellena estos campos en tu perfil. Después inicia el pago de nuevo.")).toEqual([]);
    expect(formalAddressIn("es", "Configure su asistente. Personalice el diseño y consulte la guía.")).toEqual(["Configure", "Personalice", "consulte"]);
    expect(formalAddressIn("es", "Configura tu asistente. Personaliza el diseño y consulta la guía.")).toEqual([]);
    expect(formalAddressIn("es", "Escríbela completa. Corrígelo si hace falta; la tienda y su dirección.")).toEqual([]);
  });

  it("finds u and uw in a Dutch text, not inside other words", () => {
    expect(formalAddressIn("nl", "U bent niet aangemeld. Meld u opnieuw aan met uw account.")).toEqual(["U", "u", "uw"]);
    expect(formalAddressIn("nl", "Je bent niet aangemeld. Meld je opnieuw aan met jouw account (uur, nu, u.a.).")).toEqual(["u"]);
    expect(formalAddressIn("nl", "Je bent niet aangemeld. Meld je opnieuw aan met jouw account, nu.")).toEqual([]);
  });

  it("leaves the other languages alone", () => {
    expect(formalAddressIn("de", "Bitte versuchen Sie es später noch einmal.")).toEqual([]);
  });
});

describe("the domain's texts address the visitor and the customer informally", () => {
  const catalogues = { assistantTexts, smallTalkReplies, checkoutTexts, defaultDesignTexts };
  it.each(["es", "nl"] as const)("in %s", (language) => {
    const formal = Object.entries(catalogues).flatMap(([name, catalogue]) =>
      Object.entries(catalogue[language]).flatMap(([key, text]) =>
        formalAddressIn(language, String(text)).map((word) => `${name}.${key}: ${word}`),
      ),
    );
    expect(formal).toEqual([]);
  });
});
