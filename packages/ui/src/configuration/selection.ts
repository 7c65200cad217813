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

/** Asks whether the selection may change now; a screen with unsaved changes asks its user (`UnsavedChangesGuard`). */
export type SwitchGuard = () => Promise<boolean>;
const switchGuards = new Set<SwitchGuard>();

/** Registers a guard that a user's change of configuration consults first; returns its removal. */
export function guardConfigurationSwitch(guard: SwitchGuard): () => void {
  switchGuards.add(guard);
  return () => switchGuards.delete(guard);
}

/**
 * A change of configuration the user asked for (sidebar selector, search, clearing it): the screens
 * with unsaved changes may keep it from happening. Resolves whether the selection changed.
 */
export async function requestConfigurationSwitch(configuration: SelectedConfiguration | null): Promise<boolean> {
  if (configuration?._id === read()?._id && configuration?.name === read()?.name) return true;
  if (!(await confirmLeavingUnsavedChanges())) return false;
  selectConfiguration(configuration);
  return true;
}

/**
 * Whether the user may leave what the screens with unsaved changes hold (asking them, when there are
 * any): before another configuration, or another row of a list into the form beside it.
 */
export async function confirmLeavingUnsavedChanges(): Promise<boolean> {
  for (const guard of [...switchGuards]) {
    if (!(await guard())) return false;
  }
  return true;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSelectedConfiguration(): SelectedConfiguration | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
