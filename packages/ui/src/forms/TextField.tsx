import { Input, type InputProps } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { FieldFrame } from "./FieldFrame";

export interface TextFieldProps extends Omit<InputProps, "name"> {
  name: string;
  label: string;
  helperText?: ReactNode;
  /** The field's failure (a validation issue or key); none while the field is untouched. */
  error?: unknown;
}

/** A labelled input with its helper or error text; FormField binds it to formik. */
export function TextField({ label, helperText, error, ...inputProps }: TextFieldProps) {
  return (
    <FieldFrame label={label} helperText={helperText} required={inputProps.required} error={error}>
      <Input {...inputProps} />
    </FieldFrame>
  );
}
