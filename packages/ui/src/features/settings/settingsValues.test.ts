import { describe, expect, it } from "vitest";
import { changedSettingFields, changesToSend, snapshotOf, type SettingField } from "./settingsValues";

const fields: SettingField[] = [
  { name: "temperature", kind: "decimal" },
  { name: "alert_trigger_keywords", kind: "list" },
  { name: "rag_settings.products_limit", kind: "number" },
  { name: "rag_settings.example_questions", kind: "list" },
];

const configuration = {
  _id: "c1",
  name: "shop",
  temperature: 0.1,
  alert_trigger_keywords: ["refund"],
  rag_settings: { products_limit: 5, example_questions: [] as string[], max_offset: 0 },
};

describe("settings values", () => {
  it("picks the screen's fields (whole groups) from the configuration, as a copy", () => {
    const snapshot = snapshotOf(configuration, fields);
    expect(snapshot).toEqual({ temperature: 0.1, alert_trigger_keywords: ["refund"], rag_settings: configuration.rag_settings });
    (snapshot.rag_settings as { products_limit: number }).products_limit = 9;
    expect(configuration.rag_settings.products_limit).toBe(5);
  });

  it("finds nothing changed while lists differ only by blank lines and spaces", () => {
    const snapshot = snapshotOf(configuration, fields);
    const typed = { ...structuredClone(snapshot), alert_trigger_keywords: [" refund ", ""] };
    expect(changedSettingFields(snapshot, typed, fields)).toEqual([]);
    expect(changesToSend(snapshot, typed, fields)).toEqual({});
  });

  it("names each changed field and sends only those, group fields alone", () => {
    const snapshot = snapshotOf(configuration, fields);
    const typed = structuredClone(snapshot) as typeof configuration;
    typed.temperature = 0.5;
    typed.rag_settings.example_questions = ["Do you deliver?", " "];
    expect(changedSettingFields(snapshot, typed, fields).map((field) => field.name)).toEqual(["temperature", "rag_settings.example_questions"]);
    expect(changesToSend(snapshot, typed, fields)).toEqual({ temperature: 0.5, rag_settings: { example_questions: ["Do you deliver?"] } });
  });
});
