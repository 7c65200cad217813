import { Field } from "@chakra-ui/react";
import { useField } from "formik";
import { useTranslation } from "react-i18next";
import { fieldIssueOf, type FieldIssue } from "./fieldIssues";

function TranslatedIssue({ issue }: { issue: FieldIssue }) {
  const { t, ready } = useTranslation("messages", { useSuspense: false });
  if (!ready) return null;
  const text = t(`validation.${issue.key}`, issue.values);
  return <Field.ErrorText>{issue.line === undefined ? text : t("validation.in_line", { line: issue.line, text })}</Field.ErrorText>;
}

/**
 * A field's failure in the reader's language. Its texts load with the first failure shown, so the
 * sign-in page need not load them to render.
 */
export function FieldErrorText({ error }: { error: unknown }) {
  const issue = fieldIssueOf(error);
  return issue ? <TranslatedIssue issue={issue} /> : null;
}

/** The failure of a touched formik field, or none. */
export function useFieldError(name: string): unknown {
  const [, meta] = useField<string>(name);
  return meta.touched ? meta.error : undefined;
}
