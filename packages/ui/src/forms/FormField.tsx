import { Field, NativeSelect } from "@chakra-ui/react";
import { useField } from "formik";
import { useTranslation } from "react-i18next";
import { TextField, type TextFieldProps } from "./TextField";
import { translateValidation } from "./translateValidation";

export type FormFieldProps = Omit<TextFieldProps, "error">;

/** A labelled formik input whose yup message is shown translated. */
export function FormField({ name, ...textFieldProps }: FormFieldProps) {
  const { t } = useTranslation();
  const [field, meta] = useField<string>(name);
  const error = meta.touched ? translateValidation(t, meta.error) : undefined;
  return <TextField {...field} value={field.value ?? ""} {...textFieldProps} name={name} error={error} />;
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
