/**
 * Finding the FAQ words a misspelt query word was meant to be ("chasnge" → "change", "prchase" →
 * "purchase"), fast enough to run for every unknown word of every question: a symmetric-delete index
 * (every word and its one-letter deletions) proposes candidates, a bounded Damerau-Levenshtein distance
 * confirms them.
 */

/**
 * The longest word read as a possible typo, run-together pair or compound. Longer "words" (a held key, a
 * pasted token, a long number) are matched only as themselves: the work of reading a word those ways grows
 * with the square of its length, and one 4,000-letter word took the server seconds.
 */
export const longestAnalysedWord = 40;

/** Edits allowed for a word of this length: none for short words, where one edit makes another word, nor for over-long ones. */
export function allowedEdits(length: number): number {
  if (length < 4 || length > longestAnalysedWord) return 0;
  return length < 8 ? 1 : 2;
}

/** Optimal-string-alignment distance (insert, delete, substitute, swap neighbours), or Infinity above `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return Infinity;
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previousPrevious[j - 2]! + 1);
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > limit) return Infinity;
    previousPrevious = previous;
    previous = current;
  }
  const distance = previous[b.length]!;
  return distance <= limit ? distance : Infinity;
}

function withOneDeletion(word: string): string[] {
  const variants = [word];
  for (let index = 0; index < word.length; index++) variants.push(word.slice(0, index) + word.slice(index + 1));
  return variants;
}

export interface TypoIndex {
  add(word: string): void;
  /** Known words within the allowed edits of `word`, closest first, with their distance. */
  closeWords(word: string): { word: string; distance: number }[];
}

export function createTypoIndex(): TypoIndex {
  const wordsByDeletion = new Map<string, Set<string>>();
  const known = new Set<string>();
  return {
    add(word) {
      if (known.has(word) || allowedEdits(word.length) === 0) return;
      known.add(word);
      for (const variant of withOneDeletion(word)) {
        let words = wordsByDeletion.get(variant);
        if (!words) wordsByDeletion.set(variant, (words = new Set()));
        words.add(word);
      }
    },
    closeWords(word) {
      const limit = allowedEdits(word.length);
      if (limit === 0) return [];
      const candidates = new Set<string>();
      for (const variant of withOneDeletion(word)) for (const candidate of wordsByDeletion.get(variant) ?? []) candidates.add(candidate);
      const close: { word: string; distance: number }[] = [];
      for (const candidate of candidates) {
        if (candidate === word) continue;
        const distance = editDistance(word, candidate, Math.min(limit, allowedEdits(candidate.length)));
        if (distance !== Infinity) close.push({ word: candidate, distance });
      }
      return close.sort((a, b) => a.distance - b.distance || (a.word < b.word ? -1 : 1));
    },
  };
}

const alphabet = "abcdefghijklmnopqrstuvwxyz";

/**
 * The word one edit away (delete, insert, substitute or swap two neighbours) that `rank` ranks best
 * among those `isWord` accepts, or undefined: Norvig's corrector, with everyday frequency as the prior,
 * for a visitor's word that is no FAQ word and no dictionary word ("feimbursement" → "reimbursement").
 * Words shorter than `allowedEdits` allows one edit for are left alone.
 */
export function mostLikelyCorrection(
  word: string,
  isWord: (candidate: string) => boolean,
  rank: (candidate: string) => number,
): string | undefined {
  if (allowedEdits(word.length) === 0 || !/^[a-z]+$/.test(word)) return undefined;
  let best: string | undefined;
  let bestRank = -Infinity;
  const consider = (candidate: string) => {
    if (candidate === word || candidate.length === 0 || !isWord(candidate)) return;
    const candidateRank = rank(candidate);
    if (candidateRank > bestRank || (candidateRank === bestRank && candidate < best!)) {
      best = candidate;
      bestRank = candidateRank;
    }
  };
  for (let at = 0; at <= word.length; at++) {
    const head = word.slice(0, at);
    const tail = word.slice(at);
    if (tail) consider(head + tail.slice(1));
    if (tail.length > 1) consider(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of alphabet) {
      if (tail) consider(head + letter + tail.slice(1));
      consider(head + letter + tail);
    }
  }
  return best;
}
