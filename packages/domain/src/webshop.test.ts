import { describe, expect, it } from "vitest";
import {
  defaultProductAnswerFields,
  indexedProductsStatus,
  indexingModeFor,
  isProductAnswerField,
  isWebshopType,
  productAnswerFields,
  webshopTypes,
  woocommerceIndexPageSize,
  woocommercePageCount,
} from "./webshop";

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

  it("offers the product's fields to answer from, the default ones among them", () => {
    expect(productAnswerFields).toContain("stock_quantity");
    expect(new Set(productAnswerFields).size).toBe(productAnswerFields.length);
    expect(defaultProductAnswerFields.every(isProductAnswerField)).toBe(true);
    expect(isProductAnswerField("productId")).toBe(false);
  });

  it("counts the pages a WooCommerce shop is indexed in", () => {
    expect(woocommerceIndexPageSize).toBe(50);
    expect(woocommercePageCount(0)).toBe(0);
    expect(woocommercePageCount(50)).toBe(1);
    expect(woocommercePageCount(51)).toBe(2);
    expect(woocommercePageCount(7, 5)).toBe(2);
  });
});
