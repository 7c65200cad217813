/**
 * Training files (spec 02 §5, §7.6): the size limit of an upload, and how the text of a file is cut
 * into the components the screen offers as articles. The server finds the blocks (a PDF's headings by
 * their font size, a text file's by the rules below); the cut into components is the same for both.
 */
import { allowedUploadExtensions, cutAtBoundaries, wordsOf, type UploadExtension } from "./training";

/** The largest training file that can be uploaded (10 MB), checked on the bytes as sent. */
export const maxTrainingFileBytes = 10 * 1024 * 1024;

/** A component longer than this is cut at paragraph boundaries (a paragraph longer still, at sentences). */
export const maxFileComponentWords = 1000;

/** The longest heading a text file's line can be taken for. */
const maxHeadingCharacters = 80;

/**
 * The extension of an uploadable file's name (.txt or .pdf, any case), `undefined` for any other name;
 * the same rule as `isAllowedUploadName`. What the file is, its content decides (on the server).
 */
export function uploadExtensionOf(fileName: string): UploadExtension | undefined {
  const lower = fileName.trim().toLowerCase();
  return allowedUploadExtensions.find((extension) => lower.endsWith(extension) && lower.length > extension.length);
}

/**
 * What training files' names are compared by: two uploads of one key are one file, the later replacing the
 * earlier. Case is ignored because the systems most uploads come from (Windows, macOS) cannot hold "FAQ.pdf"
 * beside "faq.pdf": a customer sending "FAQ.pdf" after "faq.pdf" sends the same document again. Composed to
 * NFC, so that an "é" typed as one character or as e and an accent is one name.
 */
export function trainingFileNameKey(fileName: string): string {
  return fileName.normalize("NFC").toLowerCase();
}

export interface TextBlock {
  kind: "heading" | "paragraph";
  text: string;
}

export interface FileComponent {
  text: string;
  subject: string;
}

const atxOpening = /^#{1,6}\s/u;

/**
 * The text of a Markdown `#` heading line, without its closing `#`s, or undefined for another line.
 * Read by hand: the one-regex form (`^#{1,6}\s+(.+?)\s*#*\s*$`) backtracks cubically, and a line of
 * 3,000 spaces between two words took seconds.
 */
function atxHeadingText(line: string): string | undefined {
  if (!atxOpening.test(line)) return undefined;
  let text = line.replace(/^#+/u, "").trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === "#") end -= 1;
  if (end < text.length && (end === 0 || /\s/u.test(text[end - 1]!))) text = text.slice(0, end).trimEnd();
  return text === "" ? undefined : text.replace(/\s+/gu, " ");
}
const setextUnderline = /^(=+|-+)\s*$/u;
const listItem = /^\s*([-*•·]|\d+[.)])\s+/u;

/** The lines of a paragraph as one text: hard-wrapped lines are joined, list items keep their lines. */
function paragraphText(lines: readonly string[]): string {
  let text = "";
  for (const line of lines) {
    const trimmed = line.trim().replace(/\s+/gu, " ");
    if (trimmed === "") continue;
    if (text === "") text = trimmed;
    else text += listItem.test(line) ? `\n${trimmed}` : ` ${trimmed}`;
  }
  return text;
}

/** A one-line block that reads as a title: short, with a letter, not ending as a sentence or clause. */
function looksLikeTitle(lines: readonly string[]): boolean {
  if (lines.length !== 1) return false;
  const line = lines[0]!.trim();
  return line.length <= maxHeadingCharacters && /\p{L}/u.test(line) && !/[.!?,;:]$/u.test(line) && !listItem.test(line);
}

/**
 * The headings and paragraphs of a plain text. Paragraphs are separated by blank lines. A heading is a
 * Markdown `#` line, a line underlined with `===` or `---`, or a short one-line paragraph without
 * closing punctuation that another paragraph follows (a title on its own is text).
 */
export function textBlocksOf(text: string): TextBlock[] {
  const groups: string[][] = [[]];
  for (const line of text.replace(/^\uFEFF/u, "").split(/\r\n|\r|\n/u)) {
    if (line.trim() === "") {
      if (groups[groups.length - 1]!.length > 0) groups.push([]);
    } else {
      groups[groups.length - 1]!.push(line);
    }
  }
  const blocks: TextBlock[] = [];
  const raw = groups.filter((group) => group.length > 0);
  raw.forEach((group, index) => {
    let rest: string[] = group;
    const atx = atxHeadingText(group[0]!);
    if (atx !== undefined) {
      blocks.push({ kind: "heading", text: atx });
      rest = group.slice(1);
    } else if (group.length >= 2 && setextUnderline.test(group[1]!) && group[0]!.trim().length <= maxHeadingCharacters) {
      blocks.push({ kind: "heading", text: group[0]!.trim() });
      rest = group.slice(2);
    } else if (looksLikeTitle(group) && index + 1 < raw.length && !looksLikeTitle(raw[index + 1]!)) {
      blocks.push({ kind: "heading", text: group[0]!.trim() });
      rest = [];
    }
    const paragraph = paragraphText(rest);
    if (paragraph !== "") blocks.push({ kind: "paragraph", text: paragraph });
  });
  return blocks;
}

/**
 * The components of a file: one per section (the paragraphs under one heading, `fallbackSubject` before
 * the first), cut where a section passes `maxFileComponentWords`. A heading without text under it only
 * names the next section; sections without text give nothing, so a file without text gives none.
 */
export function fileComponentsOf(blocks: readonly TextBlock[], fallbackSubject: string): FileComponent[] {
  const components: FileComponent[] = [];
  let subject = fallbackSubject;
  let paragraphs: string[] = [];
  let words = 0;
  const flush = () => {
    if (paragraphs.length > 0) components.push({ text: paragraphs.join("\n\n"), subject });
    paragraphs = [];
    words = 0;
  };
  for (const block of blocks) {
    const text = block.text.trim();
    if (text === "") continue;
    if (block.kind === "heading") {
      flush();
      subject = text;
      continue;
    }
    const count = wordsOf(text).length;
    if (count > maxFileComponentWords) {
      flush();
      for (const piece of cutAtBoundaries(text, maxFileComponentWords, "words")) components.push({ text: piece, subject });
      continue;
    }
    if (words + count > maxFileComponentWords) flush();
    paragraphs.push(text);
    words += count;
  }
  flush();
  return components;
}
