import { describe, expect, it } from "vitest";
import { configurationNameFromDomain, configurationNameFromUrl } from "./naming";

describe("configuration name from a domain", () => {
  it.each([
    ["Bakery.NL", "bakery.nl"],
    ["My Shop.com", "my-shop.com"],
    ["two  spaces", "two--spaces"],
    ["café_bar!.de", "cafbar.de"],
    ["shop_01.example-site.eu", "shop01.example-site.eu"],
    ["ÄÖÜ", ""],
  ])("%s → %s", (domain, name) => {
    expect(configurationNameFromDomain(domain)).toBe(name);
  });

  it("keeps only a-z 0-9 . -", () => {
    expect(configurationNameFromDomain("A b/c:d?e=f&g#h 9.")).toMatch(/^[a-z0-9.-]*$/);
    expect(configurationNameFromDomain("A b/c:d?e=f&g#h 9.")).toBe("a-bcdefgh-9.");
  });

  it("takes the host of an address", () => {
    expect(configurationNameFromUrl("https://www.Bakery.nl/shop?x=1")).toBe("www.bakery.nl");
    expect(configurationNameFromUrl(" bakery.nl/over-ons ")).toBe("bakery.nl");
    expect(configurationNameFromUrl("http://localhost:8080")).toBe("localhost");
  });
});
