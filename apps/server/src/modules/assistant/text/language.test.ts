import { describe, expect, it } from "vitest";
import { countWords, detectLanguage } from "./language";

/*
 * Rough costs, measured on a shared 2-core machine (not asserted, they vary with load):
 * importing eld/small, which builds its n-gram tables, takes about 280 ms and 55 MB of heap (medium:
 * 350 ms, 70 MB; extra-small: 140 ms, 35 MB); one detectLanguage call on a chat-length sentence takes
 * about 15 µs.
 */

const minWords = 3;

const sentences: Record<"en" | "nl" | "de" | "es" | "fr", string[]> = {
  en: [
    "where is my order, it was supposed to arrive yesterday",
    "can i still return the shoes if i wore them once",
    "hi there do you ship to ireland",
    "thanks a lot, that really helped me out",
    "my package never showed up and nobody answers the phone",
    "What are your opening hours on Sunday?",
  ],
  nl: [
    "waar blijft mijn bestelling, ik heb al een week niks gehoord",
    "kan ik het nog ruilen als de doos open is",
    "hoi, hebben jullie deze jas ook in maat L?",
    "ik wil graag mijn abonnement opzeggen",
    "bedankt voor de snelle hulp, top!",
    "Hoe laat zijn jullie morgen open?",
  ],
  de: [
    "wo bleibt meine bestellung, ich warte schon seit tagen",
    "kann ich die schuhe noch zuruckgeben wenn ich sie getragen habe",
    "hallo, liefert ihr auch nach osterreich?",
    "ich mochte mein abo kundigen bitte",
    "danke fur die schnelle antwort, echt super",
    "Wann habt ihr am Samstag geöffnet?",
  ],
  es: [
    "donde esta mi pedido, ya deberia haber llegado",
    "puedo devolver los zapatos si ya los use una vez",
    "hola, hacen envios a canarias?",
    "quiero cancelar mi suscripcion por favor",
    "muchas gracias por la ayuda, genial",
    "¿A qué hora abrís el sábado?",
  ],
  fr: [
    "ou est ma commande, elle devait arriver hier",
    "est-ce que je peux encore retourner les chaussures",
    "bonjour, vous livrez en belgique ?",
    "je voudrais resilier mon abonnement svp",
    "merci beaucoup pour votre aide, c'est top",
    "Vous êtes ouverts à quelle heure samedi ?",
  ],
};

describe("detectLanguage", () => {
  for (const [language, examples] of Object.entries(sentences)) {
    it.each(examples)(`reads ${language}: %s`, (sentence) => {
      expect(detectLanguage(sentence, { minWords })).toBe(language);
    });
  }

  it.each([
    ["gibberish", "xkqz vrrp mmbt qwzx plok"],
    ["keyboard mashing", "asdf jkl qwer zxcv uiop"],
    ["numbers", "12345 678 90 2024 3.14"],
    ["emoji", "😀 🎉 👍 🙏 ❤️ 😂"],
    ["punctuation", "?!? ... !!! --- ???"],
    ["a URL and an e-mail address", "https://shop.example/order/123 info@shop.example see"],
    ["an empty text", ""],
  ])("is undefined for %s", (_what, text) => {
    expect(detectLanguage(text, { minWords })).toBeUndefined();
  });

  it("is undefined for fewer words than asked, however clear", () => {
    expect(detectLanguage("dankjewel", { minWords })).toBeUndefined();
    expect(detectLanguage("merci beaucoup", { minWords })).toBeUndefined();
    expect(detectLanguage("merci beaucoup madame", { minWords })).toBe("fr");
    expect(detectLanguage("waar blijft mijn bestelling", { minWords: 5 })).toBeUndefined();
  });

  it("never answers a language outside the five", () => {
    for (const text of ["dove si trova il mio ordine per favore", "onde está o meu pedido por favor", "gdzie jest moje zamówienie proszę"]) {
      expect(["en", "nl", "de", "es", "fr", undefined]).toContain(detectLanguage(text, { minWords }));
    }
  });

  it("survives control characters and very long input", () => {
    expect(() => detectLanguage("waar\u0000 blijft\u0007 mijn bestelling", { minWords })).not.toThrow();
    expect(detectLanguage("waar blijft mijn bestelling ".repeat(5000), { minWords })).toBe("nl");
  });
});

describe("countWords", () => {
  it("counts words with letters, not numbers, emoji, URLs or addresses", () => {
    expect(countWords("  hoi   hoe gaat het?  ")).toBe(4);
    expect(countWords("order 123 😀 https://x.example a@b.example ok")).toBe(2);
    expect(countWords("")).toBe(0);
  });
});
