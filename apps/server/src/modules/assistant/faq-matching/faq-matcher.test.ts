import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { answerConfidenceThreshold, buildFaqMatcher, createFaqMatcher, type FaqEntry, type FaqLanguage } from "./index";

const englishFaq: FaqEntry[] = [
  { key: "opening-hours", question: "When is the store open?", answer: "Our store is open Tuesday to Saturday from 10:00 to 18:00." },
  { key: "warranty", question: "How long is the warranty on a bicycle?", answer: "Every bicycle has a two-year warranty on frame and parts." },
  { key: "parking", question: "Can I park near the store?", answer: "There is a free car park behind the building." },
  { key: "gift-card", question: "Do you sell gift cards?", answer: "Gift cards from 10 to 200 euros are sold in the store and online." },
];

/** Per language: a small FAQ of our own and a paraphrase with a typo (and no accents) for one entry. */
const faqsByLanguage: Record<FaqLanguage, { entries: FaqEntry[]; question: string; expected: string }> = {
  en: { entries: englishFaq, question: "how many yeers of guarantee do bikes get", expected: "warranty" },
  nl: {
    entries: [
      { key: "openingstijden", question: "Wanneer is de winkel geopend?", answer: "De winkel is open van dinsdag tot en met zaterdag." },
      { key: "garantie", question: "Hoe lang is de garantie op een fiets?", answer: "Op elke fiets zit twee jaar garantie op frame en onderdelen." },
      { key: "parkeren", question: "Kan ik parkeren bij de winkel?", answer: "Achter het gebouw is een gratis parkeerplaats." },
    ],
    question: "hoelang garntie krijg ik op mijn fietsen",
    expected: "garantie",
  },
  de: {
    entries: [
      { key: "oeffnungszeiten", question: "Wann hat das Geschäft geöffnet?", answer: "Das Geschäft ist von Dienstag bis Samstag geöffnet." },
      { key: "garantie", question: "Wie lange gilt die Garantie auf ein Fahrrad?", answer: "Auf jedes Fahrrad gibt es zwei Jahre Garantie." },
      { key: "parken", question: "Kann ich beim Geschäft parken?", answer: "Hinter dem Gebäude gibt es einen kostenlosen Parkplatz." },
    ],
    question: "wie lang garantiee haben fahrräder",
    expected: "garantie",
  },
  es: {
    entries: [
      { key: "horario", question: "¿Cuándo está abierta la tienda?", answer: "La tienda abre de martes a sábado." },
      { key: "garantia", question: "¿Cuánto dura la garantía de una bicicleta?", answer: "Cada bicicleta tiene dos años de garantía." },
      { key: "aparcamiento", question: "¿Puedo aparcar cerca de la tienda?", answer: "Hay un aparcamiento gratuito detrás del edificio." },
    ],
    question: "cuanto tiempo de garantia tienen las bicicltas",
    expected: "garantia",
  },
  fr: {
    entries: [
      { key: "horaires", question: "Quand le magasin est-il ouvert ?", answer: "Le magasin est ouvert du mardi au samedi." },
      { key: "garantie", question: "Quelle est la durée de la garantie d'un vélo ?", answer: "Chaque vélo a une garantie de deux ans." },
      { key: "parking", question: "Puis-je me garer près du magasin ?", answer: "Un parking gratuit se trouve derrière le bâtiment." },
    ],
    question: "combien de temps dure la garanti sur les velos",
    expected: "garantie",
  },
};

describe("FAQ matcher", () => {
  for (const [language, { entries, question, expected }] of Object.entries(faqsByLanguage)) {
    it(`finds the right entry for a misspelt paraphrase in ${language}`, () => {
      const matcher = createFaqMatcher(entries, { language: language as FaqLanguage });
      const [best, second] = matcher.match(question);
      expect(best?.key).toBe(expected);
      expect(best!.score).toBeGreaterThan(second?.score ?? 0);
    });
  }

  it("reads an over-long word in time that grows with its length, not its square (a held key, a pasted token)", () => {
    // Splitting such a word at every point, or trying every one-letter edit of it, took a 4,000-letter
    // message seconds: four times the length took sixteen times as long. Best of five, compared: linear is 4×,
    // the quadratic reading 16×; the bound sits between them, clear of a loaded machine's noise (6.8× seen).
    for (const language of ["en", "nl"] as const) {
      const matcher = createFaqMatcher(faqsByLanguage[language].entries, { language });
      matcher.match("warm up");
      const fastest = (text: string) =>
        Math.min(
          ...[1, 2, 3, 4, 5].map(() => {
            const started = performance.now();
            matcher.match(text);
            return performance.now() - started;
          }),
        );
      for (const letters of ["a", "1", "ab"]) {
        const short = fastest(letters.repeat(1000 / letters.length));
        const long = fastest(letters.repeat(4000 / letters.length));
        expect(long / Math.max(short, 0.5), `${language} ${letters}`).toBeLessThan(10);
      }
    }
  });

  it("matches inflected forms through stems and accented words without accents", () => {
    const matcher = createFaqMatcher(faqsByLanguage.fr.entries, { language: "fr" });
    // "velos" (plural, no accent) against "vélo"; "ouverts" against "ouvert".
    expect(matcher.match("les velos")[0]?.key).toBe("garantie");
    expect(matcher.match("magasin ouverts")[0]?.key).toBe("horaires");
  });

  it("tolerates typos in words the FAQ uses, but not in short words", () => {
    const matcher = createFaqMatcher(englishFaq, { language: "en" });
    expect(matcher.match("warrenty")[0]?.key).toBe("warranty");
    expect(matcher.match("gfit crads")[0]?.key).toBe("gift-card");
  });

  it("finds an entry through a WordNet synonym (English)", () => {
    const matcher = createFaqMatcher(englishFaq, { language: "en" });
    // "guarantee" is a WordNet synonym of "warranty"; "shop" of "store". A synonym in a common sense
    // counts nearly as the word itself, enough to answer with (at 0.6 of the word it was 0.29).
    const [guarantee] = matcher.match("what guarantee do I get");
    expect(guarantee?.key).toBe("warranty");
    expect(guarantee!.confidence).toBeGreaterThan(answerConfidenceThreshold);
    expect(matcher.match("is the shop open on saturday")[0]?.key).toBe("opening-hours");
  });

  it("reads a misspelling of a word the FAQ does not use as the likeliest dictionary word (English)", () => {
    const matcher = createFaqMatcher(englishFaq, { language: "en" });
    // "guarentee" is no FAQ word, no dictionary word and no close misspelling of an FAQ word; one letter
    // away is "guarantee", a WordNet synonym of "warranty".
    const [best] = matcher.match("guarentee");
    expect(best?.key).toBe("warranty");
    expect(best!.confidence).toBeGreaterThan(answerConfidenceThreshold);
    // A misspelt frame word ("ujnderstand") weighs as little as the word itself, instead of counting as an
    // unknown word the entry leaves unexplained (0.30 against 0.35 before).
    const spelt = matcher.match("i dont understand how long the warranty is")[0]!;
    const misspelt = matcher.match("i dont ujnderstand how long the warranty is")[0]!;
    expect(misspelt.key).toBe("warranty");
    expect(misspelt.confidence).toBeCloseTo(spelt.confidence, 2);
  });

  it("weighs the frame of an English request little, by everyday word frequency", () => {
    const matcher = createFaqMatcher(
      [
        { key: "login", question: "I can't log in. What can I do?", answer: "Check your e-mail address and password, or reset the password." },
        { key: "invoice", question: "How do I get an invoice?", answer: "Invoices are e-mailed as a PDF when the order ships; you can also download them." },
        { key: "gift", question: "Do you sell gift cards?", answer: "Gift cards from 10 to 200 euros are sold in the store and online." },
      ],
      { language: "en" },
    );
    // "what can I do" is all the visitor shares with the login entry, "download" (in an answer) all with
    // the invoice one. By the stop list the frame earned the login entry over half the invoice entry's
    // score (0.15 against 0.27); as words heard every few sentences it earns about a third or less.
    const [best, ...others] = matcher.match("what can I do to download it");
    expect(best?.key).toBe("invoice");
    const login = others.find((found) => found.key === "login")!;
    expect(login.score).toBeLessThan(best!.score / 2);
  });

  it("finds a compound word of the FAQ through one of its parts (Dutch)", () => {
    const matcher = createFaqMatcher(
      [
        { key: "bezorgadres", question: "Kan ik het bezorgadres wijzigen?", answer: "Ja, zolang het pakket nog niet onderweg is." },
        { key: "factuur", question: "Waar vind ik mijn factuur?", answer: "Onder Mijn account; het adres op de factuur is dat van je account." },
        { key: "bezorgdagen", question: "Op welke dagen bezorgen jullie?", answer: "Van maandag tot en met zaterdag." },
      ],
      { language: "nl" },
    );
    // "adres" and "bezorgen" are FAQ words, so "bezorgadres" is known as bezorg + adres.
    expect(matcher.match("mag ik een ander adres opgeven")[0]?.key).toBe("bezorgadres");
  });

  it("splits a visitor's unknown compound when one half is an FAQ word (Dutch)", () => {
    const matcher = createFaqMatcher(
      [
        { key: "bezorgen", question: "Waar bezorgen jullie?", answer: "In Nederland en België." },
        { key: "winkels", question: "Hebben jullie winkels in België?", answer: "Ja, in Antwerpen en Gent." },
        { key: "retour", question: "Hoe stuur ik iets terug?", answer: "Met het retourlabel in het pakket." },
      ],
      { language: "nl" },
    );
    // "bezorgopties" is in no entry; its half "bezorg" is the stem of "bezorgen".
    expect(matcher.match("bezorgopties in belgie")[0]?.key).toBe("bezorgen");
  });

  it("matches a hyphenated word written together and the other way round", () => {
    const entries = (pickupAnswer: string): FaqEntry[] => [
      { key: "collect", question: "Can I collect my order?", answer: pickupAnswer },
      { key: "address", question: "How do I change my address?", answer: "Under My account, then Addresses." },
      { key: "gift", question: "Do you sell gift cards?", answer: "Gift cards are sold in the store." },
    ];
    // "pickup" is a dictionary word of its own, so it was neither read as a typo nor split: the FAQ's
    // "pick-up" was only "pick" and "up".
    expect(createFaqMatcher(entries("Yes, at a pick-up point near you."), { language: "en" }).match("pickup locations")[0]?.key).toBe("collect");
    expect(createFaqMatcher(entries("Yes, at a pickup point near you."), { language: "en" }).match("pick-up locations")[0]?.key).toBe("collect");
  });

  it("does not count a hyphenated word twice towards a text's length", () => {
    const entries = (answer: string): FaqEntry[] => [
      { key: "mail", question: "Do you send mail?", answer },
      { key: "other", question: "Do you sell gift cards?", answer: "Gift cards are sold in the store." },
    ];
    const spaced = createFaqMatcher(entries("We send an e mail."), { language: "en" }).match("do you send mail")[0]!;
    const hyphenated = createFaqMatcher(entries("We send an e-mail."), { language: "en" }).match("do you send mail")[0]!;
    expect(hyphenated.key).toBe("mail");
    expect(hyphenated.score).toBeCloseTo(spaced.score, 6);
  });

  it("is confident about a close paraphrase and not about a loose one", () => {
    const matcher = createFaqMatcher(englishFaq, { language: "en" });
    expect(matcher.match("how long is the warranty for bicycles")[0]!.confidence).toBeGreaterThan(answerConfidenceThreshold);
    // Half the question ("spokes", "broken") is about nothing in the FAQ.
    const loose = matcher.match("broken spokes warranty")[0]!;
    expect(loose.key).toBe("warranty");
    expect(loose.confidence).toBeLessThan(matcher.match("bicycle warranty")[0]!.confidence);
  });

  it("learns an agent's phrasing with addPhrasing", () => {
    const matcher = createFaqMatcher(englishFaq, { language: "en" });
    const question = "where do I leave my car";
    const before = matcher.match(question, 4).find((found) => found.key === "parking")?.confidence ?? 0;
    matcher.addPhrasing("parking", "Where can I leave my car?");
    const [after] = matcher.match(question);
    expect(after?.key).toBe("parking");
    expect(after!.confidence).toBeGreaterThan(before);
    expect(after!.confidence).toBeGreaterThan(answerConfidenceThreshold);
    expect(() => matcher.addPhrasing("no-such-entry", "text")).toThrow(/no-such-entry/);
  });

  it("builds a large FAQ in slices, letting the event loop through, into the same matcher", async () => {
    const topics = ["warranty bicycle frame", "store opening hours", "parking car park", "gift card euros", "delivery shipping abroad", "refund return parcel"];
    const entries: FaqEntry[] = Array.from({ length: 3_000 }, (_, index) => ({
      key: `row-${index}`,
      question: `Question ${index} about ${topics[index % topics.length]} number${index}?`,
      answer: `Answer ${index}: ${topics[(index * 7) % topics.length]} and more about item${index % 97}.`,
      phrasings: index % 50 === 0 ? [`phrasing ${index} of ${topics[(index + 1) % topics.length]}`] : undefined,
    }));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const built = await buildFaqMatcher(entries, { language: "en" }, 2);
    clearInterval(timer);
    // Other work ran while the FAQ was indexed (a synchronous build would let the timer fire once at most).
    expect(ticks).toBeGreaterThan(3);
    const plain = createFaqMatcher(entries.map((entry) => ({ ...entry, phrasings: undefined })), { language: "en" });
    for (const entry of entries) for (const phrasing of entry.phrasings ?? []) plain.addPhrasing(entry.key, phrasing);
    for (const question of ["how long is the warranty on my bicycle number17", "phrasing 100 of parking", "can I get a refund for item5"]) {
      const found = built.match(question, 5);
      expect(found.length).toBeGreaterThan(0);
      expect(found).toEqual(plain.match(question, 5));
    }
    expect(built.match("phrasing 100 of parking")[0]?.key).toBe("row-100");
  });

  it("scores a question in slices, letting the event loop through, with the same matches", async () => {
    // Every row shares the question's words: the most work a question can be.
    const entries: FaqEntry[] = Array.from({ length: 8_000 }, (_, index) => ({
      key: `row-${index}`,
      question: `How do I change the delivery address of order ${index}?`,
      answer: `You change the delivery address of order ${index} in your account before it ships.`,
    }));
    const matcher = createFaqMatcher(entries, { language: "en" });
    const question = "how do i change the delivery address of my order 4321";
    const expected = matcher.match(question, 5);
    expect(expected[0]?.key).toBe("row-4321");
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const sliced = await matcher.matchInSlices(question, 5, undefined, 1);
    clearInterval(timer);
    expect(sliced).toEqual(expected);
    // Scoring 8,000 rows on every word takes tens of milliseconds: in 1 ms slices the timer fires meanwhile.
    expect(ticks).toBeGreaterThan(3);
    expect(await matcher.matchInSlices("", 5)).toEqual([]);
  });

  it("keeps off-topic questions below the answer threshold", () => {
    const english = createFaqMatcher(englishFaq, { language: "en" });
    for (const question of ["What is the capital of France?", "Can you write me a poem?", "Who won the world cup?"]) {
      expect(english.match(question)[0]?.confidence ?? 0).toBeLessThan(answerConfidenceThreshold);
    }
    const dutch = createFaqMatcher(faqsByLanguage.nl.entries, { language: "nl" });
    for (const question of ["Wat is de hoofdstad van Frankrijk?", "Schrijf een gedicht voor me"]) {
      expect(dutch.match(question)[0]?.confidence ?? 0).toBeLessThan(answerConfidenceThreshold);
    }
  });

  it("answers nothing for an empty FAQ, an empty question or a limit of 0", () => {
    expect(createFaqMatcher([], { language: "en" }).match("warranty")).toEqual([]);
    const matcher = createFaqMatcher(englishFaq, { language: "en" });
    expect(matcher.match("")).toEqual([]);
    expect(matcher.match("  ?! ")).toEqual([]);
    expect(matcher.match("warranty", 0)).toEqual([]);
  });

  it("copes with NUL characters and a 4,000-character question", () => {
    const matcher = createFaqMatcher(englishFaq, { language: "en" });
    expect(matcher.match("warr\u0000anty\u0000 bicycle")[0]?.key).toBe("warranty");
    const words = "lorem ipsum dolor sit amet warranty bicycle xqzv store open parking gift";
    const huge = Array.from({ length: 800 }, (_, index) => `${words.split(" ")[index % 12]}${index % 7 === 0 ? index : ""}`).join(" ").slice(0, 4_000);
    expect(huge.length).toBe(4_000);
    matcher.match("warm-up");
    const started = performance.now();
    const matches = matcher.match(huge);
    // A guard against a pathological cost (a request must never stall the server), not a speed target:
    // speed is measured in bench/answer-quality.bench.ts.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(matches.length).toBeGreaterThan(0);
    for (const found of matches) expect(found.confidence).toBeLessThanOrEqual(1);
  });

  it("is deterministic, ties broken by key", () => {
    const twins: FaqEntry[] = [
      { key: "b", question: "Same question", answer: "Same answer" },
      { key: "a", question: "Same question", answer: "Same answer" },
    ];
    const first = createFaqMatcher(twins, { language: "en" }).match("same question");
    const second = createFaqMatcher(twins, { language: "en" }).match("same question");
    expect(first.map((found) => found.key)).toEqual(["a", "b"]);
    expect(second).toEqual(first);
  });

  it("fuses an embedding similarity when given", () => {
    const matcher = createFaqMatcher(englishFaq, { language: "en" });
    // No word in common with any entry: lexically nothing, the embeddings decide.
    const question = "xyzzy plugh";
    expect(matcher.match(question)).toEqual([]);
    const entries = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0.7, 0.7, 0]];
    const fused = matcher.match(question, 3, { entries, query: [0, 0.9, 0.1] });
    expect(fused[0]?.key).toBe("warranty");
    expect(fused[1]?.key).toBe("gift-card"); // cosine 0.70 after 0.99
    // Lexical and embedding evidence add up: the same vectors cannot overturn a clear lexical match.
    const lexicalWins = matcher.match("gift cards", 1, { entries, query: [0, 1, 0] });
    expect(lexicalWins[0]?.key).toBe("gift-card");
    // Each entry gains its share of a softmax over the similarities: one that stands out takes nearly all of it,
    // one far from the question or without a vector next to nothing, equals share alike.
    const keys = englishFaq.map((entry) => entry.key);
    const shared = matcher.match(question, 4, { entries: [undefined, [-1, 0, 0], [0, 0, 1], undefined], query: [1, 0, 0] });
    const confidenceOf = (key: string) => shared.find((found) => found.key === key)?.confidence ?? 0;
    expect(confidenceOf(keys[1]!)).toBeLessThan(0.001);
    for (const index of [0, 2, 3]) expect(confidenceOf(keys[index]!)).toBeCloseTo(0.6 / 3 / 1.6, 3);
    expect(fused[0]!.confidence).toBeGreaterThan(0.35);
    expect(fused[0]!.confidence).toBeLessThanOrEqual(0.6 / 1.6);
  });
});
