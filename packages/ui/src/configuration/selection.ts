import { useSyncExternalStore } from "react";

/** The configuration chosen in the sidebar selector, kept across reloads. */
export interface SelectedConfiguration {
  _id: string;
  name: string;
}

export const selectedConfigurationStorageKey = "parley.selectedConfiguration";

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; value: SelectedConfiguration | null } = { raw: null, value: null };

function read(): SelectedConfiguration | null {
  const raw = localStorage.getItem(selectedConfigurationStorageKey);
  if (raw === cached.raw) return cached.value;
  let value: SelectedConfiguration | null = null;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<SelectedConfiguration>) : null;
    value = parsed && typeof parsed._id === "string" ? { _id: parsed._id, name: String(parsed.name ?? "") } : null;
  } catch {
    value = null;
  }
  cached = { raw, value };
  return value;
}

export function getSelectedConfiguration(): SelectedConfiguration | null {
  return read();
}

export function selectConfiguration(configuration: SelectedConfiguration | null): void {
  if (configuration) localStorage.setItem(selectedConfigurationStorageKey, JSON.stringify(configuration));
  else localStorage.removeItem(selectedConfigurationStorageKey);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSelectedConfiguration(): SelectedConfiguration | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
