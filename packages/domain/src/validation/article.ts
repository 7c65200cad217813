/**
 * A typed article (spec 01 §3, §5): a text to train on and an optional subject, within the lengths
 * the contract accepts (ArticleInput).
 */
import "./yupLocale";
import { object, type InferType } from "yup";
import { optionalText, requiredText } from "./common";
import { textTooLong } from "./messages";

export const articleSubjectMaxLength = 200;
export const articleTextMaxLength = 100_000;

export const typedArticleSchema = object({
  subject: optionalText().max(articleSubjectMaxLength, textTooLong(articleSubjectMaxLength)),
  text: requiredText().max(articleTextMaxLength, textTooLong(articleTextMaxLength)),
});

export type TypedArticle = InferType<typeof typedArticleSchema>;
