/**
 * The `snippet` of a search hit: a short plain-text excerpt of its text around the words of the question,
 * so a list of hits shows why each was found. Words are compared accent-folded and lower-cased, and a word
 * matches another that shares its beginning (a crude stem: "refunds" and "refund", "opens" and "open").
 * The excerpt is the stretch of at most `maxSnippetLength` characters holding the most of the question's
 * words, a rarer word in the text weighing more than a common one; it starts a few words before the first
 * of them and is marked with "…" where it cuts the text. A hit found only by a typo correction or by its
 * meaning starts at the beginning of its text.
 */

/** Characters at most, the "…" marks included. */
export const maxSnippetLength = 240;
/** Words of context kept before the first matched word. */
const wordsBefore = 3;
const ellipsis = "…";

interface Word {
  start: number;
  end: number;
  folded: string;
}

const fold = (word: string) =>
  word
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase();

function wordsOf(text: string): Word[] {
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => ({ start: match.index, end: match.index + match[0].length, folded: fold(match[0]) }));
}

/** Same word, or one the other begins with once the shorter has lost up to three letters of ending. */
function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter < 4) return false;
  const needed = Math.max(4, shorter - 3);
  return a.slice(0, needed) === b.slice(0, needed);
}

const collapse = (text: string) => text.replace(/\s+/gu, " ").trim();

export function snippetOf(text: string, question: string): string {
  const whole = collapse(text);
  if (whole.length <= maxSnippetLength) return whole;
  const words = wordsOf(whole);
  const asked = [...new Set(wordsOf(question).map((word) => word.folded))].filter((word) => word.length >= 2);
  // Which question word each word of the text is, if any; a word the text holds often weighs less.
  const matchOf = words.map((word) => asked.findIndex((wanted) => sameStem(word.folded, wanted)));
  const occurrences = asked.map((_, index) => matchOf.filter((match) => match === index).length);

  const room = maxSnippetLength - 2 * ellipsis.length;
  let best = { from: 0, to: 0, score: -1 };
  const starts = new Set([0, ...matchOf.flatMap((match, position) => (match >= 0 ? [Math.max(0, position - wordsBefore)] : []))]);
  for (const from of starts) {
    let to = from;
    const seen = new Set<number>();
    let score = 0;
    while (to < words.length && words[to]!.end - words[from]!.start <= room) {
      const match = matchOf[to]!;
      if (match >= 0 && !seen.has(match)) {
        seen.add(match);
        score += 1 / occurrences[match]!;
      }
      to += 1;
    }
    if (score > best.score) best = { from, to, score };
  }
  // A single word longer than the room (a URL, say) is cut.
  const startAt = words[best.from]?.start ?? 0;
  const endAt = best.to > best.from ? words[best.to - 1]!.end : Math.min(whole.length, startAt + room);
  // Punctuation right after the last word (a full stop, a closing parenthesis) stays with it.
  const trailing = /^[^\s\p{L}\p{N}]*/u.exec(whole.slice(endAt))![0];
  const end = endAt + trailing.length - startAt <= room ? endAt + trailing.length : endAt;
  return `${startAt > 0 ? ellipsis : ""}${whole.slice(startAt, end)}${end < whole.length ? ellipsis : ""}`;
}
