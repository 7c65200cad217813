import { ValidationError } from "yup";
import { describe, expect, it } from "vitest";
import { webshopCredentialsSchema, webshopSettingsSchema } from "./webshop";

async function failures(values: Record<string, unknown>, schema: typeof webshopCredentialsSchema | typeof webshopSettingsSchema = webshopCredentialsSchema) {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((inner) => [inner.path, inner.errors[0]]));
  }
}

describe("the webshop connection form", () => {
  it("needs the address and both keys for WooCommerce", async () => {
    expect(await failures({ webshopType: "WooCommerce", webshopUrl: " ", webshopKey: "", webshopSecret: "" })).toEqual({
      webshopUrl: { key: "field_required" },
      webshopKey: { key: "field_required" },
      webshopSecret: { key: "field_required" },
    });
    expect(await failures({ webshopType: "WooCommerce", webshopUrl: "https://shop.test", webshopKey: "ck_1", webshopSecret: "cs_1" })).toEqual({});
  });

  it("needs no secret for Shopify", async () => {
    expect(await failures({ webshopType: "Shopify", webshopUrl: "https://shop.myshopify.com", webshopKey: "shpat_1", webshopSecret: "" })).toEqual({});
  });

  it("takes only http and https addresses", async () => {
    expect(await failures({ webshopType: "Shopify", webshopUrl: "ftp://shop.test", webshopKey: "k" })).toEqual({ webshopUrl: { key: "invalid_url" } });
    expect(await failures({ webshopType: "Shopify", webshopUrl: "shop.test", webshopKey: "k" })).toEqual({ webshopUrl: { key: "invalid_url" } });
    expect(await failures({ webshopType: "Shopify", webshopUrl: "http://shop.test", webshopKey: "k" })).toEqual({});
  });

  it("knows only WooCommerce and Shopify", async () => {
    expect(await failures({ webshopType: "Magento", webshopUrl: "https://shop.test", webshopKey: "k", webshopSecret: "s" })).toEqual({ webshopType: { key: "invalid_field" } });
  });
});

describe("the webshop settings form", () => {
  it("needs at least one product field, each a Product field", async () => {
    expect(await failures({ selectedOptions: [], selectedVendor: "" }, webshopSettingsSchema)).toEqual({ selectedOptions: { key: "field_required" } });
    expect(await failures({ selectedOptions: ["name", "secret_margin"] }, webshopSettingsSchema)).toEqual({ "selectedOptions[1]": { key: "invalid_field" } });
    expect(await failures({ selectedOptions: ["name", "price"], selectedVendor: "Acme" }, webshopSettingsSchema)).toEqual({});
  });
});
