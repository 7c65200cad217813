import { Field, Input, NativeSelect, type InputProps } from "@chakra-ui/react";
import { useField } from "formik";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { translateValidation } from "./translateValidation";

export interface FormFieldProps extends Omit<InputProps, "name"> {
  name: string;
  label: string;
  helperText?: ReactNode;
}

/** A labelled formik input whose yup message is shown translated. */
export function FormField({ name, label, helperText, ...inputProps }: FormFieldProps) {
  const { t } = useTranslation();
  const [field, meta] = useField<string>(name);
  const error = meta.touched ? translateValidation(t, meta.error) : undefined;
  return (
    <Field.Root invalid={Boolean(error)} required={inputProps.required}>
      <Field.Label>
        {label}
        {inputProps.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input {...field} value={field.value ?? ""} {...inputProps} />
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

export interface SelectFieldProps {
  name: string;
  label: string;
  placeholder?: string;
  options: { value: string; label: string }[];
  required?: boolean;
}

export function SelectField({ name, label, placeholder, options, required }: SelectFieldProps) {
  const { t } = useTranslation();
  const [field, meta] = useField<string>(name);
  const error = meta.touched ? translateValidation(t, meta.error) : undefined;
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
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
