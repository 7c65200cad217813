import type { TextBlock } from "@parley/domain";
import { getDocumentProxy } from "unpdf";

/** Pages read at most from one PDF; the rest of a longer one is left out. */
export const maxPdfPages = 1000;

/** The PDF could not be opened: not a PDF after all, damaged, or protected by a password. */
export class UnreadablePdfError extends Error {
  constructor(
    readonly reason: "damaged" | "encrypted",
    cause: unknown,
  ) {
    super(reason === "encrypted" ? "The PDF is protected by a password" : "The PDF cannot be read", { cause });
    this.name = "UnreadablePdfError";
  }
}

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/** A document's text item as PDF.js gives it (the marked-content entries without `str` are skipped). */
interface TextItem {
  str: string;
  transform: number[];
  height: number;
  hasEOL: boolean;
}

interface Line {
  text: string;
  size: number;
  y: number;
}

async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  try {
    // A copy: PDF.js may take over the buffer it is given. Scripts (eval) stay off and warnings quiet.
    return await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, verbosity: 0, useSystemFonts: false });
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    throw new UnreadablePdfError(name === "PasswordException" ? "encrypted" : "damaged", error);
  }
}

/** The lines of a page, in the order the page draws them: a new line where PDF.js ends one or the baseline moves. */
function linesOf(items: readonly TextItem[]): Line[] {
  const lines: Line[] = [];
  let current: Line | undefined;
  let ended = false;
  for (const item of items) {
    const size = Math.abs(item.transform[3] ?? item.height) || item.height;
    const y = item.transform[5] ?? 0;
    if (item.str.trim() !== "") {
      const sameLine = current && !ended && Math.abs(current.y - y) < Math.max(current.size, size) / 2;
      if (current && sameLine) {
        current.text += item.str;
        current.size = Math.max(current.size, size);
      } else {
        current = { text: item.str, size, y };
        lines.push(current);
      }
      ended = false;
    }
    if (item.hasEOL) ended = true;
  }
  return lines
    .map((line) => ({ ...line, text: line.text.replace(/\s+/gu, " ").trim() }))
    .filter((line) => line.text !== "");
}

/** The font size most of the text is set in: the size with the most characters. */
function bodySize(pages: readonly Line[][]): number {
  const characters = new Map<number, number>();
  for (const line of pages.flat()) {
    const size = Math.round(line.size * 10) / 10;
    characters.set(size, (characters.get(size) ?? 0) + line.text.length);
  }
  let best = 0;
  let most = -1;
  for (const [size, count] of characters) {
    if (count > most) [best, most] = [size, count];
  }
  return best;
}

/**
 * A page's headings and paragraphs. A heading is a short line set at least a fifth larger than the body
 * text (lines of one heading are joined); a paragraph ends where the gap to the next line is clearly
 * wider than the line spacing, or a heading starts.
 */
function blocksOf(lines: readonly Line[], body: number): TextBlock[] {
  const blocks: TextBlock[] = [];
  let previous: { line: Line; kind: TextBlock["kind"] } | undefined;
  for (const line of lines) {
    const kind: TextBlock["kind"] = body > 0 && line.size >= body * 1.2 && line.text.length <= 200 ? "heading" : "paragraph";
    const gap = previous ? previous.line.y - line.y : 0;
    const continues =
      previous !== undefined &&
      previous.kind === kind &&
      (kind === "heading" ? Math.abs(previous.line.size - line.size) < 0.5 : gap > 0 && gap <= Math.max(line.size, previous.line.size) * 1.6);
    const last = blocks[blocks.length - 1];
    if (continues && last) last.text += ` ${line.text}`;
    else blocks.push({ kind, text: line.text });
    previous = { line, kind };
  }
  return blocks;
}

/**
 * The text layer of a PDF as headings and paragraphs, page after page (at most `maxPdfPages`). A PDF of
 * scanned pages has no text layer and gives no blocks. Throws `UnreadablePdfError`.
 */
export async function pdfTextBlocks(bytes: Uint8Array): Promise<TextBlock[]> {
  const pdf = await openPdf(bytes);
  try {
    const pages: Line[][] = [];
    for (let number = 1; number <= Math.min(pdf.numPages, maxPdfPages); number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(linesOf(content.items.flatMap((item) => ("str" in item ? [item] : []))));
      page.cleanup();
    }
    const body = bodySize(pages);
    return pages.flatMap((lines) => blocksOf(lines, body));
  } catch (error) {
    if (error instanceof UnreadablePdfError) throw error;
    throw new UnreadablePdfError("damaged", error);
  } finally {
    await pdf.destroy();
  }
}
