import { useField } from "formik";
import { NativeChoice } from "./ChoiceField";
import { FieldFrame } from "./FieldFrame";
import { useFieldError } from "./FieldErrorText";

export interface SelectFieldProps {
  name: string;
  label: string;
  placeholder?: string;
  options: { value: string; label: string }[];
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
}

/** A labelled formik select whose failure is shown translated. */
export function SelectField({ name, label, placeholder, options, required, disabled, helperText }: SelectFieldProps) {
  const [field] = useField<string>(name);
  return (
    <FieldFrame label={label} required={required} disabled={disabled} error={useFieldError(name)} helperText={helperText}>
      <NativeChoice {...field} value={field.value ?? ""} placeholder={placeholder} options={options} />
    </FieldFrame>
  );
}
