/**
 * The texts validation failures carry. Texts of the error catalogue are reused as they are; the
 * rest are validation-only. Yup schemas use these English texts (filled in); the portals look a
 * text up with `describeValidationMessage` and translate by key (`validation.<key>`), passing the
 * values for the `{placeholders}`.
 */
import { errorMessages } from "../errors";

export const validationMessages = {
  field_required: errorMessages.field_required,
  invalid_field: errorMessages.validation_failed,
  fill_in_all_fields: errorMessages.fill_in_all_fields,
  invalid_email: "Please enter a valid email address",
  passwords_do_not_match: errorMessages.passwords_do_not_match,
  password_too_weak:
    "Use at least {min} characters with an uppercase letter, a lowercase letter, a digit and a special character",
  language_required: errorMessages.language_required,
  invalid_otp: errorMessages.invalid_otp,
  date_from_after_to: "The start date cannot be after the end date",
  date_in_future: "The end date cannot be in the future",
  date_range_too_long: "The period can span at most {days} days",
  workflow_action_required: "Add at least one valid action",
  feature_or_message_required: "Choose a feature or write a message",
  invalid_demo_url: "The demo URL needs at least two path parts",
  text_too_long: "Use at most {max} characters",
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

export const validationMessageKeys = Object.keys(validationMessages) as ValidationMessageKey[];

/** A validation text with its `{placeholders}` filled. */
export function validationMessage(
  key: ValidationMessageKey,
  values: Record<string, string | number> = {},
): string {
  return validationMessages[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The text for a text longer than `max` characters; the server answers the contract's maxLength with it too. */
export function textTooLongMessage(max: number): string {
  return validationMessage("text_too_long", { max });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const messagePatterns = validationMessageKeys.map((key) => {
  const names: string[] = [];
  const source = validationMessages[key]
    .split(/(\{\w+\})/)
    .map((part) => {
      const placeholder = /^\{(\w+)\}$/.exec(part);
      if (!placeholder) return escapeRegExp(part);
      names.push(placeholder[1]!);
      return "(.+?)";
    })
    .join("");
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

/** The key and placeholder values of a filled validation text, or null for any other text. */
export function describeValidationMessage(
  text: string,
): { key: ValidationMessageKey; values: Record<string, string> } | null {
  for (const { key, names, pattern } of messagePatterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    names.forEach((name, index) => {
      values[name] = match[index + 1]!;
    });
    return { key, values };
  }
  return null;
}
