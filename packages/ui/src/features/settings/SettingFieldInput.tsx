import { Badge, Button, Checkbox, CheckboxGroup, Field, Fieldset, HStack, Input, NativeSelect, Stack, Switch, Text, Textarea } from "@chakra-ui/react";
import { isMaskedSecret } from "@parley/domain/secrets";
import { interfaceLanguages, type LanguageCode } from "@parley/domain/locale";
import { useField, useFormikContext } from "formik";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldErrorText } from "../../forms/FieldErrorText";
import type { SettingField } from "./settingsValues";

export interface SettingFieldInputProps {
  field: SettingField;
  changed: boolean;
  /** The value in the loaded copy, for a secret's "keep" and "stored" hints. */
  storedValue: unknown;
}

function ChangedBadge({ changed }: { changed: boolean }) {
  const { t } = useTranslation("settings");
  return changed ? (
    <Badge colorPalette="orange" variant="subtle" size="sm" ms="2">
      {t("form.changed")}
    </Badge>
  ) : null;
}

/** One setting as its kind shows it, bound to formik by its name; marked when it differs from the loaded copy. */
export function SettingFieldInput({ field, changed, storedValue }: SettingFieldInputProps) {
  const { t } = useTranslation("settings");
  const [input, meta, helpers] = useField<unknown>(field.name);
  const { setFieldValue } = useFormikContext();
  const error = meta.touched || changed ? meta.error : undefined;
  const label = t(`fields.${field.name}`);
  // What a technical field does, for the fields that have a text for it (locales' help.<name>).
  const help = t(`help.${field.name}`, { defaultValue: "" });
  // Emptied, a field takes the empty value it was loaded with: null where the contract allows it, else "".
  const emptyValue = storedValue === null || storedValue === undefined ? null : "";
  const id = `setting-${field.name.replace(/\./g, "-")}`;

  if (field.kind === "switch") {
    return (
      <Field.Root invalid={Boolean(error)} data-changed={changed || undefined}>
        <Switch.Root
          checked={input.value === true}
          onCheckedChange={(details) => void helpers.setValue(details.checked)}
          disabled={field.readOnly}
          name={field.name}
        >
          <Switch.HiddenInput onBlur={input.onBlur} />
          <Switch.Control />
          <Switch.Label>
            {label}
            <ChangedBadge changed={changed} />
          </Switch.Label>
        </Switch.Root>
        {help && <Field.HelperText>{help}</Field.HelperText>}
      </Field.Root>
    );
  }

  if (field.kind === "choices") {
    const options = field.options ?? [];
    const ticked = Array.isArray(input.value) ? (input.value as string[]) : [];
    return (
      <Fieldset.Root invalid={Boolean(error)} data-changed={changed || undefined} gridColumn="1 / -1">
        <Fieldset.Legend>
          {label}
          <ChangedBadge changed={changed} />
        </Fieldset.Legend>
        <CheckboxGroup
          name={field.name}
          value={ticked}
          disabled={field.readOnly}
          // Kept in the options' order, so ticking the same boxes in another order is no change.
          onValueChange={(values) => void helpers.setValue(options.map((option) => option.value).filter((value) => values.includes(value)))}
        >
          <Stack gap="3">
            {options.map((option) => (
              <Checkbox.Root key={option.value} value={option.value} alignItems="flex-start">
                <Checkbox.HiddenInput onBlur={input.onBlur} />
                <Checkbox.Control mt="0.5" />
                <Stack gap="0">
                  <Checkbox.Label>{option.label ?? t(`options.${field.name}.${option.value}`)}</Checkbox.Label>
                  {option.description && (
                    <Text fontSize="sm" color="fg.muted">
                      {option.description}
                    </Text>
                  )}
                </Stack>
              </Checkbox.Root>
            ))}
          </Stack>
        </CheckboxGroup>
        <FieldErrorText error={error} />
      </Fieldset.Root>
    );
  }

  const control = (() => {
    const common = { id, name: field.name, onBlur: input.onBlur, readOnly: field.readOnly };
    switch (field.kind) {
      case "number":
      case "decimal":
        return (
          <Input
            {...common}
            type="number"
            inputMode={field.kind === "number" ? "numeric" : "decimal"}
            step={field.kind === "number" ? 1 : 0.05}
            value={typeof input.value === "number" && !Number.isNaN(input.value) ? input.value : ""}
            onChange={(event) => void helpers.setValue(event.target.value === "" ? Number.NaN : event.target.valueAsNumber)}
          />
        );
      case "textarea":
        return <Textarea {...common} rows={5} value={String(input.value ?? "")} onChange={(event) => void helpers.setValue(event.target.value)} />;
      case "list":
        return (
          <Textarea
            {...common}
            rows={3}
            value={Array.isArray(input.value) ? input.value.join("\n") : ""}
            onChange={(event) => void helpers.setValue(event.target.value === "" ? [] : event.target.value.split("\n"))}
          />
        );
      case "select":
        return (
          <NativeSelect.Root disabled={field.readOnly}>
            <NativeSelect.Field
              {...common}
              value={String(input.value ?? "")}
              onChange={(event) => {
                const value = event.target.value === "" ? emptyValue : event.target.value;
                void helpers.setValue(value);
                field.onUserChange?.(value, (name, next) => void setFieldValue(name, next));
              }}
            >
              {field.options?.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label ?? t(`options.${field.name}.${option.value}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        );
      case "secret":
        return <SecretInput field={field} storedValue={storedValue} />;
      default: {
        const type = field.kind === "email" ? "email" : field.kind === "url" ? "url" : field.kind === "date" ? "date" : "text";
        const suggestionsId = field.suggestions ? `${id}-suggestions` : undefined;
        return (
          <>
            <Input
              {...common}
              type={type}
              list={suggestionsId}
              value={String(input.value ?? "")}
              onChange={(event) => void helpers.setValue(event.target.value === "" ? emptyValue : event.target.value)}
            />
            {field.suggestions && (
              <datalist id={suggestionsId}>
                {field.suggestions.map((suggestion) => (
                  <option key={suggestion} value={suggestion} />
                ))}
              </datalist>
            )}
          </>
        );
      }
    }
  })();

  return (
    <Field.Root invalid={Boolean(error)} data-changed={changed || undefined} gridColumn={field.kind === "textarea" || field.kind === "list" ? "1 / -1" : undefined}>
      <Field.Label htmlFor={id}>
        {label}
        <ChangedBadge changed={changed} />
      </Field.Label>
      {control}
      {help && <Field.HelperText>{help}</Field.HelperText>}
      {field.kind === "list" && !error && <Field.HelperText>{t("form.onePerLine")}</Field.HelperText>}
      {field.defaultsByLanguage && <DefaultTexts name={field.name} defaultsByLanguage={field.defaultsByLanguage} />}
      <FieldErrorText error={error} />
    </Field.Root>
  );
}

/** A secret is never shown: the mask the server answered tells that one is stored; typing replaces it. */
function SecretInput({ field, storedValue }: { field: SettingField; storedValue: unknown }) {
  const { t } = useTranslation("settings");
  const [input, , helpers] = useField<unknown>(field.name);
  const stored = isMaskedSecret(storedValue) ? String(storedValue) : null;
  const typed = isMaskedSecret(input.value) ? "" : String(input.value ?? "");
  return (
    <Stack gap="1" w="full">
      <HStack w="full">
        <Input
          id={`setting-${field.name.replace(/\./g, "-")}`}
          name={field.name}
          type="password"
          autoComplete="new-password"
          value={typed}
          placeholder={stored && input.value !== null ? t("form.secretReplace") : ""}
          onBlur={input.onBlur}
          // Emptying the input keeps what is stored.
          onChange={(event) => void helpers.setValue(event.target.value === "" ? storedValue : event.target.value)}
        />
        {stored && input.value !== null && (
          <Button variant="outline" size="sm" onClick={() => void helpers.setValue(null)}>
            {t("form.secretRemove")}
          </Button>
        )}
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        {input.value === null && stored ? t("form.secretRemoved") : stored ? t("form.secretStored", { mask: stored }) : t("form.secretNone")}
      </Text>
    </Stack>
  );
}

/** Inserts the default texts of an assistant language (the default answer rules of spec 02 §9). */
function DefaultTexts({ name, defaultsByLanguage }: { name: string; defaultsByLanguage: (language: LanguageCode) => string }) {
  const { t, i18n } = useTranslation("settings");
  const [, , helpers] = useField<string>(name);
  const [language, setLanguage] = useState<LanguageCode>(() => (interfaceLanguages.some((entry) => entry.code === i18n.language) ? (i18n.language as LanguageCode) : "en"));
  const selectId = `defaults-${name}`;
  return (
    <HStack mt="2" gap="2" flexWrap="wrap">
      <Text asChild fontSize="sm" color="fg.muted">
        <label htmlFor={selectId}>{t("form.defaultsLanguage")}</label>
      </Text>
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field id={selectId} value={language} onChange={(event) => setLanguage(event.target.value as LanguageCode)}>
          {interfaceLanguages.map((entry) => (
            <option key={entry.code} value={entry.code}>
              {entry.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="sm" variant="outline" onClick={() => void helpers.setValue(defaultsByLanguage(language))}>
        {t("form.useDefaults")}
      </Button>
    </HStack>
  );
}
