/**
 * The one way HTML reaches the widget's DOM. The server already sanitises answers, the start message and
 * the disclaimer; the widget does not rely on that. The markup is parsed into an inert document
 * (DOMParser: no scripts run, nothing loads) and walked with an allow-list, building fresh nodes in the
 * widget's document. Nothing is ever serialised back into an HTML string, so markup that changes meaning
 * when re-parsed (mutation XSS) has no second parse to exploit.
 */

/** Elements kept with their allowed attributes. */
const allowedElements = new Set([
  "a",
  "b",
  "blockquote",
  "br",
  "code",
  "del",
  "div",
  "em",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "i",
  "li",
  "ol",
  "p",
  "pre",
  "s",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "table",
  "tbody",
  "td",
  "th",
  "thead",
  "tr",
  "u",
  "ul",
]);

/** Elements dropped with everything inside: their content is code, styling or foreign markup, never prose. */
const droppedElements = new Set([
  "script",
  "style",
  "template",
  "noscript",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "svg",
  "math",
  "textarea",
  "select",
  "option",
  "title",
  "xmp",
  "noembed",
  "noframes",
  "plaintext",
  "head",
  "link",
  "meta",
  "base",
  "form",
  "button",
  "input",
  "audio",
  "video",
  "canvas",
  "applet",
  "portal",
]);

/** Deeper nesting is cut off: no real answer needs it, and it keeps the walk's recursion bounded. */
const maxDepth = 32;

const safeLinkProtocols = new Set(["http:", "https:", "mailto:", "tel:"]);

/** The link's address when it is safe to follow (http, https, mail, phone), resolved against `base`; else null. */
export function safeLinkHref(href: string, base: string): string | null {
  try {
    const url = new URL(href.trim(), base);
    return safeLinkProtocols.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Makes a link open in the host page (the assistant's answer rules: links open in the parent frame)
 * without handing it a reference back to the widget.
 */
export function makeParentLink(link: HTMLAnchorElement, href: string): void {
  link.href = href;
  link.target = "_parent";
  link.rel = "noopener noreferrer";
}

function copyChildren(from: Node, to: Node, target: Document, base: string, depth: number): void {
  if (depth > maxDepth) return;
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === 3) {
      to.appendChild(target.createTextNode((child as Text).data));
      continue;
    }
    if (child.nodeType !== 1) continue; // comments, processing instructions
    const element = child as Element;
    const name = element.localName.toLowerCase();
    // Only HTML elements: an <a> inside foreign content is not what it looks like.
    if (element.namespaceURI !== "http://www.w3.org/1999/xhtml" || droppedElements.has(name)) continue;
    if (!allowedElements.has(name)) {
      copyChildren(element, to, target, base, depth + 1);
      continue;
    }
    const copy = target.createElement(name);
    if (name === "a") {
      const href = safeLinkHref(element.getAttribute("href") ?? "", base);
      if (href) makeParentLink(copy as HTMLAnchorElement, href);
      const title = element.getAttribute("title");
      if (title) copy.title = title;
    }
    if ((name === "td" || name === "th") && /^\d{1,2}$/.test(element.getAttribute("colspan") ?? "")) {
      copy.setAttribute("colspan", element.getAttribute("colspan") ?? "1");
    }
    copyChildren(element, copy, target, base, depth + 1);
    to.appendChild(copy);
  }
}

/** Allow-listed nodes of `html`, built in `target` and ready to insert. */
export function sanitizedFragment(html: string, target: Document, base: string): DocumentFragment {
  const parsed = new DOMParser().parseFromString(html, "text/html");
  const fragment = target.createDocumentFragment();
  copyChildren(parsed.body, fragment, target, base, 0);
  return fragment;
}

/** The text a screen reader should hear for some HTML (the live region announces text, not markup). */
export function textOfHtml(html: string): string {
  // Through the sanitiser: a script's or style's source is not text a visitor sees.
  const fragment = sanitizedFragment(
    html,
    document.implementation.createHTMLDocument(""),
    "http://localhost/",
  );
  return (fragment.textContent ?? "").replace(/\s+/g, " ").trim();
}
