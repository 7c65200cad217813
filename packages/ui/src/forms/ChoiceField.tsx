import { Field, NativeSelect } from "@chakra-ui/react";
import type { ComponentProps } from "react";

export interface ChoiceOption<Value extends string = string> {
  value: Value;
  label: string;
}

/** A native select over a fixed list of choices; the field props go to the `<select>`. */
export function NativeChoice({ options, size, ...field }: { options: readonly ChoiceOption[]; size?: "sm" | "md" } & ComponentProps<typeof NativeSelect.Field>) {
  return (
    <NativeSelect.Root size={size}>
      <NativeSelect.Field {...field}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export interface ChoiceFieldProps<Value extends string> {
  label: string;
  value: Value;
  options: readonly ChoiceOption<Value>[];
  onChange: (value: Value) => void;
  helperText?: string;
}

/** A labelled choice outside a formik form. */
export function ChoiceField<Value extends string>({ label, value, options, onChange, helperText }: ChoiceFieldProps<Value>) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeChoice size="sm" options={options} value={value} onChange={(event) => onChange(event.target.value as Value)} />
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
    </Field.Root>
  );
}
