import { afterEach, describe, expect, it } from "vitest";
import { xssCorpus } from "../../../test/xss-corpus";
import { safeLinkHref, sanitizedFragment, textOfHtml } from "./sanitize-html";

function render(html: string): HTMLElement {
  const container = document.createElement("div");
  container.appendChild(sanitizedFragment(html, document, "https://host.test/page"));
  document.body.appendChild(container);
  return container;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe("sanitising server HTML", () => {
  it("keeps prose, lists and safe links, opening links in the host page", () => {
    const container = render(
      `<p>Hello <strong>there</strong></p><ul><li>one</li></ul><a href="/faq" title="FAQ">faq</a>`,
    );
    expect(container.querySelector("strong")?.textContent).toBe("there");
    expect(container.querySelectorAll("li")).toHaveLength(1);
    const link = container.querySelector("a");
    expect(link?.getAttribute("href")).toBe("https://host.test/faq");
    expect(link?.target).toBe("_parent");
    expect(link?.rel).toBe("noopener noreferrer");
    expect(link?.title).toBe("FAQ");
  });

  it("leaves no script, handler, style, foreign markup or unsafe link from the corpus", () => {
    for (const payload of xssCorpus) {
      const container = render(payload);
      expect(
        container.querySelector("script, iframe, object, svg, math, style, template, img, form, details"),
        payload,
      ).toBeNull();
      for (const element of Array.from(container.querySelectorAll("*"))) {
        for (const attribute of Array.from(element.attributes)) {
          expect(["href", "target", "rel", "title", "colspan"], `${payload}: ${attribute.name}`).toContain(
            attribute.name,
          );
          if (attribute.name === "href") expect(attribute.value, payload).toMatch(/^(https?|mailto|tel):/);
        }
      }
      expect((window as { __xss?: number }).__xss, payload).toBeUndefined();
    }
  });

  it("keeps the text of unknown elements and drops the content of code-bearing ones", () => {
    const container = render(`<custom-tag>kept</custom-tag><script>dropped()</script><style>p{}</style>`);
    expect(container.textContent).toBe("kept");
  });

  it("cuts off absurd nesting instead of recursing without end", () => {
    const deep = "<div>".repeat(500) + "deep" + "</div>".repeat(500);
    expect(() => render(deep)).not.toThrow();
  });

  it("reads out text only", () => {
    expect(textOfHtml(`<p>Hi <b>you</b></p><script>secret()</script>`)).toBe("Hi you");
  });

  it("follows only http, https, mail and phone links", () => {
    expect(safeLinkHref("mailto:a@b.test", "https://host.test/")).toBe("mailto:a@b.test");
    expect(safeLinkHref("vbscript:x", "https://host.test/")).toBeNull();
    expect(safeLinkHref("javascript:x", "https://host.test/")).toBeNull();
  });
});
