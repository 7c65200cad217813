import { describe, expect, it } from "vitest";
import { checkWebsiteUrl, isValidDemoUrl } from "./urls";

describe("demo URL", () => {
  it("needs at least two path parts", () => {
    expect(isValidDemoUrl("https://demo.parley.test/cfg1/index.html")).toBe(true);
    expect(isValidDemoUrl("https://demo.parley.test/a/b/c")).toBe(true);
    expect(isValidDemoUrl("https://demo.parley.test/cfg1")).toBe(false);
    expect(isValidDemoUrl("https://demo.parley.test/cfg1/")).toBe(false);
    expect(isValidDemoUrl("https://demo.parley.test/")).toBe(false);
    expect(isValidDemoUrl("not a url/a/b")).toBe(false);
    expect(isValidDemoUrl("ftp://demo.parley.test/a/b")).toBe(false);
    expect(isValidDemoUrl(undefined)).toBe(false);
  });
});

describe("website URL basics", () => {
  it("asks for a URL when there is none", () => {
    expect(checkWebsiteUrl("")).toEqual({ ok: false, code: "no_url_provided" });
    expect(checkWebsiteUrl("   ")).toEqual({ ok: false, code: "no_url_provided" });
    expect(checkWebsiteUrl(null)).toEqual({ ok: false, code: "no_url_provided" });
  });

  it("reports text that is no address as url_parse_error", () => {
    expect(checkWebsiteUrl("http://")).toEqual({ ok: false, code: "url_parse_error" });
    expect(checkWebsiteUrl("https://exa mple.com")).toEqual({ ok: false, code: "url_parse_error" });
    expect(checkWebsiteUrl("my bakery")).toEqual({ ok: false, code: "url_parse_error" });
  });

  it("refuses other schemes and hosts that are no domain", () => {
    expect(checkWebsiteUrl("ftp://example.com")).toEqual({ ok: false, code: "url_not_allowed" });
    expect(checkWebsiteUrl("javascript:alert(1)")).toEqual({ ok: false, code: "url_not_allowed" });
    expect(checkWebsiteUrl("https://intranet")).toEqual({ ok: false, code: "invalid_domain" });
    expect(checkWebsiteUrl("https://-bad-.com")).toEqual({ ok: false, code: "invalid_domain" });
  });

  it("assumes https when no scheme is typed", () => {
    const check = checkWebsiteUrl("Bakery.nl/over-ons");
    expect(check.ok && check.url.href).toBe("https://bakery.nl/over-ons");
    const withPort = checkWebsiteUrl("example.com:8443/shop");
    expect(withPort.ok && withPort.url.href).toBe("https://example.com:8443/shop");
    const plain = checkWebsiteUrl("http://127.0.0.1:3000/");
    expect(plain.ok && plain.url.host).toBe("127.0.0.1:3000");
  });
});
