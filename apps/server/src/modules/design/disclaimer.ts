import sanitizeHtml from "sanitize-html";

/**
 * The disclaimer as the widget may show it: a few inline and block tags, and links that open in a new tab
 * without a handle on the page that opened them. Scripts, styles, event handlers, `style` attributes,
 * forms, frames, SVG and links to anything but http(s), mailto and tel are removed (a `<script>`'s or
 * `<style>`'s text with it). The design is stored as it was typed; this runs on every answer, so a
 * tighter list applies to designs saved before it.
 */
const disclaimerOptions: sanitizeHtml.IOptions = {
  allowedTags: ["a", "b", "strong", "i", "em", "u", "s", "small", "br", "p", "span", "ul", "ol", "li"],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "template", "title", "xmp", "iframe", "noembed", "noframes", "plaintext", "svg", "math"],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: "_blank", rel: "noopener noreferrer" },
    }),
  },
};

export function sanitizeDisclaimer(html: string): string {
  return html === "" ? "" : sanitizeHtml(html, disclaimerOptions);
}
