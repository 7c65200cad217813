import { Field } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { FieldErrorText } from "./FieldErrorText";

export interface FieldFrameProps {
  label: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
  /** The field's failure (a validation issue or key); shown instead of the helper text. */
  error?: unknown;
  children: ReactNode;
}

/** A form control with its label (marked when required), and its helper or error text below. */
export function FieldFrame({ label, required, disabled, helperText, error, children }: FieldFrameProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <FieldErrorText error={error} />
    </Field.Root>
  );
}
