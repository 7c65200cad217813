/**
 * The embedding provider's model (`EMBEDDINGS_*`) ranking FAQ rows: for the extractive default in every
 * language, and for an LLM provider's prompt; a question embedded once per turn; a failing provider leaves
 * the words to answer. Against a loopback server that answers like OpenAI's POST /v1/embeddings, over the real
 * server, on PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { assistantTexts } from "@parley/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/context";
import { startEmbeddingsServer, type EmbeddingsServer } from "../../test/embeddings-server";
import { askWidget, createConfiguration } from "../../test/fixture";
import { startLlmServer, type LlmServer } from "../../test/llm-server";
import { saveDataset } from "../datasets/repository";
import { cachingEmbedder, createEmbedder, defaultFaqScale, embeddingSettingsFromEnv, faqScaleOf } from "../knowledge/embeddings";
import { systemScope } from "../tenancy";

// The fake model's meanings: words on one axis are "about the same thing", in English and Dutch alike.
const meanings = [
  ["return", "refund", "money", "back", "terugsturen", "geld", "terug"],
  ["delivery", "deliver", "arrive", "parcel", "levering", "bezorging", "pakket", "duurt"],
  ["payment", "pay", "ideal", "paypal", "betalen", "betaling"],
  ["open", "opening", "weekdays", "service", "klantenservice", "bereikbaar"],
  ["abroad", "ship", "countries", "buitenland"],
  ["capital", "france", "paris", "joke", "painted", "mona", "lisa"],
];

const faqs = {
  en: [
    { question: "How long does delivery take?", answer: "Orders arrive within 2 to 3 working days in the Netherlands and Belgium." },
    { question: "Can I return a product?", answer: "You can return any product within 30 days for a full refund." },
    { question: "Which payment methods do you accept?", answer: "We accept iDEAL, credit card and PayPal." },
    { question: "When is customer service open?", answer: "Our team answers on weekdays from 9:00 to 17:00." },
    { question: "Do you ship abroad?", answer: "We ship to the Netherlands, Belgium, Germany and France." },
  ],
  nl: [
    { question: "Hoe lang duurt de levering?", answer: "Bestellingen komen binnen 2 tot 3 werkdagen aan." },
    { question: "Kan ik een product terugsturen?", answer: "U kunt elk product binnen 30 dagen terugsturen voor een volledige terugbetaling." },
    { question: "Hoe kan ik betalen?", answer: "Wij accepteren iDEAL, creditcard en PayPal." },
    { question: "Wanneer is de klantenservice bereikbaar?", answer: "Ons team antwoordt op werkdagen van 9:00 tot 17:00." },
    { question: "Versturen jullie naar het buitenland?", answer: "Wij versturen naar Nederland, België, Duitsland en Frankrijk." },
  ],
};
// Each shares no content word with the row that answers it: too little for words alone.
const paraphrases = { en: "I want my money back", nl: "krijg ik mijn geld terug" };

let embeddings: EmbeddingsServer;
let llm: LlmServer;
let extractive: TestContext;
let withLlm: TestContext;
let wordsOnly: TestContext;

beforeAll(async () => {
  [embeddings, llm] = await Promise.all([startEmbeddingsServer(meanings), startLlmServer()]);
  const settings = { baseUrl: embeddings.baseUrl, apiKey: embeddings.apiKey, model: "text-embedding-3-small" };
  [extractive, withLlm, wordsOnly] = await Promise.all([
    createTestContext({ chatLimits: false, embeddings: settings }),
    createTestContext({
      chatLimits: false,
      embeddings: settings,
      llm: { openai: { baseUrl: llm.baseUrl, apiKey: llm.apiKey, models: { "gpt-4o-default": "gpt-4o", "gpt-4o-mini-default": "gpt-4o-mini" }, timeoutMs: 2_000, firstTokenTimeoutMs: 1_500 } },
    }),
    createTestContext({ chatLimits: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([extractive?.close(), withLlm?.close(), wordsOnly?.close()]);
  await Promise.all([embeddings?.close(), llm?.close()]);
});

/** `answerSuffix` makes rows whose texts no earlier test had embedded. */
async function assistantFor(context: TestContext, language: "en" | "nl", settings: Record<string, unknown> = {}, answerSuffix = "") {
  const customerId = await context.createCustomer(`Shop ${Math.random().toString(36).slice(2, 8)}`);
  const configurationId = await createConfiguration(context.database.db, customerId, `shop-${Math.random().toString(36).slice(2, 10)}`);
  await context.database.db.query("UPDATE configurations SET settings = settings || $2::jsonb WHERE id = $1", [
    configurationId,
    JSON.stringify({ language, include_manual_dataset: true, use_lang_detect: false, rag_enabled: false, ...settings }),
  ]);
  const rows = faqs[language].map((row) => ({ ...row, answer: `${row.answer}${answerSuffix}` }));
  await saveDataset(context.database.db, systemScope, configurationId, "FAQ", rows, [
    { text: "Question", value: "question" },
    { text: "Answer", value: "answer" },
  ]);
  return configurationId;
}


/** How many texts the provider was asked to embed that equal `text`. */
const timesEmbedded = (text: string) => embeddings.received.flatMap((request) => request.body.input ?? []).filter((input) => input === text).length;

describe("the FAQ ranked with the embedding provider's model", () => {
  it("answers a paraphrase with the right row in English and Dutch, where words alone do not know, and leaves off-topic questions unanswered", async () => {
    for (const language of ["en", "nl"] as const) {
      const dontKnow = assistantTexts[language].dont_know.slice(0, 30);
      expect((await askWidget(wordsOnly, await assistantFor(wordsOnly, language), paraphrases[language])).content).toContain(dontKnow);

      const configurationId = await assistantFor(extractive, language);
      const reply = await askWidget(extractive, configurationId, paraphrases[language]);
      expect(reply.content).toContain(language === "en" ? "30 days for a full refund" : "binnen 30 dagen terugsturen");
      expect(reply.sources[0]).toEqual({ kind: "faq", title: faqs[language][1]!.question, url: null });
      if (language === "en") {
        // What the words answer is answered as before; off-topic questions are still not answered.
        expect((await askWidget(extractive, configurationId, "how long does delivry take?")).content).toContain("2 to 3 working days");
        for (const offTopic of ["What is the capital of France?", "Tell me a joke", "who painted the mona lisa"]) {
          expect((await askWidget(extractive, configurationId, offTopic)).content).toContain(dontKnow);
        }
      }
    }
  });

  it("embeds the FAQ's rows once, and each question once a turn even when the articles are searched too", async () => {
    const configurationId = await assistantFor(extractive, "en", { rag_enabled: true });
    const question = `where is my parcel ${Math.random().toString(36).slice(2, 8)}`;
    await askWidget(extractive, configurationId, question);
    await askWidget(extractive, configurationId, "can I pay with paypal");
    // Question, and question with answer, per row: asked for once for this FAQ however many questions follow.
    const row = faqs.en[0]!;
    expect(timesEmbedded(row.question)).toBeGreaterThanOrEqual(1);
    const rowAskedFor = timesEmbedded(`${row.question}\n${row.answer}`);
    expect(rowAskedFor).toBe(1);
    // The FAQ and the article search share one request for the question.
    expect(timesEmbedded(question)).toBe(1);
  });

  it("puts the row the model finds into an LLM provider's prompt, first", async () => {
    llm.reset();
    const configurationId = await assistantFor(withLlm, "en");
    await askWidget(withLlm, configurationId, paraphrases.en);
    const prompt = JSON.stringify(llm.requests.at(-1)!.body.messages);
    expect(prompt).toContain("Can I return a product?");
    // The best source comes first in the prompt: the row no word of the question names.
    const others = faqs.en.filter((row) => row.question !== "Can I return a product?").map((row) => prompt.indexOf(row.question)).filter((at) => at >= 0);
    for (const at of others) expect(prompt.indexOf("Can I return a product?")).toBeLessThan(at);
  });

  it("answers on words alone while the provider fails, and never with an error", async () => {
    // Rows and a question the provider has not embedded before (their vectors are kept by text).
    const configurationId = await assistantFor(extractive, "en", {}, " Ask us anything.");
    embeddings.failing = true;
    try {
      expect((await askWidget(extractive, configurationId, "can I return a product?")).content).toContain("30 days for a full refund");
      expect((await askWidget(extractive, configurationId, `${paraphrases.en} now`)).content).toContain(assistantTexts.en.dont_know.slice(0, 30));
    } finally {
      embeddings.failing = false;
    }
  });
});

describe("the question cache", () => {
  it("asks once for a text asked for twice at once, forgets a failure, and passes several texts through", async () => {
    const embedder = cachingEmbedder(createEmbedder({ baseUrl: embeddings.baseUrl, apiKey: embeddings.apiKey, model: "text-embedding-3-small" }));
    const text = `when do you open ${Math.random()}`;
    const [first, second] = await Promise.all([embedder.embed([text]), embedder.embed([text])]);
    expect(first).toEqual(second);
    await embedder.embed([text]);
    expect(timesEmbedded(text)).toBe(1);

    const failing = `a failing text ${Math.random()}`;
    embeddings.failing = true;
    await expect(embedder.embed([failing])).rejects.toThrow(/500/);
    embeddings.failing = false;
    expect((await embedder.embed([failing]))[0]).toHaveLength(meanings.length);
    expect(timesEmbedded(failing)).toBe(1);

    const rows = [`row a ${Math.random()}`, `row b ${Math.random()}`];
    await embedder.embed(rows);
    await embedder.embed(rows);
    expect(timesEmbedded(rows[0]!)).toBe(2);
  });

  it("keeps at most the texts it is given", async () => {
    const embedder = cachingEmbedder(createEmbedder({ baseUrl: embeddings.baseUrl, apiKey: embeddings.apiKey, model: "text-embedding-3-small" }), 2);
    const [a, b, c] = ["a", "b", "c"].map((name) => `${name} ${Math.random()}`);
    for (const text of [a, b, a, c, a]) await embedder.embed([text!]);
    // a was used last before c came, so b (least recently used) went; a stayed.
    expect(timesEmbedded(a!)).toBe(1);
    await embedder.embed([b!]);
    expect(timesEmbedded(b!)).toBe(2);
  });
});

describe("the similarity scale of the provider's model", () => {
  it("is read from EMBEDDINGS_FAQ_SCALE, and the default stands for anything malformed", () => {
    expect(faqScaleOf("0.25, 0.6")).toEqual({ unrelated: 0.25, related: 0.6 });
    for (const bad of [undefined, "", "0.6,0.25", "a,b", "0.3", "-1,0.5", "0.3,1.5"]) expect(faqScaleOf(bad)).toEqual(defaultFaqScale);
    expect(embeddingSettingsFromEnv({ EMBEDDINGS_BASE_URL: "http://x/v1", EMBEDDINGS_API_KEY: "k", EMBEDDINGS_MODEL: "m", EMBEDDINGS_FAQ_SCALE: "0.2,0.4" })?.faqScale).toEqual({
      unrelated: 0.2,
      related: 0.4,
    });
  });
});
