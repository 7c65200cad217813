/** A LIKE/ILIKE pattern that matches `text` anywhere, with the pattern's own wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
