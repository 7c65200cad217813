/**
 * The settings forms of a configuration (spec 01 §3): names, number ranges, e-mail addresses and URLs.
 * One schema for every settings screen; a screen's values hold only its fields, and absent fields pass.
 */
import "./yupLocale";
import { array, boolean, number, object, string } from "yup";
import { configurationRanges, configurationTextLimits as limits, remainingWithinLimit } from "../configuration";
import { productNames } from "../products";
import { optionalEmail, optionalText, requiredText } from "./common";
import { textTooLong, validationIssue } from "./messages";

type Range = { min: number; max?: number };

function numberIn({ min, max }: Range, integer = true) {
  const issue =
    max === undefined ? validationIssue("number_at_least", { min }) : validationIssue(integer ? "whole_number_between" : "number_between", { min, max });
  let schema = number().typeError(issue).min(min, issue);
  if (max !== undefined) schema = schema.max(max, issue);
  return integer ? schema.integer(issue) : schema;
}

const optionalUrl = () => optionalText(limits.url).url(validationIssue("invalid_url"));
const instruction = () => optionalText(limits.instruction);
const emailList = () => array().of(string().trim().email(validationIssue("invalid_email")));

export const configurationSettingsSchema = object({
  // Required when the screen has it: absent passes, empty fails.
  name: string().trim().min(1, validationIssue("field_required")).max(limits.name, textTooLong(limits.name)),
  model: optionalText(limits.model),
  lang_detect_model: optionalText(limits.model),
  entity_instruction: instruction(),
  goal_instruction: instruction(),
  answer_instruction: instruction(),
  goal_live_monitoring_instruction: instruction(),
  url_search_instruction: instruction(),
  product: string().oneOf(productNames),
  max_tokens: numberIn(configurationRanges.max_tokens),
  temperature: numberIn(configurationRanges.temperature, false),
  topp: numberIn(configurationRanges.topp, false),
  lang_detect_word_count: numberIn(configurationRanges.lang_detect_word_count),
  input_history_count: numberIn(configurationRanges.input_history_count),
  message_limit: numberIn(configurationRanges.message_limit),
  // A screen with the message limit too (the admin's) keeps the remaining messages within it.
  remaining_messages: numberIn(configurationRanges.remaining_messages).test({
    name: "remaining-within-limit",
    test(remaining, context) {
      const limit: unknown = (context.parent as { message_limit?: unknown }).message_limit;
      if (typeof remaining !== "number" || typeof limit !== "number" || !Number.isInteger(limit) || limit < 0) return true;
      return remainingWithinLimit(remaining, limit) || context.createError({ message: validationIssue("remaining_above_limit", { max: limit }) });
    },
  }),
  reporting_recipients: emailList(),
  rag_settings: object({
    products_limit: numberIn(configurationRanges.products_limit),
    max_offset: numberIn(configurationRanges.max_offset),
    wordpress_domain: optionalText(limits.url),
    recognition_instruction: instruction(),
    search_instruction: instruction(),
  }).default(undefined),
  post_processing: object({ recipient: optionalEmail(), dataset_name: optionalText(limits.datasetName) }).default(undefined),
  email_channel: object({
    send: boolean(),
    email_user: optionalEmail(),
    consent_link: optionalUrl(),
    ignore_emails: emailList(),
  }).default(undefined),
  wordpress_site: object({
    url: optionalUrl(),
    username: optionalText(limits.wordpressCredential),
    application_password: optionalText(limits.wordpressCredential),
  }).default(undefined),
});

/** A new configuration as an admin starts it: a name, the customer and the product. */
export const newConfigurationSchema = object({
  name: requiredText(),
  customerId: optionalText(),
  product: string().oneOf(productNames).required(validationIssue("field_required")),
});
