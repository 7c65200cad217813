/**
 * The premium-features contact form (spec 01 §3, §5): at least one feature (chosen or written in)
 * or a message.
 */
import "./yupLocale";
import { array, object, string, type InferType } from "yup";
import { premiumFeatures } from "../products";
import { optionalText } from "./common";
import { textTooLong, validationIssue } from "./messages";

/** The longest written-in feature, message and product name the form takes (the contract says the same). */
export const contactOtherFeatureMaxLength = 500;
export const contactMessageMaxLength = 5000;
export const contactProductMaxLength = 200;

export function hasFeatureOrMessage(form: {
  selectedFeatures?: readonly string[] | null;
  otherFeature?: string | null;
  message?: string | null;
}): boolean {
  return (
    (form.selectedFeatures?.length ?? 0) > 0 ||
    (form.otherFeature ?? "").trim() !== "" ||
    (form.message ?? "").trim() !== ""
  );
}

export const contactPremiumSchema = object({
  selectedFeatures: array(
    string().required().oneOf(premiumFeatures, validationIssue("invalid_field")),
  ).default([]),
  product: optionalText().max(contactProductMaxLength, textTooLong(contactProductMaxLength)),
  otherFeature: optionalText().max(contactOtherFeatureMaxLength, textTooLong(contactOtherFeatureMaxLength)),
  message: optionalText().max(contactMessageMaxLength, textTooLong(contactMessageMaxLength)),
}).test("feature-or-message", validationIssue("feature_or_message_required"), (form) =>
  hasFeatureOrMessage(form),
);
export type ContactPremiumInput = InferType<typeof contactPremiumSchema>;
