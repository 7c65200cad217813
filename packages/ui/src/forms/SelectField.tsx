import { Field, NativeSelect } from "@chakra-ui/react";
import { useField } from "formik";
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
      <NativeSelect.Root>
        <NativeSelect.Field {...field} value={field.value ?? ""} placeholder={placeholder}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <FieldErrorText error={error} />
    </Field.Root>
  );
}
