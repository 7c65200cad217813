import { load } from "cheerio";
import { Parser } from "htmlparser2";

/** Text as HTML that shows it literally (every character HTML gives meaning to, as a numeric reference). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * How deep a page's elements may nest. Real pages stay well under 100 levels (browsers stop nesting at
 * 512); past a few hundred, parsing takes time that grows with the square of the depth and walking the
 * tree overflows the stack, so one hostile page would hold up the whole server.
 */
export const maxHtmlDepth = 256;

const tooDeep = Symbol("too deep");

/**
 * Whether elements nest deeper than `max` levels, as a parser that closes what HTML implies closed
 * (`<p>`, `<li>`, void elements) counts them. Stops at the first element past `max`, so a hostile page
 * costs no more than a normal one.
 */
export function nestsDeeperThan(markup: string, max: number, options: { xml?: boolean } = {}): boolean {
  let depth = 0;
  const parser = new Parser(
    {
      onopentag() {
        depth += 1;
        if (depth > max) throw tooDeep;
      },
      onclosetag() {
        depth -= 1;
      },
    },
    { xmlMode: options.xml ?? false, decodeEntities: false },
  );
  try {
    parser.end(markup);
    return false;
  } catch (error) {
    if (error === tooDeep) return true;
    throw error;
  }
}

/**
 * The text of markup read without parsing it, every tag dropped and entities decoded: for markup nested
 * too deeply to parse (see {@link nestsDeeperThan}) whose words are still wanted.
 */
export function tagsDropped(markup: string): string {
  return load(markup.replace(/<[^>]*>?/gu, " "), null, false).root().text();
}
