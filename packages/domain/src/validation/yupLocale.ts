import { setLocale, type LocaleObject } from "yup";
import { validationIssue } from "./messages";

/** yup's built-in rules (required, email, oneOf, type checks, ...) fail with issues as well. */
export const validationLocale: LocaleObject = {
  mixed: {
    default: validationIssue("invalid_field"),
    required: validationIssue("field_required"),
    defined: validationIssue("field_required"),
    notNull: validationIssue("field_required"),
    oneOf: validationIssue("invalid_field"),
    notOneOf: validationIssue("invalid_field"),
    notType: validationIssue("invalid_field"),
  },
  string: { email: validationIssue("invalid_email") },
  array: { min: validationIssue("field_required") },
};

// Every schema module imports this first, so the locale is in place before any schema is built.
setLocale(validationLocale);
