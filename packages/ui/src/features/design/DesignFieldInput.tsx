import { Badge, Field, HStack, Input, Switch, Textarea } from "@chakra-ui/react";
import { useField } from "formik";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NativeChoice } from "../../forms/ChoiceField";
import { FieldErrorText } from "../../forms/FieldErrorText";
import { fieldPath, type DesignField } from "./design";

/** `#rrggbb` for the colour picker; the picker cannot show other notations, the text box can. */
const hexForPicker = (value: string) =>
  /^#[0-9a-f]{6}$/i.test(value)
    ? value
    : /^#[0-9a-f]{3}$/i.test(value)
      ? `#${[...value.slice(1)].map((digit) => digit + digit).join("")}`
      : "#000000";

export interface DesignFieldInputProps {
  field: DesignField;
  changed: boolean;
  /** More below the control (an address's image picker). */
  children?: ReactNode;
}

/** One design field as its kind shows it, bound to formik; marked when it differs from the loaded copy. */
export function DesignFieldInput({ field, changed, children }: DesignFieldInputProps) {
  const { t } = useTranslation("design");
  const name = fieldPath(field);
  const [input, meta, helpers] = useField<unknown>(name);
  const error = meta.touched || changed ? meta.error : undefined;
  const id = `design-${field.name}`;
  const label = t(`fields.${field.name}`);
  const badge = changed ? (
    <Badge colorPalette="orange" variant="subtle" size="sm" ms="2">
      {t("form.changed")}
    </Badge>
  ) : null;

  if (field.kind === "switch") {
    return (
      <Field.Root data-changed={changed || undefined}>
        <Switch.Root
          checked={input.value === true}
          onCheckedChange={(details) => void helpers.setValue(details.checked)}
          name={name}
        >
          <Switch.HiddenInput onBlur={input.onBlur} />
          <Switch.Control />
          <Switch.Label>
            {label}
            {badge}
          </Switch.Label>
        </Switch.Root>
      </Field.Root>
    );
  }

  const common = { id, name, onBlur: input.onBlur };
  const text = typeof input.value === "string" ? input.value : "";
  const control = (() => {
    switch (field.kind) {
      case "number":
        return (
          <Input
            {...common}
            type="number"
            inputMode="numeric"
            value={typeof input.value === "number" && !Number.isNaN(input.value) ? input.value : ""}
            onChange={(event) =>
              void helpers.setValue(event.target.value === "" ? Number.NaN : event.target.valueAsNumber)
            }
          />
        );
      case "textarea":
        return (
          <Textarea
            {...common}
            rows={3}
            value={text}
            onChange={(event) => void helpers.setValue(event.target.value)}
          />
        );
      case "select":
        return (
          <NativeChoice
            {...common}
            value={String(input.value ?? "")}
            options={(field.options ?? []).map((value) => ({
              value: String(value),
              label: t(`options.${field.name}.${String(value)}`),
            }))}
            onChange={(event) => void helpers.setValue(event.target.value)}
          />
        );
      case "colour":
        return (
          <HStack gap="2">
            <Input
              type="color"
              aria-label={t("form.pickColour", { field: label })}
              value={hexForPicker(text)}
              onChange={(event) => void helpers.setValue(event.target.value)}
              w="12"
              p="1"
              flexShrink={0}
            />
            <Input
              {...common}
              value={text}
              spellCheck={false}
              onChange={(event) => void helpers.setValue(event.target.value)}
            />
          </HStack>
        );
      case "url":
        return (
          <Input
            {...common}
            type="url"
            inputMode="url"
            value={text}
            placeholder="https://"
            onChange={(event) => void helpers.setValue(event.target.value === "" ? null : event.target.value)}
          />
        );
      default:
        return (
          <Input {...common} value={text} onChange={(event) => void helpers.setValue(event.target.value)} />
        );
    }
  })();

  return (
    <Field.Root
      invalid={Boolean(error)}
      data-changed={changed || undefined}
      gridColumn={field.kind === "textarea" || children ? "1 / -1" : undefined}
    >
      <Field.Label htmlFor={id}>
        {label}
        {badge}
      </Field.Label>
      {control}
      {field.help && !error && <Field.HelperText>{t(`help.${field.name}`)}</Field.HelperText>}
      <FieldErrorText error={error} />
      {children}
    </Field.Root>
  );
}
