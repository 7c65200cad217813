/**
 * What validation failures say. The yup schemas fail with a `ValidationIssue` (a key and the values
 * for its placeholders), never with text: the portals translate the key (`validation.<key>`), the
 * server answers the English text below. yup's own rules answer issues too (`setLocale` below).
 * Texts of the error catalogue are reused as they are; the rest are validation-only. No yup here, so a
 * portal can read issues without loading it.
 */
import { errorMessages } from "../errors";
import { fillPlaceholders } from "../placeholders";
import { serviceReasons } from "../serviceReasons";

export const validationMessages = {
  field_required: errorMessages.field_required,
  invalid_field: errorMessages.validation_failed,
  choose_one_of: "Choose one of: {choices}",
  fill_in_all_fields: errorMessages.fill_in_all_fields,
  invalid_email: "Please enter a valid email address",
  email_in_use: "Another user already has this e-mail address",
  invalid_phone: "Please enter a valid phone number, e.g. +31 20 123 4567",
  invalid_house_number: "Enter a house number starting with a digit or letter, such as 12 or 12a",
  invalid_postal_code: "Enter a postal code of letters, digits, spaces and hyphens, such as 1011 AB",
  passwords_do_not_match: errorMessages.passwords_do_not_match,
  password_unchanged: "Choose a password other than your current one",
  current_password_wrong: "This is not your current password. Check it, or sign out and reset your password",
  password_too_weak:
    "Use at least {min} characters with an uppercase letter, a lowercase letter, a digit and a special character",
  language_required: errorMessages.language_required,
  invalid_otp: errorMessages.invalid_otp,
  date_from_after_to: "The start date cannot be after the end date",
  date_in_future: "The end date cannot be in the future",
  date_range_too_long: "The period can span at most {days} days",
  workflow_action_required: "Add at least one valid action",
  feature_or_message_required: "Choose a feature or write a message",
  invalid_demo_url: "Enter the full address of a page on your website, with at least two path parts, such as https://www.example.com/demo/chat",
  text_too_long: "Use at most {max} characters",
  number_between: "Enter a number from {min} to {max}",
  whole_number_between: "Enter a whole number from {min} to {max}",
  invalid_date: "Enter a date such as 2027-01-31",
  customer_required: "Choose the customer this user belongs to",
  number_at_least: "Enter a whole number of at least {min}",
  remaining_above_limit: "The remaining messages cannot be more than the message limit ({max})",
  amount_two_decimals: "Enter an amount in euro with at most 2 decimals, such as 149.00",
  invalid_url: "Please enter a valid URL (https://…)",
  url_not_allowed: "This address cannot be fetched. Enter the shop's public address, such as https://shop.example.com",
  invalid_colour: "Enter a colour such as #4f46e5, #fff or rgb(79, 70, 229)",
  invalid_font: "Enter font names separated by commas, such as Inter, sans-serif",
  invalid_gradient_direction: "Enter a direction such as to right, to bottom left or 135deg",
  invalid_language_tag: "Enter a language code such as nl or en",
  invalid_design_url: "Enter an https:// address or a path on this server",
  invalid_origin: "Enter a website origin such as https://www.example.com (no path)",
  duplicate_origin: "This website is already in the list",
  too_many_entries: "Use at most {max} entries",
  too_few_entries: "Add at least {min} entries",
  number_at_least_value: "Enter a number of at least {min}",
  number_at_most_value: "Enter a number of at most {max}",
  column_name_taken: "Another column has this name; choose a different one",
  column_key_taken: "Another column has this key; every column needs its own",
  column_key_not_allowed: "This column key cannot be used; choose another",
  dataset_too_many_columns: "A FAQ holds at most {max} columns; remove some",
  dataset_too_many_rows: "A FAQ holds at most {max} rows; remove some or split them over configurations",
  dataset_too_many_cells: "A FAQ holds at most {max} cells (rows times columns); remove rows or columns",
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

export const validationMessageKeys = Object.keys(validationMessages) as ValidationMessageKey[];

/** A validation text with its `{placeholders}` filled. */
export function validationMessage(
  key: ValidationMessageKey,
  values: Record<string, string | number> = {},
): string {
  return fillPlaceholders(validationMessages[key], values);
}

/** A text longer than `max` characters, as a keyed failure for forms. */
export function textTooLong(max: number): ValidationIssue {
  return validationIssue("text_too_long", { max });
}

/** The English text for it; the server answers the contract's maxLength with it too. */
export function textTooLongMessage(max: number): string {
  return validationMessage("text_too_long", { max });
}

export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  return typeof value === "string" && Object.hasOwn(validationMessages, value);
}

/** A validation failure by key, with the values of its placeholders. A type, so yup takes it as a message. */
export type ValidationIssue = {
  key: ValidationMessageKey;
  values?: Record<string, string | number>;
};

export function validationIssue(key: ValidationMessageKey, values?: Record<string, string | number>): ValidationIssue {
  return values ? { key, values } : { key };
}

export function isValidationIssue(value: unknown): value is ValidationIssue {
  return typeof value === "object" && value !== null && "key" in value && isValidationMessageKey(value.key);
}

/** The English text of a failure: an issue's text filled in; a text (from elsewhere) as it is. */
export function validationText(failure: unknown): string {
  if (isValidationIssue(failure)) return validationMessage(failure.key, failure.values);
  return typeof failure === "string" ? failure : validationMessages.invalid_field;
}

/** A catalogue text a server answered, found again: its code or validation key, with its placeholders' values. */
export type CatalogueMessage = { kind: "error" | "validation" | "reason"; key: string; values: Record<string, string> };

function templateMatch(template: string, text: string): Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = template.replace(/\{(\w+)\}|[.*+?^${}()|[\]\\]/g, (whole, name: string | undefined) => {
    if (name === undefined) return `\\${whole}`;
    names.push(name);
    return "(.+?)";
  });
  const match = new RegExp(`^${pattern}$`).exec(text.trim());
  if (!match) return undefined;
  return Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ""]));
}

/**
 * Which catalogue text a server's message is, if it is one (the error catalogue's, then the validation texts, then
 * the reasons an outside service failed; placeholders filled): a portal then shows it in the user's language; any other message is the server's own words.
 */
export function catalogueMessageOf(text: string): CatalogueMessage | undefined {
  for (const [kind, catalogue] of [
    ["error", errorMessages],
    ["validation", validationMessages],
    ["reason", serviceReasons],
  ] as const) {
    for (const [key, template] of Object.entries(catalogue)) {
      const values = templateMatch(template, text);
      if (values) return { kind, key, values };
    }
  }
  return undefined;
}
