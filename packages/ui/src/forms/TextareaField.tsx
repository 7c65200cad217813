import { Field, Textarea } from "@chakra-ui/react";
import { useField } from "formik";
import type { ReactNode } from "react";
import { FieldErrorText, useFieldError } from "./FieldErrorText";

export interface TextareaFieldProps {
  name: string;
  label: string;
  helperText?: ReactNode;
  required?: boolean;
  rows?: number;
}

/** A labelled formik text area whose failure is shown translated. */
export function TextareaField({ name, label, helperText, required, rows = 3 }: TextareaFieldProps) {
  const [field] = useField<string>(name);
  const error = useFieldError(name);
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Textarea {...field} value={field.value ?? ""} rows={rows} />
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <FieldErrorText error={error} />
    </Field.Root>
  );
}
