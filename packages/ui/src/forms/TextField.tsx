import { Field, Input, type InputProps } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { FieldErrorText } from "./FieldErrorText";

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
    <Field.Root invalid={Boolean(error)} required={inputProps.required}>
      <Field.Label>
        {label}
        {inputProps.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input {...inputProps} />
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <FieldErrorText error={error} />
    </Field.Root>
  );
}
