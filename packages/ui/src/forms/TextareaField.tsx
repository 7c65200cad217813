import { Textarea } from "@chakra-ui/react";
import { useField } from "formik";
import type { ReactNode } from "react";
import { FieldFrame } from "./FieldFrame";
import { useFieldError } from "./FieldErrorText";

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
  return (
    <FieldFrame label={label} helperText={helperText} required={required} error={useFieldError(name)}>
      <Textarea {...field} value={field.value ?? ""} rows={rows} />
    </FieldFrame>
  );
}
