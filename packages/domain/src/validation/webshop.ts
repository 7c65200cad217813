/**
 * The webshop connection form (spec 01 §3 Webshop, contract WebshopCredentials): the shop's type, its
 * http(s) address and its keys. WooCommerce needs a consumer key and secret; Shopify an Admin API access
 * token (sent as the key), without a secret.
 */
import "./yupLocale";
import { array, mixed, object, string, type InferType } from "yup";
import { productAnswerFields, webshopTypes, type ProductAnswerField, type WebshopType } from "../webshop";
import { requiredText } from "./common";
import { textTooLong, validationIssue } from "./messages";
import { parseHttpUrl } from "./urls";

export const webshopUrlMaxLength = 2048;
export const webshopKeyMaxLength = 512;
export const webshopVendorMaxLength = 200;

const requiredKey = () => requiredText().max(webshopKeyMaxLength, textTooLong(webshopKeyMaxLength));

export const webshopCredentialsSchema = object({
  webshopType: mixed<WebshopType>().oneOf(webshopTypes).required(),
  webshopUrl: requiredText()
    .max(webshopUrlMaxLength, textTooLong(webshopUrlMaxLength))
    .test("http-url", validationIssue("invalid_url"), (value) => !value || parseHttpUrl(value) !== null),
  webshopKey: requiredKey(),
  webshopSecret: string().when("webshopType", {
    is: "WooCommerce",
    then: () => requiredKey(),
    otherwise: (schema) => schema.trim().max(webshopKeyMaxLength, textTooLong(webshopKeyMaxLength)),
  }),
});

export type WebshopCredentialsForm = InferType<typeof webshopCredentialsSchema>;

/** The webshop settings form: at least one product field to answer from, and for Shopify an optional vendor. */
export const webshopSettingsSchema = object({
  selectedOptions: array(mixed<ProductAnswerField>().oneOf(productAnswerFields).required()).min(1).required(),
  selectedVendor: string().trim().max(webshopVendorMaxLength, textTooLong(webshopVendorMaxLength)),
});

export type WebshopSettingsForm = InferType<typeof webshopSettingsSchema>;
