import { describe, expect, it } from "vitest";
import { sanitizeDisclaimer } from "./disclaimer";

describe("sanitizeDisclaimer", () => {
  it("keeps simple formatting and makes links open in a new tab without an opener", () => {
    expect(sanitizeDisclaimer('Lees onze <a href="https://example.com/privacy">privacyverklaring</a>.<br><strong>Let op</strong>')).toBe(
      'Lees onze <a href="https://example.com/privacy" target="_blank" rel="noopener noreferrer">privacyverklaring</a>.<br /><strong>Let op</strong>',
    );
    expect(sanitizeDisclaimer('<a href="mailto:info@example.com" target="_self" rel="opener">mail</a>')).toBe(
      '<a href="mailto:info@example.com" target="_blank" rel="noopener noreferrer">mail</a>',
    );
  });

  const corpus = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="java&#x09;script:alert(1)">x</a>',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<a href="//evil.example/">x</a>',
    "<svg><script>alert(1)</script></svg>",
    "<svg onload=alert(1)>",
    '<p style="background:url(javascript:alert(1))" onclick="alert(1)">x</p>',
    "<style>body{display:none}</style>",
    '<iframe src="https://evil.example"></iframe>',
    "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    '<form action="https://evil.example"><input name=x></form>',
    "<object data=x></object><embed src=x>",
    '<a href="https://ok.example" onmouseover="alert(1)">x</a>',
    "<base href=\"https://evil.example/\">",
    '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  ];

  it.each(corpus)("leaves nothing that runs: %s", (html) => {
    const clean = sanitizeDisclaimer(html);
    expect(clean).not.toMatch(/<(script|img|svg|iframe|style|form|input|object|embed|base|meta|math)\b/i);
    expect(clean).not.toMatch(/\son\w+=/i);
    expect(clean).not.toMatch(/javascript:|data:|style=/i);
    expect(clean).not.toMatch(/href="\/\//i);
  });
});
