import { load, type CheerioAPI } from "cheerio";
import { isTag, isText, type AnyNode, type Element } from "domhandler";
import { maxHtmlDepth, nestsDeeperThan } from "../../platform/html";
import { outboundError } from "../../platform/outbound/client";

/** A piece of a page's text, under the chosen tag it was found in. */
export interface PageComponent {
  text: string;
  tag: string;
  /** The page's title or the heading it follows. */
  subject: string;
  /** The page it is on. */
  url: string;
}

export interface PageText {
  /** `<title>`, else the first `<h1>`, else the page's address. */
  title: string;
  components: PageComponent[];
}

export interface ExtractOptions {
  /** The tags whose text is kept (spec 02 §7.6's list; `src` keeps image addresses). */
  tags: readonly string[];
  /** Elements with any of these classes are left out, with everything in them. */
  filteredClasses?: readonly string[];
}

// Never text a reader sees, or the site's frame around the content rather than the content: the
// navigation, the page header and footer (not an article's own), side bars, and what is hidden.
const boilerplate = [
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "canvas",
  "iframe",
  "object",
  "embed",
  "nav",
  "aside",
  "dialog",
  "[role=navigation]",
  "[role=banner]",
  "[role=contentinfo]",
  "[role=complementary]",
  "[hidden]",
  "[aria-hidden=true]",
].join(", ");

const headings = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
/** A component's subject, a page's title or heading, at most as long as an article's subject (the contract's 200). */
const maxSubjectCharacters = 200;

// Text inside these runs on with its neighbours; any other element is a break between words.
const inline = new Set([
  "a",
  "abbr",
  "b",
  "bdi",
  "bdo",
  "cite",
  "code",
  "data",
  "dfn",
  "em",
  "font",
  "i",
  "kbd",
  "label",
  "mark",
  "q",
  "s",
  "samp",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "time",
  "u",
  "var",
  "wbr",
]);

/**
 * A fetched page (or XML file) parsed for reading, or `url_page_too_complex` when it nests deeper than
 * {@link maxHtmlDepth}: refused before the parser sees it.
 */
export function loadFetched(markup: string, options: { xml?: boolean } = {}): CheerioAPI {
  if (nestsDeeperThan(markup, maxHtmlDepth, options)) throw outboundError("url_page_too_complex");
  return options.xml ? load(markup, { xml: true }) : load(markup);
}

/** Runs of white space as one space, trimmed. */
export function clean(text: string): string {
  return text.replace(/\s+/gu, " ").trim();
}

/** The most nodes `leadingText` visits: a heading of thousands of empty tags says nothing more after these. */
const leadingTextMaxNodes = 10_000;

/**
 * The start of the text of `nodes` (their text nodes in document order, as cheerio's `.text()` joins
 * them), white space collapsed and trimmed, at most `maxCharacters` long. Reading stops there: a heading or
 * an answer that wraps the rest of the page — twenty headings or `<details>` nested in each other — costs
 * no more than its start, where reading the whole of each took the event loop for tens of seconds.
 */
export function leadingText(nodes: readonly AnyNode[], maxCharacters: number): string {
  let text = "";
  let visited = 0;
  // A walk by position in each open list of children: stopping early costs nothing for the siblings not reached.
  const open: { nodes: readonly AnyNode[]; next: number }[] = [{ nodes, next: 0 }];
  while (open.length > 0 && text.length <= maxCharacters && visited < leadingTextMaxNodes) {
    const level = open[open.length - 1]!;
    if (level.next >= level.nodes.length) {
      open.pop();
      continue;
    }
    const node = level.nodes[level.next++]!;
    visited += 1;
    // Each piece is cut before it is collapsed, so a text node of megabytes costs only its start.
    if (isText(node)) text += node.data.slice(0, maxCharacters + 1).replace(/\s+/gu, " ");
    else if (isTag(node) && node.children.length > 0) open.push({ nodes: node.children, next: 0 });
  }
  return text.replace(/\s+/gu, " ").trim().slice(0, maxCharacters);
}

/** An http(s) address as the page means it (relative to its base), or undefined. */
export function absolute(reference: string | undefined, base: URL): string | undefined {
  if (!reference || reference.trim() === "") return undefined;
  try {
    const url = new URL(reference.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function removeBoilerplate($: CheerioAPI, filteredClasses: readonly string[]): void {
  $(boilerplate).remove();
  // The site's header and footer, not those of an article or section inside the content.
  $("header, footer")
    .filter((_index, element) => $(element).parents("article, main, section").length === 0)
    .remove();
  const filtered = new Set(filteredClasses.map((name) => name.trim()).filter(Boolean));
  if (filtered.size > 0) {
    // Compared as class names, never built into a selector: a class is text the user typed.
    $("[class]")
      .filter((_index, element) => (element.attribs.class ?? "").split(/\s+/u).some((name) => filtered.has(name)))
      .remove();
  }
}

/**
 * The text of an HTML page as training material: boilerplate and the filtered classes dropped, the
 * text of each chosen tag kept once (under the innermost chosen tag, so a `div` around `p`s keeps only
 * its own words), each piece with the heading before it as its subject. Links and image addresses are
 * made absolute against the page (or its `<base>`). Empty pieces are dropped. A page nested too deeply is
 * refused (`url_page_too_complex`).
 */
export function extractPageText(html: string, pageUrl: string, options: ExtractOptions): PageText {
  const $ = loadFetched(html);
  const page = new URL(pageUrl);
  const base = (() => {
    const href = absolute($("base[href]").first().attr("href"), page);
    return href ? new URL(href) : page;
  })();
  const title = leadingText($("title").first().toArray(), maxSubjectCharacters) || leadingText($("h1").first().toArray(), maxSubjectCharacters) || pageUrl;
  removeBoilerplate($, options.filteredClasses ?? []);

  const chosen = new Set(options.tags.map((tag) => tag.toLowerCase()));
  const components: PageComponent[] = [];
  let subject = title;
  // The words of the innermost chosen element being read; text outside any chosen element is not kept.
  let words: string[] | undefined;

  const read = (nodes: readonly AnyNode[]) => {
    for (const node of nodes) {
      if (isText(node)) words?.push(node.data);
      else if (isTag(node)) readElement(node);
    }
  };

  const readElement = (element: Element) => {
    const tag = element.name.toLowerCase();
    if (headings.has(tag)) subject = leadingText([element], maxSubjectCharacters) || subject;
    if (chosen.has("src") && (tag === "img" || tag === "source")) {
      const source = absolute(element.attribs.src, base);
      if (source) components.push({ text: source, tag: "src", subject, url: pageUrl });
    }
    const separate = !inline.has(tag);
    if (!chosen.has(tag)) {
      if (separate) words?.push(" ");
      read(element.children);
      if (separate) words?.push(" ");
      return;
    }
    // Placed before its children are read, so the page's order is kept.
    const component: PageComponent = { text: "", tag, subject, url: pageUrl };
    components.push(component);
    const outer = words;
    words = [];
    if (tag === "img") words.push(element.attribs.alt ?? "");
    else if (tag === "input" || tag === "textarea")
      words.push(element.attribs.value ?? "", " ", element.attribs.placeholder ?? "");
    read(element.children);
    if (tag === "a") {
      const href = absolute(element.attribs.href, base);
      if (href) words.push(` (${href})`);
    }
    component.text = clean(words.join(""));
    words = outer;
    if (separate) words?.push(" ");
  };

  read($("body").length > 0 ? $("body").contents().toArray() : $.root().contents().toArray());
  return { title, components: components.filter((component) => component.text !== "") };
}
