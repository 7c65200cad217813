import * as cheerio from "cheerio";
import { describe, expect, it } from "vitest";
import { answerTextToHtml, safeLinkHref, sanitiseAnswerHtml } from "./sanitise-answer";

const allowedTags = new Set(["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "a", "h3", "h4", "blockquote", "code", "pre", "table", "thead", "tbody", "tr", "th", "td"]);
const forbiddenElements = /<\s*\/?\s*(script|iframe|object|embed|form|input|button|svg|math|style|img|video|audio|source|link|meta|base|template|frame|frameset|textarea|select|noscript|xmp|applet|isindex)\b/i;
const badSchemes = /^\s*(javascript|data|vbscript|file|blob|about)\s*:/i;

/**
 * What makes an output safe, checked on the parsed DOM rather than by pattern alone: only allowed
 * elements, no attribute but a link's href/target/rel, hrefs only http(s)/mailto/tel, and in the raw
 * string no element that runs or loads anything.
 */
function expectSafe(output: string): void {
  expect(output).not.toMatch(forbiddenElements);
  expect(output).not.toMatch(/<script/i);
  // Inside a tag only: escaped text ("&lt;img onerror=…&gt;") may say anything, it is shown, not run.
  expect(output).not.toMatch(/<[^>]*\son\w+\s*=/i);
  const $ = cheerio.load(output, null, false);
  for (const element of $("*").toArray()) {
    if (!("attribs" in element)) continue;
    const name = element.tagName.toLowerCase();
    expect(allowedTags.has(name), `element <${name}> in ${output}`).toBe(true);
    for (const [attribute, value] of Object.entries(element.attribs)) {
      expect(attribute.startsWith("on"), `event handler ${attribute} in ${output}`).toBe(false);
      expect(name === "a" && ["href", "target", "rel"].includes(attribute), `attribute ${attribute} on <${name}> in ${output}`).toBe(true);
      expect(value).not.toMatch(badSchemes);
      expect(value.replace(/\s/g, "")).not.toMatch(/javascript:|vbscript:|data:/i);
    }
    if (name === "a") {
      const href = element.attribs.href;
      if (href !== undefined) expect(href).toMatch(/^(https?:\/\/|mailto:|tel:)/i);
      expect(element.attribs.target).toBe("_parent");
      expect(element.attribs.rel).toBe("noopener");
    }
  }
}

/** OWASP filter-evasion style payloads, mutation-XSS and parser-confusion cases. */
const xssPayloads = [
  `<script>alert(1)</script>`,
  `<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `<script/xss src="https://xss.example/x.js"></script>`,
  `<<script>alert(1);//<</script>`,
  `<img src=x onerror=alert(1)>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<img src=x:alert(alt) onerror=eval(src) alt=0>`,
  `<img """><script>alert("XSS")</script>">`,
  `<svg onload=alert(1)>`,
  `<svg><script>alert(1)</script></svg>`,
  `<svg><style><img src=x onerror=alert(1)></style></svg>`,
  `<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<math href="javascript:alert(1)">CLICK</math>`,
  `<a href="javascript:alert(1)">click</a>`,
  `<a href="JaVaScRiPt:alert(1)">click</a>`,
  `<a href="&#106;avascript:alert(1)">click</a>`,
  `<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">click</a>`,
  `<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">click</a>`,
  `<a href="java\tscript:alert(1)">click</a>`,
  `<a href="java&#x09;script:alert(1)">click</a>`,
  `<a href="java&Tab;script&colon;alert(1)">click</a>`,
  `<a href="jav&#x0A;ascript:alert(1)">click</a>`,
  `<a href="  javascript:alert(1)">click</a>`,
  `<a href="\u0001javascript:alert(1)">click</a>`,
  `<a href="vbscript:msgbox(1)">click</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>`,
  `<a href="DATA:text/html,<script>alert(1)</script>">click</a>`,
  `<a href="https://ok.example" onclick="alert(1)" style="color:red" id="x" class="y">ok</a>`,
  `<a href=https://ok.example onmouseover=alert(1)>ok</a>`,
  `<iframe src="https://evil.example"></iframe>`,
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<object data="javascript:alert(1)"></object>`,
  `<embed src="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+">`,
  `<form action="https://evil.example"><input type="submit"></form>`,
  `<form><button formaction="javascript:alert(1)">go</button></form>`,
  `<input onfocus=alert(1) autofocus>`,
  `<style>@import 'https://evil.example/x.css';</style>`,
  `<div style="background:url(javascript:alert(1))">x</div>`,
  `<p style="behavior: url(xss.htc)">x</p>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<!--<img src=x onerror=alert(1)>-->`,
  `<!--[if gte IE 4]><script>alert(1)</script><![endif]-->`,
  `<template><img src=x onerror=alert(1)></template>`,
  `<p><b><i><u>unclosed <a href="https://ok.example">`,
  `<div><p>nested <span onclick=alert(1)><em>deep</em></span></p></div>`,
  `<body onload=alert(1)>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<base href="javascript:alert(1)//">`,
  `<link rel="stylesheet" href="javascript:alert(1)">`,
  `<table background="javascript:alert(1)"><tr><td style="x">cell</td></tr></table>`,
  `<video><source onerror="alert(1)"></video>`,
  `<details open ontoggle=alert(1)>`,
  `<marquee onstart=alert(1)>`,
  `<xmp><img src=x onerror=alert(1)></xmp>`,
  `<textarea><img src=x onerror=alert(1)></textarea>`,
  `<isindex type=image src=1 onerror=alert(1)>`,
  `<a href="https://ok.example" target="_blank" rel="opener">ok</a>`,
  `"><script>alert(document.cookie)</script>`,
  `<a href="//evil.example">protocol-relative</a>`,
  `<a href="javascript://%0Aalert(1)">click</a>`,
  `<a href="jAvAsCrIpT&colon;alert&lpar;1&rpar;">x</a>`,
  `<h1 onclick=alert(1)>big</h1><h3 class="x">ok</h3>`,
];

describe("sanitiseAnswerHtml: XSS corpus", () => {
  it("has at least 40 payloads", () => {
    expect(xssPayloads.length).toBeGreaterThanOrEqual(40);
  });

  it.each(xssPayloads)("neutralises %s", (payload) => {
    expectSafe(sanitiseAnswerHtml(payload));
  });

  it("neutralises every payload also as plain text turned into HTML", () => {
    for (const payload of xssPayloads) expectSafe(answerTextToHtml(payload));
  });

  it("neutralises every payload as a Markdown link target", () => {
    for (const target of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,x", "vbscript:x", "java%09script:x", " javascript:x"]) {
      const output = answerTextToHtml(`[click](${target})`);
      expectSafe(output);
      expect(output).not.toContain("<a");
    }
  });
});

describe("sanitiseAnswerHtml: what survives", () => {
  it("keeps formatting, lists, headings, quotes, code and tables", () => {
    const html =
      "<h3>Opening hours</h3><p>We are <strong>open</strong> <em>daily</em>, <b>b</b> <i>i</i> <u>u</u>.<br>Welcome!</p>" +
      "<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><h4>Note</h4><blockquote>quoted</blockquote>" +
      "<pre><code>code</code></pre><table><thead><tr><th>Day</th></tr></thead><tbody><tr><td>Mon</td></tr></tbody></table>";
    expect(sanitiseAnswerHtml(html)).toBe(html.replace("<br>", "<br />"));
  });

  it("gives links target=_parent and rel=noopener and drops every other attribute", () => {
    expect(sanitiseAnswerHtml('<a href="https://shop.example/p?a=1&amp;b=2" class="x" target="_blank" title="t">shop</a>')).toBe(
      '<a href="https://shop.example/p?a=1&amp;b=2" target="_parent" rel="noopener">shop</a>',
    );
    expect(sanitiseAnswerHtml('<a href="mailto:info@shop.example">mail</a> <a href="tel:+31201234567">call</a>')).toBe(
      '<a href="mailto:info@shop.example" target="_parent" rel="noopener">mail</a> <a href="tel:+31201234567" target="_parent" rel="noopener">call</a>',
    );
  });

  it("keeps the text of links it cannot keep, and of tags it drops", () => {
    expect(sanitiseAnswerHtml('<a href="javascript:alert(1)">click</a>')).toBe("click");
    expect(sanitiseAnswerHtml('<a href="/relative">here</a> <a>bare</a>')).toBe("here bare");
    expect(sanitiseAnswerHtml("<div><span>kept</span></div>")).toBe("kept");
    expect(sanitiseAnswerHtml("<script>alert(1)</script>after")).toBe("after");
  });

  it("closes the elements after a dropped link as what they are", () => {
    expect(sanitiseAnswerHtml('<p>x <a href="javascript:1">bad</a> <a href="https://shop.example/">ship</a> tail</p><p>next</p>')).toBe(
      '<p>x bad <a href="https://shop.example/" target="_parent" rel="noopener">ship</a> tail</p><p>next</p>',
    );
    expect(sanitiseAnswerHtml("<p><a>bare</a> <strong>b</strong> <em>e</em></p><ul><li>one</li></ul>")).toBe(
      "<p>bare <strong>b</strong> <em>e</em></p><ul><li>one</li></ul>",
    );
    expect(sanitiseAnswerHtml('<a href="data:text/html,x"><strong>in</strong></a><b>after</b>')).toBe("<strong>in</strong><b>after</b>");
  });

  it("escapes text outside tags", () => {
    expect(sanitiseAnswerHtml('5 < 6 & 7 > 3 "quoted"')).toBe("5 &lt; 6 &amp; 7 &gt; 3 \"quoted\"");
    expect(sanitiseAnswerHtml("a <b>bold</b> < c")).toBe("a <b>bold</b> &lt; c");
  });

  it("reads link schemes like a browser", () => {
    expect(safeLinkHref("HTTPS://shop.example")).toBe("HTTPS://shop.example");
    expect(safeLinkHref(" https://shop.example ")).toBe("https://shop.example");
    expect(safeLinkHref("java\u0000script:x")).toBeUndefined();
    expect(safeLinkHref("https:")).toBeUndefined();
    expect(safeLinkHref("https:///x")).toBeUndefined();
    expect(safeLinkHref("ftp://files.example")).toBeUndefined();
    expect(safeLinkHref(undefined)).toBeUndefined();
  });
});

describe("answerTextToHtml", () => {
  it("makes paragraphs from blank lines and line breaks from single newlines", () => {
    expect(answerTextToHtml("Hello there.\nSecond line.\r\n\r\nNew paragraph.\n\n\n")).toBe(
      "<p>Hello there.<br />Second line.</p><p>New paragraph.</p>",
    );
    expect(answerTextToHtml("")).toBe("");
    expect(answerTextToHtml("  \n\n ")).toBe("");
  });

  it("escapes everything that is not Markdown", () => {
    expect(answerTextToHtml("Use <b> & \"quotes\" 'too'")).toBe("<p>Use &lt;b&gt; &amp; \"quotes\" 'too'</p>");
  });

  it("turns bare URLs into links, leaving a sentence's punctuation outside", () => {
    expect(answerTextToHtml("See https://shop.example/returns. Or (https://shop.example/faq), or https://en.wikipedia.org/wiki/Foo_(bar)!")).toBe(
      '<p>See <a href="https://shop.example/returns" target="_parent" rel="noopener">https://shop.example/returns</a>. ' +
        'Or (<a href="https://shop.example/faq" target="_parent" rel="noopener">https://shop.example/faq</a>), ' +
        'or <a href="https://en.wikipedia.org/wiki/Foo_(bar)" target="_parent" rel="noopener">https://en.wikipedia.org/wiki/Foo_(bar)</a>!</p>',
    );
    expect(answerTextToHtml("https://shop.example/p?a=1&b=2")).toBe(
      '<p><a href="https://shop.example/p?a=1&amp;b=2" target="_parent" rel="noopener">https://shop.example/p?a=1&amp;b=2</a></p>',
    );
  });

  it("reads minimal Markdown: bold, italic, code, links and lists", () => {
    expect(answerTextToHtml("This is **important** and *nice*, run `npm *i*`.")).toBe(
      "<p>This is <strong>important</strong> and <em>nice</em>, run <code>npm *i*</code>.</p>",
    );
    expect(answerTextToHtml("Read [our **returns** page](https://shop.example/returns) or [mail us](mailto:info@shop.example).")).toBe(
      '<p>Read <a href="https://shop.example/returns" target="_parent" rel="noopener">our <strong>returns</strong> page</a> or ' +
        '<a href="mailto:info@shop.example" target="_parent" rel="noopener">mail us</a>.</p>',
    );
    expect(answerTextToHtml("You can:\n- return it\n- exchange it\n\nSteps:\n1. pack\n2. ship")).toBe(
      "<p>You can:</p><ul><li>return it</li><li>exchange it</li></ul><p>Steps:</p><ol><li>pack</li><li>ship</li></ol>",
    );
  });

  it("leaves lone asterisks and multiplication alone", () => {
    expect(answerTextToHtml("2 * 3 * 4 = 24 and a*b*c")).toBe("<p>2 * 3 * 4 = 24 and a*b*c</p>");
  });

  it("handles a long run of Markdown characters in linear time", () => {
    // Four times the input takes about four times as long (a quadratic reading would take sixteen); the best
    // of three runs each, compared with each other, so a busy machine does not decide it.
    const fastest = (text: string) =>
      Math.min(
        ...[1, 2, 3].map(() => {
          const started = performance.now();
          answerTextToHtml(text);
          return performance.now() - started;
        }),
      );
    const short = fastest("*[`(".repeat(12_500));
    const long = fastest("*[`(".repeat(50_000));
    expect(long / Math.max(short, 0.5)).toBeLessThan(10);
  });
});
