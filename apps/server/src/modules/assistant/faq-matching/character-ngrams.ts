/**
 * Character trigram counts of a text's content words, compared by the matcher as an IDF-weighted cosine: catches what whole-word
 * matching misses (typos the edit distance does not reach, Dutch and German compounds such as
 * "verzendadres" against "adres", shared word parts such as "registering" and "registration").
 */

export type NgramVector = Map<string, number>;

/** Trigram counts of the words, each word padded so its start and end count as trigrams of their own. */
export function trigramCounts(words: readonly string[]): NgramVector {
  const counts: NgramVector = new Map();
  for (const word of words) {
    const padded = ` ${word} `;
    for (let index = 0; index + 3 <= padded.length; index++) {
      const gram = padded.slice(index, index + 3);
      counts.set(gram, (counts.get(gram) ?? 0) + 1);
    }
  }
  return counts;
}
