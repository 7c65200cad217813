import { Checkbox, Field } from "@chakra-ui/react";
import { useField } from "formik";
import type { ReactNode } from "react";

export interface CheckboxFieldProps {
  name: string;
  label: string;
  helperText?: ReactNode;
  disabled?: boolean;
}

/** A formik boolean as a labelled checkbox. */
export function CheckboxField({ name, label, helperText, disabled }: CheckboxFieldProps) {
  const [field, , helpers] = useField<boolean | null | undefined>(name);
  return (
    <Field.Root disabled={disabled}>
      <Checkbox.Root checked={field.value === true} onCheckedChange={(details) => void helpers.setValue(details.checked === true)} disabled={disabled}>
        <Checkbox.HiddenInput name={name} onBlur={field.onBlur} />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
    </Field.Root>
  );
}
