import { load } from "cheerio";
import { describe, expect, it } from "vitest";
import { brandColours, isBrandColour } from "./branding";
import { faqOfPage, faqPageLinks, tidyFaq } from "./faq";
import { proposeUrls } from "./links";
import type { Page } from "./page";

const site = new URL("https://www.acme.nl/");
const pageOf = (html: string, url = site): Page => ({ url, base: url, html, $: load(html) });
const faqOf = (html: string, isFaqPage = false) => tidyFaq(faqOfPage(load(html), isFaqPage));

describe("FAQ items from a page", () => {
  it("reads a FAQPage whose mainEntity is one question, and answers given as a list", () => {
    const html = `<script type="application/ld+json">{"@type": ["WebPage", "FAQPage"], "mainEntity": {"@type": "Question", "name": "Open on Sunday?",
      "acceptedAnswer": [{"@type": "Answer", "text": "No, closed&nbsp;on Sundays."}]}}</script>`;
    expect(faqOf(html)).toEqual([{ question: "Open on Sunday?", answer: "No, closed on Sundays." }]);
  });

  it("takes the box after an accordion's question box, but never the next question's", () => {
    const html = `<main>
      <div class="item"><button><h3>Do you ship abroad?</h3></button><div class="panel"><p>Only within the EU.</p></div></div>
      <div class="q"><h3>Is there parking?</h3></div>
      <div class="q"><h3>Can I pay by card?</h3><p>Yes, all cards.</p></div>
    </main>`;
    expect(faqOf(html)).toEqual([
      { question: "Do you ship abroad?", answer: "Only within the EU." },
      { question: "Can I pay by card?", answer: "Yes, all cards." },
    ]);
  });

  it("counts dt/dd and details without a question mark only on a FAQ page", () => {
    const html = "<dl><dt>Delivery</dt><dd>Next day.</dd><dd>Free above 50 euro.</dd></dl><details><summary>Returns</summary>Within 30 days.</details>";
    expect(faqOf(html)).toEqual([]);
    expect(faqOf(html, true)).toEqual([
      { question: "Returns", answer: "Within 30 days." },
      { question: "Delivery", answer: "Next day. Free above 50 euro." },
    ]);
  });

  it("reads questions and answers only as far as they can be long, however deeply they nest", () => {
    // Twenty <details> in each other around a long text: each level's answer was read whole.
    const text = "<b>Yes</b> we do. ".repeat(40_000);
    const nested = `${"<details><summary>Do you ship abroad?</summary>".repeat(20)}${text}${"</details>".repeat(20)}`;
    const items = faqOf(nested);
    expect(items).toHaveLength(1);
    expect(items[0]!.question).toBe("Do you ship abroad?");
    expect(items[0]!.answer.length).toBeLessThanOrEqual(2001);
    expect(items[0]!.answer.startsWith("Do you ship abroad? Do you ship abroad?")).toBe(true);
    const longHeading = `<h2>${"Why ".repeat(100)}?</h2><p>Because.</p>`;
    expect(faqOf(longHeading).map((item) => item.answer)).toEqual(["Because."]);
  });

  it("keeps at most 20, each question once", () => {
    const html = Array.from({ length: 30 }, (_, index) => `<h2>Question ${index % 25}?</h2><p>Answer ${index}.</p>`).join("");
    const faq = faqOf(html);
    expect(faq).toHaveLength(20);
    expect(new Set(faq.map((item) => item.question)).size).toBe(20);
  });

  it("finds FAQ pages by their words in five languages, FAQ words before help words, the wizard's language first", () => {
    const html = `<a href="/support">Support</a><a href="/veelgestelde-vragen">Veelgestelde vragen</a><a href="/fr/questions-frequentes">FAQ</a>
      <a href="https://other.example/faq">FAQ elsewhere</a><a href="/haeufige-fragen">Häufige Fragen</a>`;
    expect(faqPageLinks(pageOf(html), "nl")).toEqual(["https://www.acme.nl/veelgestelde-vragen", "https://www.acme.nl/fr/questions-frequentes", "https://www.acme.nl/haeufige-fragen"]);
    expect(faqPageLinks(pageOf(html), "de")[0]).toBe("https://www.acme.nl/haeufige-fragen");
  });
});

describe("brand colours", () => {
  it("leaves out white, black and greys, keeps saturated dark and light colours", () => {
    expect(isBrandColour({ r: 255, g: 255, b: 255 })).toBe(false);
    expect(isBrandColour({ r: 20, g: 20, b: 20 })).toBe(false);
    expect(isBrandColour({ r: 120, g: 125, b: 130 })).toBe(false);
    expect(isBrandColour({ r: 26, g: 43, b: 76 })).toBe(true);
    expect(isBrandColour({ r: 255, g: 200, b: 0 })).toBe(true);
  });

  it("reads hex, rgb() and hsl() values in declarations, not selectors or image addresses", () => {
    const html = `<style>#bada55, .x { color: rgb(10 120 200 / 90%); background: url("#ff0000.png") } .y { fill: hsl(120, 60%, 40%) } .z { color: #0A78C8 }</style>`;
    expect(brandColours(load(html), [])).toEqual(["#0a78c8", "#29a329"]);
  });

  it("skips comments and image addresses, closed or not, in one pass over a stylesheet", () => {
    const css = ".a { color: #cc3300 /* border: #00aa00 */ } .b { background: URL(data:#0000ff) #cc3300 } .c { color: #336699 } /* .d { color: #aa00aa }";
    expect(brandColours(load(""), [css])).toEqual(["#cc3300", "#336699"]);
    expect(brandColours(load(""), [".a { background: url(#00aa00 ; color: #cc3300 }"])).toEqual(["#cc3300"]);
    // Unclosed openings were each rescanned to the end: 500 kB like these held the event loop 8–31 s.
    const floods = [`.a { color: #cc3300; background: ${"url(".repeat(125_000)} }`, `.a { color: #cc3300 } ${"/*".repeat(250_000)}`];
    for (const flood of floods) expect(brandColours(load(""), [flood])).toEqual(["#cc3300"]);
  });
});

describe("the URL list", () => {
  it("keeps the site's pages once, without tracking, actions, accounts or files, at most 25", () => {
    const candidates = [
      { href: "https://acme.nl/shop/", text: "Shop" },
      { href: "https://www.acme.nl/shop?utm_campaign=x#top", text: "Shop again" },
      { href: "https://blog.acme.nl/post", text: "" },
      { href: "https://www.acme.nl/?add-to-cart=12", text: "Add" },
      { href: "https://www.acme.nl/mijn-account/orders", text: "Orders" },
      { href: "https://www.acme.nl/catalogue.PDF", text: "Catalogue" },
      { href: "https://evil.example/acme.nl", text: "Elsewhere" },
      ...Array.from({ length: 40 }, (_, index) => ({ href: `https://www.acme.nl/p/${index}`, text: `Page ${index}` })),
    ];
    const urls = proposeUrls(candidates, site);
    expect(urls.slice(0, 3)).toEqual([
      { url: "https://acme.nl/shop/", description: "Shop" },
      { url: "https://blog.acme.nl/post", description: "post" },
      { url: "https://www.acme.nl/p/0", description: "Page 0" },
    ]);
    expect(urls).toHaveLength(25);
  });
});
