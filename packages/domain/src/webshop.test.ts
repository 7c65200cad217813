import { describe, expect, it } from "vitest";
import { indexedProductsStatus, indexingModeFor, isWebshopType, webshopTypes } from "./webshop";

describe("webshops", () => {
  it("supports WooCommerce and Shopify", () => {
    expect(webshopTypes).toEqual(["WooCommerce", "Shopify"]);
    expect(isWebshopType("Shopify")).toBe(true);
    expect(isWebshopType("shopify")).toBe(false);
  });

  it("indexes WooCommerce by page and Shopify by vendor", () => {
    expect(indexingModeFor("WooCommerce")).toBe("paged");
    expect(indexingModeFor("Shopify")).toBe("by_vendor");
  });

  it("warns when no products are indexed", () => {
    expect(indexedProductsStatus(0)).toBe("WARN");
    expect(indexedProductsStatus(1)).toBe("OK");
  });
});
