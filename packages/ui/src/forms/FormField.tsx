import { useField } from "formik";
import { TextField, type TextFieldProps } from "./TextField";
import { useFieldError } from "./FieldErrorText";

export type FormFieldProps = Omit<TextFieldProps, "error">;

/** A labelled formik input whose failure is shown translated. */
export function FormField({ name, ...textFieldProps }: FormFieldProps) {
  const [field] = useField<string>(name);
  const error = useFieldError(name);
  return <TextField {...field} value={field.value ?? ""} {...textFieldProps} name={name} error={error} />;
}
