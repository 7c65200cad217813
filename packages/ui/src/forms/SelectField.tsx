import { Field } from "@chakra-ui/react";
import { useField } from "formik";
import { NativeChoice } from "./ChoiceField";
import { FieldErrorText, useFieldError } from "./FieldErrorText";

export interface SelectFieldProps {
  name: string;
  label: string;
  placeholder?: string;
  options: { value: string; label: string }[];
  required?: boolean;
}

/** A labelled formik select whose failure is shown translated. */
export function SelectField({ name, label, placeholder, options, required }: SelectFieldProps) {
  const [field] = useField<string>(name);
  const error = useFieldError(name);
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <NativeChoice {...field} value={field.value ?? ""} placeholder={placeholder} options={options} />
      <FieldErrorText error={error} />
    </Field.Root>
  );
}
