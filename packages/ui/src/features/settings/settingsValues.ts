/**
 * A settings screen's values: the fields it edits, picked from the loaded configuration (its snapshot),
 * compared with what the user typed, and sent as only what changed. Groups (`rag_settings`, …) are
 * compared and sent field by field; the server merges them the same way.
 */
import type { LanguageCode } from "@parley/domain/locale";
import { changedFields, changesOf, sameValue } from "@parley/domain/configuration";

export type FieldKind = "switch" | "number" | "decimal" | "text" | "email" | "url" | "date" | "textarea" | "select" | "list" | "secret" | "choices";

export interface SettingField {
  /** The configuration field, or `group.field` inside a group. */
  name: string;
  kind: FieldKind;
  /**
   * A select's choices, or the boxes of `choices` (a list of the values ticked); without a label the text
   * is `options.<name>.<value>` of the settings texts.
   */
  options?: readonly { value: string; label?: string; description?: string }[];
  /** Values a text field proposes as the user types (the known model names); any other text is taken too. */
  suggestions?: readonly string[];
  /** Shown only while this switch (a field of the same screen) is on. */
  showWhen?: string;
  /** Offers texts to insert by assistant language (the default answer rules). */
  defaultsByLanguage?: (language: LanguageCode) => string;
  /** Reacts when the user changes it (the product moves the message limit). */
  onUserChange?: (value: unknown, setFieldValue: (name: string, value: unknown) => void) => void;
  /** Read only on this screen. */
  readOnly?: boolean;
}

export interface SettingsSection {
  id: string;
  fields: SettingField[];
}

export type SettingsValues = Record<string, unknown>;

export function fieldsOf(sections: readonly SettingsSection[]): SettingField[] {
  return sections.flatMap((section) => section.fields);
}

function topKey(name: string): string {
  return name.split(".")[0] ?? name;
}

export function valueAt(values: SettingsValues, name: string): unknown {
  return name.split(".").reduce<unknown>((value, key) => (typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined), values);
}

/** The snapshot of a screen: the configuration's fields it edits (whole groups), copied. */
export function snapshotOf(configuration: object, fields: readonly SettingField[]): SettingsValues {
  const source = configuration as Record<string, unknown>;
  const keys = [...new Set(fields.map((field) => topKey(field.name)))];
  return structuredClone(Object.fromEntries(keys.map((key) => [key, source[key]])));
}

/** Lists as they are kept: each entry trimmed, empty lines dropped. */
export function normalized(values: SettingsValues, fields: readonly SettingField[]): SettingsValues {
  const result = structuredClone(values);
  for (const field of fields) {
    if (field.kind !== "list") continue;
    const list = valueAt(result, field.name);
    if (!Array.isArray(list)) continue;
    const cleaned = list.map((entry) => String(entry).trim()).filter((entry) => entry !== "");
    const path = field.name.split(".");
    const last = path.pop() ?? field.name;
    const holder = path.reduce<Record<string, unknown>>((value, key) => value[key] as Record<string, unknown>, result);
    holder[last] = cleaned;
  }
  return result;
}

/** The fields (as the screen names them) whose value differs from the snapshot. */
export function changedSettingFields(snapshot: SettingsValues, values: SettingsValues, fields: readonly SettingField[]): SettingField[] {
  const current = normalized(values, fields);
  return fields.filter((field) => !sameValue(valueAt(snapshot, field.name), valueAt(current, field.name)));
}

/** What a save sends: the changed fields, and inside a changed group only its changed fields. */
export function changesToSend(snapshot: SettingsValues, values: SettingsValues, fields: readonly SettingField[]): SettingsValues {
  const current = normalized(values, fields);
  const changes: SettingsValues = {};
  for (const key of changedFields(snapshot, current)) {
    const before = snapshot[key];
    const after = current[key];
    const isGroup = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);
    changes[key] = isGroup(before) && isGroup(after) ? changesOf(before as object, after as object) : after;
  }
  return changes;
}
