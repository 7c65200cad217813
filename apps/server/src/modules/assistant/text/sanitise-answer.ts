/**
 * The assistant's answers are shown as HTML inside the chat widget on a business's website, and they come
 * from a model that a visitor (or a scraped page) can steer. Everything the widget renders goes through
 * this allow-list first: formatting, lists, links and simple tables survive; everything that can run
 * script, load content, submit data or restyle the host page does not.
 */
import { load } from "cheerio";
import sanitizeHtml from "sanitize-html";
import { escapeHtml, maxHtmlDepth, nestsDeeperThan, tagsDropped } from "../../../platform/html";

/**
 * Formatting a chat answer needs. Tables are included because answers compare products, prices and
 * opening hours, which models format as tables; table elements carry no attributes here, so they cannot
 * load or run anything. Headings start at h3: the widget's own title is above them.
 */
const answerTags = [
  "p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "a", "h3", "h4", "blockquote", "code", "pre",
  "table", "thead", "tbody", "tr", "th", "td",
];

const linkSchemes = ["http", "https", "mailto", "tel"];

/**
 * The href a link may keep, or undefined. Browsers ignore ASCII whitespace and control characters inside
 * a URL's scheme ("java\tscript:"), and entities are already decoded by the parser, so the scheme is read
 * from the URL with those removed and compared in lower case. Scheme-less (relative) URLs are refused
 * too: inside the widget they would resolve against the widget's origin, not the business's site.
 */
export function safeLinkHref(href: string | undefined): string | undefined {
  if (href === undefined) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be removed
  const compact = href.replace(/[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  if (!scheme || !linkSchemes.includes(scheme)) return undefined;
  if ((scheme === "http" || scheme === "https") && !/^https?:\/\/[^/?#\s]/i.test(compact)) return undefined;
  return href.trim();
}

const answerOptions: sanitizeHtml.IOptions = {
  allowedTags: answerTags,
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: linkSchemes,
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  allowedStyles: {},
  // Elements whose content is code or markup of another kind: dropped with everything inside.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "template", "iframe", "object", "embed", "xmp", "noembed", "noframes", "svg", "math", "title", "select"],
  disallowedTagsMode: "discard",
  transformTags: {
    // A link is rebuilt from its safe href alone. target="_parent": the widget is an iframe, and a link
    // should open on the business's page, not inside the chat. A link without a safe href keeps no
    // attributes and `exclusiveFilter` below leaves its text only. (It is not renamed to a disallowed tag:
    // sanitize-html then forgets to undo the rename, and the next element at that depth closes as that tag.)
    a: (_tagName, attributes): sanitizeHtml.Tag => {
      const href = safeLinkHref(attributes.href);
      if (!href) return { tagName: "a", attribs: {} };
      return { tagName: "a", attribs: { href, target: "_parent", rel: "noopener" } };
    },
  },
  exclusiveFilter: (frame) => (frame.tag === "a" && !frame.attribs.href ? "excludeTag" : false),
};

export function sanitiseAnswerHtml(html: string): string {
  return sanitizeHtml(html, answerOptions);
}

/**
 * A stored answer as plain text, for places that show no HTML (a CSV export): a line per paragraph, list item,
 * heading or table row, list items with a dash, a link as "text (address)" unless its text is the address.
 */
export function answerHtmlToText(html: string): string {
  // Stored answers are sanitised model output, but nothing bounds how deeply a model nests lists.
  if (nestsDeeperThan(html, maxHtmlDepth)) return tagsDropped(html).replace(/\s+/gu, " ").trim();
  const $ = load(`<div>${html}</div>`, null, false);
  $("br").replaceWith("\n");
  $("a").each((_, element) => {
    const link = $(element);
    const href = link.attr("href")?.replace(/^(mailto|tel):/iu, "");
    const text = link.text().trim();
    if (href && href !== text) link.replaceWith(escapeHtml(text === "" ? href : `${text} (${href})`));
  });
  $("li").prepend("- ");
  $("td, th").append(" ");
  $("p, li, h3, h4, blockquote, pre, tr").append("\n");
  return $.root()
    .text()
    .split("\n")
    .map((line) => line.replace(/[ \t]+/gu, " ").trim())
    .filter((line) => line !== "")
    .join("\n");
}

// ---------------------------------------------------------------------------------------------------------
// Plain text and minimal Markdown to HTML

function link(href: string, label: string): string {
  const safe = safeLinkHref(href);
  return safe ? `<a href="${escapeHtml(safe)}">${label}</a>` : label;
}

/**
 * Inline Markdown, left to right: `code`, [text](url), bare http(s) URLs, **bold**, *italic*. One
 * alternation, so what one construct consumes (a URL's asterisks) is not read again by another.
 * Quantifiers are bounded, so a long run of "*" or "[" costs linear time.
 */
const inlinePattern =
  /`([^`\n]{1,500})`|\[([^\]\n]{1,500})\]\(([^()\s]{1,2000})\)|(https?:\/\/[^\s<>"]{1,2000})|\*\*([^*\n]{1,1000})\*\*|(?<![\p{L}\p{N}*])\*([^*\s](?:[^*\n]{0,998}[^*\s])?)\*(?![\p{L}\p{N}*])/gu;

function inlineToHtml(text: string): string {
  let html = "";
  let position = 0;
  for (const match of text.matchAll(inlinePattern)) {
    html += escapeHtml(text.slice(position, match.index));
    position = match.index + match[0].length;
    const [, code, linkText, linkUrl, bareUrl, bold, italic] = match;
    if (code !== undefined) html += `<code>${escapeHtml(code)}</code>`;
    else if (linkText !== undefined && linkUrl !== undefined) html += link(linkUrl, inlineToHtml(linkText));
    else if (bareUrl !== undefined) {
      // A sentence's punctuation after a URL is not part of it; a closing parenthesis only if it opened one.
      const trailing = /[.,;:!?'")\]]+$/.exec(bareUrl)?.[0] ?? "";
      let url = bareUrl.slice(0, bareUrl.length - trailing.length);
      let rest = trailing;
      if (rest.startsWith(")") && url.includes("(")) {
        url += ")";
        rest = rest.slice(1);
      }
      html += link(url, escapeHtml(url)) + escapeHtml(rest);
    } else if (bold !== undefined) html += `<strong>${inlineToHtml(bold)}</strong>`;
    else if (italic !== undefined) html += `<em>${inlineToHtml(italic)}</em>`;
  }
  return html + escapeHtml(text.slice(position));
}

const bulletItem = /^\s{0,3}[-*•]\s+(.*)$/;
const numberedItem = /^\s{0,3}\d{1,3}[.)]\s+(.*)$/;

/** One block (text between blank lines): runs of list items become lists, other lines a paragraph with line breaks. */
function blockToHtml(block: string): string {
  const parts: string[] = [];
  let lines: string[] = [];
  let items: string[] = [];
  let listTag: "ul" | "ol" | undefined;
  const flushLines = () => {
    if (lines.length) parts.push(`<p>${lines.map(inlineToHtml).join("<br />")}</p>`);
    lines = [];
  };
  const flushItems = () => {
    if (listTag) parts.push(`<${listTag}>${items.map((item) => `<li>${inlineToHtml(item)}</li>`).join("")}</${listTag}>`);
    items = [];
    listTag = undefined;
  };
  for (const line of block.split("\n")) {
    const bullet = bulletItem.exec(line);
    const numbered = bullet ? null : numberedItem.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const tag = bullet ? "ul" : "ol";
      flushLines();
      if (listTag !== tag) flushItems();
      listTag = tag;
      items.push(item[1]!);
    } else {
      flushItems();
      lines.push(line.trim());
    }
  }
  flushLines();
  flushItems();
  return parts.join("");
}

/**
 * Plain text (an extractive answer, or a provider that answered in Markdown or plain text) as safe answer
 * HTML: paragraphs from blank lines, line breaks, lists from "- " and "1. " lines, links from bare URLs and
 * [text](url), **bold**, *italic* and `code`. Everything else is text, escaped; the result is sanitised
 * like any answer.
 */
export function answerTextToHtml(text: string): string {
  const blocks = text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((block) => block.replace(/^\n+|\n+$/g, ""))
    .filter((block) => block.trim() !== "");
  return sanitiseAnswerHtml(blocks.map(blockToHtml).join(""));
}
