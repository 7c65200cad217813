/**
 * Answer quality of the assistant's extractive FAQ matcher, without any provider (issue 14, "Answer quality").
 *
 *   cd bench && npx tsx answer-quality.bench.ts        # or: pnpm --filter @parley/bench bench:quality
 *
 * Two sets of FAQ + noisy visitor questions, each question labelled with its right entry:
 * - English: `<repo>/../shared/data/faq-eval/` (27 webshop entries, 540 real utterances);
 * - Dutch: `bench/data/faq-eval-nl/` (27 entries, written by us for this benchmark).
 * For each set, a plain BM25 baseline (question + answer text, snowball stemming, a short stop list;
 * computed here, in the same run) and the Parley matcher are scored on hit@1 and hit@3. For the matcher,
 * also: the share of questions answered with the right entry above `answerConfidenceThreshold`, and the
 * share of generic off-topic questions (listed below, ours) it would answer at all (should be low).
 * The table is printed and written to `bench/results/answer-quality.md` (not committed).
 */
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { answerConfidenceThreshold, createFaqMatcher, type EmbeddingSimilarity, type FaqEntry } from "../apps/server/src/modules/assistant/faq-matching";
import {
  createLocalSentenceEncoder,
  faqRowTexts,
  faqRowVectors,
  providerSentenceEncoder,
  type SentenceEncoder,
} from "../apps/server/src/modules/assistant/faq-matching/sentence-encoder";
import { createEmbedder, embeddingSettingsFromEnv } from "../apps/server/src/modules/knowledge/embeddings";
import { analyzerFor, type FaqLanguage } from "../apps/server/src/modules/assistant/faq-matching/text-analysis";

const here = dirname(fileURLToPath(import.meta.url));
const repository = join(here, "..");

interface LabelledQuestion {
  question: string;
  key: string;
  /** 1-based place in the questions file: parameters are chosen on the odd-numbered questions, the even ones are held out. */
  number: number;
}

interface EvaluationSet {
  name: string;
  language: FaqLanguage;
  entries: FaqEntry[];
  questions: LabelledQuestion[];
  offTopic: string[];
}

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ",") {
      row.push(field);
      field = "";
    } else if (character === "\n" || character === "\r") {
      if (character === "\r" && text[index + 1] === "\n") index++;
      row.push(field);
      if (row.some((cell) => cell.length > 0)) rows.push(row);
      row = [];
      field = "";
    } else field += character;
  }
  row.push(field);
  if (row.some((cell) => cell.length > 0)) rows.push(row);
  return rows;
}

/** Rows as objects by the header's column names. */
function readCsv(path: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readFileSync(path, "utf8"));
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index] ?? ""])));
}

// Generic questions no webshop FAQ answers, written by us (not drawn from either set).
const offTopicEnglish = [
  "What is the capital of France?",
  "Can you write me a poem about the sea?",
  "Who won the football world cup in 2014?",
  "What's the weather like tomorrow?",
  "Tell me a joke",
  "How many legs does a spider have?",
  "What is the square root of 144?",
  "Translate good morning into Spanish",
  "Who painted the Mona Lisa?",
  "recommend me a good movie for tonight",
  "how do I bake bread",
  "what time is it in Tokyo",
];
const offTopicDutch = [
  "Wat is de hoofdstad van Frankrijk?",
  "Kun je een gedicht voor me schrijven over de zee?",
  "Wie heeft het WK voetbal van 2014 gewonnen?",
  "Wat voor weer wordt het morgen?",
  "Vertel eens een mop",
  "Hoeveel poten heeft een spin?",
  "Wat is de wortel uit 144?",
  "Vertaal goedemorgen naar het Spaans",
  "Wie heeft de Nachtwacht geschilderd?",
  "raad me een goeie film aan voor vanavond",
  "hoe bak ik zelf brood",
  "hoe laat is het nu in Tokio",
];

/** A set from a folder holding an FAQ file (intent, question, answer) and questions.csv (question, intent). */
function loadSet(name: string, language: FaqLanguage, folder: string, faqFile: string, offTopic: string[]): EvaluationSet {
  return {
    name,
    language,
    entries: readCsv(join(folder, faqFile)).map((row) => ({ key: row.intent!, question: row.question!, answer: row.answer! })),
    questions: readCsv(join(folder, "questions.csv")).map((row, index) => ({ question: row.question!, key: row.intent!, number: index + 1 })),
    offTopic,
  };
}

/** A short classic stop list per language for the baseline (stopwords-iso's long lists hold content words). */
const baselineStopWords: Record<string, string[]> = {
  en: "a an and are as at be but by can could do does did for from had has have how i if in into is it its me my of on or our so that the their them then there these they this to us was we were what when where which who why will with would you your".split(" "),
  nl: "de het een en of in op aan te van voor met bij is zijn was waren ben bent heb hebt heeft ik je jij u we wij ze zij hij mijn mij me jullie dat die dit deze er om naar als maar dan ook niet wel hoe wat waar".split(" "),
};

/** Plain BM25 (k1 1.2, b 0.75) over each entry's question and answer as one text. */
function createBm25Baseline(entries: FaqEntry[], language: FaqLanguage) {
  const analyzer = analyzerFor(language);
  const stop = new Set(baselineStopWords[language] ?? []);
  // Plain BM25: a hyphenated word is its parts only, not also written together as the matcher reads it.
  const terms = (text: string) => analyzer.analyze(text).filter((token) => !token.joined && !stop.has(token.word)).map((token) => token.stem);
  const documents = entries.map((entry) => {
    const counts = new Map<string, number>();
    const words = terms(`${entry.question} ${entry.answer}`);
    for (const term of words) counts.set(term, (counts.get(term) ?? 0) + 1);
    return { key: entry.key, counts, length: words.length };
  });
  const averageLength = documents.reduce((sum, document) => sum + document.length, 0) / documents.length;
  const documentFrequency = new Map<string, number>();
  for (const document of documents) for (const term of document.counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  return {
    match(question: string): string[] {
      const queryTerms = terms(question);
      return documents
        .map((document) => {
          let score = 0;
          for (const term of queryTerms) {
            const frequency = document.counts.get(term) ?? 0;
            if (frequency === 0) continue;
            const frequencyOfTerm = documentFrequency.get(term)!;
            const idf = Math.log(1 + (documents.length - frequencyOfTerm + 0.5) / (frequencyOfTerm + 0.5));
            score += (idf * frequency * 2.2) / (frequency + 1.2 * (0.25 + (0.75 * document.length) / averageLength));
          }
          return { key: document.key, score };
        })
        .filter((scored) => scored.score > 0)
        .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1))
        .map((scored) => scored.key);
    },
  };
}

interface Row {
  set: string;
  method: string;
  hitAt1: number;
  hitAt3: number;
  /** hit@1 / hit@3 on the odd- and on the even-numbered questions. */
  halves?: { odd: [number, number]; even: [number, number] };
  answeredCorrect?: number;
  answeredWrong?: number;
  offTopicAnswered?: number;
  microsecondsPerQuestion: number;
}

/** hit@1 and hit@3 per half (odd- / even-numbered questions), from each question's rank of the right entry (0 = not in the top 3). */
function halves(ranks: { number: number; rank: number }[]): Row["halves"] {
  const share = (odd: boolean): [number, number] => {
    const half = ranks.filter((ranked) => ranked.number % 2 === (odd ? 1 : 0));
    return [half.filter((ranked) => ranked.rank === 1).length / half.length, half.filter((ranked) => ranked.rank >= 1).length / half.length];
  };
  return { odd: share(true), even: share(false) };
}

// The product's local sentence model (English), in its worker thread, as the extractive default uses it.
const sentenceEncoder = createLocalSentenceEncoder();
// A provider's embedding model, as the product uses it with EMBEDDINGS_*, when the bench is given one
// (BENCH_EMBEDDINGS_BASE_URL, BENCH_EMBEDDINGS_API_KEY, BENCH_EMBEDDINGS_MODEL, BENCH_EMBEDDINGS_FAQ_SCALE).
const providerSettings = embeddingSettingsFromEnv({
  EMBEDDINGS_BASE_URL: process.env.BENCH_EMBEDDINGS_BASE_URL,
  EMBEDDINGS_API_KEY: process.env.BENCH_EMBEDDINGS_API_KEY,
  EMBEDDINGS_MODEL: process.env.BENCH_EMBEDDINGS_MODEL,
  EMBEDDINGS_FAQ_SCALE: process.env.BENCH_EMBEDDINGS_FAQ_SCALE,
});
const providerEncoder = providerSettings && providerSentenceEncoder(createEmbedder(providerSettings), providerSettings.faqScale!);

async function evaluate(set: EvaluationSet): Promise<Row[]> {
  const rows: Row[] = [];
  const baseline = createBm25Baseline(set.entries, set.language);
  const started = performance.now();
  let hits1 = 0;
  let hits3 = 0;
  for (const { question, key } of set.questions) {
    const ranked = baseline.match(question);
    if (ranked[0] === key) hits1++;
    if (ranked.slice(0, 3).includes(key)) hits3++;
  }
  rows.push({
    set: set.name,
    method: "BM25 baseline",
    hitAt1: hits1 / set.questions.length,
    hitAt3: hits3 / set.questions.length,
    microsecondsPerQuestion: ((performance.now() - started) * 1000) / set.questions.length,
  });

  rows.push(await scoreMatcher(set, "Parley matcher"));
  if (sentenceEncoder.languages.includes(set.language)) rows.push(await scoreMatcher(set, "Parley matcher + local sentence model", sentenceEncoder));
  if (providerEncoder) rows.push(await scoreMatcher(set, `Parley matcher + provider embeddings (${providerSettings!.model})`, providerEncoder));
  rows.push(...withCorrections(set));
  return rows;
}

/** The matcher on a set, on words alone or with a sentence model (the local one, or a provider's). */
async function scoreMatcher(set: EvaluationSet, method: string, encoder?: SentenceEncoder): Promise<Row> {
  const matcher = createFaqMatcher(set.entries, { language: set.language });
  // The FAQ's vectors are computed once per FAQ (the product keeps them); each question's vector is part of its time.
  const entryVectors = encoder ? faqRowVectors(await encoder.embed(set.entries.flatMap(faqRowTexts))) : undefined;
  const similarity = async (question: string): Promise<EmbeddingSimilarity | undefined> =>
    entryVectors ? { entries: entryVectors, query: (await encoder!.embed([question]))[0]!, scale: encoder!.scale } : undefined;
  await similarity("warm-up");
  matcher.match("warm-up"); // the first English match loads WordNet once; not a per-question cost
  const started = performance.now();
  let hits1 = 0;
  let hits3 = 0;
  let answeredCorrect = 0;
  let answeredWrong = 0;
  const ranks: { number: number; rank: number }[] = [];
  for (const { question, key, number } of set.questions) {
    const matches = matcher.match(question, 3, await similarity(question));
    ranks.push({ number, rank: matches.findIndex((found) => found.key === key) + 1 });
    if (matches[0]?.key === key) hits1++;
    if (matches.some((found) => found.key === key)) hits3++;
    if (matches[0] && matches[0].confidence > answerConfidenceThreshold) {
      if (matches[0].key === key) answeredCorrect++;
      else answeredWrong++;
    }
  }
  const elapsed = performance.now() - started;
  const offTopicAnswered: string[] = [];
  for (const question of set.offTopic) {
    const best = matcher.match(question, 1, await similarity(question))[0];
    if ((best?.confidence ?? 0) > answerConfidenceThreshold) offTopicAnswered.push(question);
    if (process.env.BENCH_VERBOSE) process.stderr.write(`off-topic ${JSON.stringify(best)} ${question}\n`);
  }
  return {
    set: set.name,
    method,
    hitAt1: hits1 / set.questions.length,
    hitAt3: hits3 / set.questions.length,
    halves: halves(ranks),
    answeredCorrect: answeredCorrect / set.questions.length,
    answeredWrong: answeredWrong / set.questions.length,
    offTopicAnswered: offTopicAnswered.length / set.offTopic.length,
    microsecondsPerQuestion: (elapsed * 1000) / set.questions.length,
  };
}

/**
 * Learning from agents' corrections (the product's `addFaqCorrection`): the first `count` questions of each
 * entry, in file order, are given as corrections, as an agent would link visitors' questions to the right
 * entry; the matcher is scored on the other questions only (held out), never on a question it was given.
 */
function withCorrections(set: EvaluationSet): Row[] {
  return [1, 2, 3].map((count) => {
    const matcher = createFaqMatcher(set.entries, { language: set.language });
    const given = new Map<string, number>();
    const heldOut: LabelledQuestion[] = [];
    for (const labelled of set.questions) {
      const used = given.get(labelled.key) ?? 0;
      if (used < count) {
        matcher.addPhrasing(labelled.key, labelled.question);
        given.set(labelled.key, used + 1);
      } else heldOut.push(labelled);
    }
    const started = performance.now();
    let hits1 = 0;
    let hits3 = 0;
    let answeredCorrect = 0;
    let answeredWrong = 0;
    const ranks: { number: number; rank: number }[] = [];
    for (const { question, key, number } of heldOut) {
      const matches = matcher.match(question, 3);
      ranks.push({ number, rank: matches.findIndex((found) => found.key === key) + 1 });
      if (matches[0]?.key === key) hits1++;
      if (matches.some((found) => found.key === key)) hits3++;
      if (matches[0] && matches[0].confidence > answerConfidenceThreshold) {
        if (matches[0].key === key) answeredCorrect++;
        else answeredWrong++;
      }
    }
    const offTopicAnswered = set.offTopic.filter((question) => (matcher.match(question, 1)[0]?.confidence ?? 0) > answerConfidenceThreshold);
    return {
      set: set.name,
      method: `Parley matcher + ${count} agent correction${count > 1 ? "s" : ""} per entry (scored on the ${heldOut.length} other questions)`,
      hitAt1: hits1 / heldOut.length,
      hitAt3: hits3 / heldOut.length,
      halves: halves(ranks),
      answeredCorrect: answeredCorrect / heldOut.length,
      answeredWrong: answeredWrong / heldOut.length,
      offTopicAnswered: offTopicAnswered.length / set.offTopic.length,
      microsecondsPerQuestion: ((performance.now() - started) * 1000) / heldOut.length,
    };
  });
}

const percent = (value: number | undefined) => (value === undefined ? "—" : `${(value * 100).toFixed(1)} %`);
const half = (pair: [number, number] | undefined) => (pair ? `${(pair[0] * 100).toFixed(1)} / ${(pair[1] * 100).toFixed(1)} %` : "—");

function table(rows: Row[]): string {
  const lines = [
    "| set | method | hit@1 | hit@3 | odd questions hit@1 / hit@3 | even questions (held out) | answered right (above threshold) | answered wrong | off-topic answered | time per question |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.set} | ${row.method} | ${percent(row.hitAt1)} | ${percent(row.hitAt3)} | ${half(row.halves?.odd)} | ${half(row.halves?.even)} | ${percent(row.answeredCorrect)} | ${percent(row.answeredWrong)} | ${percent(row.offTopicAnswered)} | ${row.microsecondsPerQuestion.toFixed(0)} µs |`,
    );
  }
  return lines.join("\n");
}

const sets = [
  // The repository's parent holds `shared/` (`<repo>/../shared/data/faq-eval`).
  loadSet("English webshop (shared/data/faq-eval)", "en", join(repository, "..", "shared", "data", "faq-eval"), "webshop-faq.csv", offTopicEnglish),
  loadSet("Dutch webshop (bench/data/faq-eval-nl)", "nl", join(here, "data", "faq-eval-nl"), "faq.csv", offTopicDutch),
];
const rows: Row[] = [];
for (const set of sets) rows.push(...(await evaluate(set)));
await sentenceEncoder.close();
const report = [
  "# Answer quality (issue 14)",
  "",
  `${new Date().toISOString()}, Node ${process.version}; confidence threshold ${answerConfidenceThreshold}.`,
  ...sets.map((set) => `- ${set.name}: ${set.entries.length} entries, ${set.questions.length} questions, ${set.offTopic.length} off-topic questions`),
  "",
  table(rows),
  "",
].join("\n");
process.stdout.write(`${report}\n`);
await mkdir(join(here, "results"), { recursive: true });
await writeFile(join(here, "results", "answer-quality.md"), report);
