/**
 * What the wizard keeps in session storage (this browser tab), so a reload loses nothing: the attempt in
 * progress, the draft with the user's edits and where they were, and how far finalising got (so a retry after
 * a reload does not create the customer's configuration twice). Cleared once the wizard is finished.
 */
import type { FinalizeStep } from "@parley/domain/onboarding";
import type { ScanStage, WizardDraft, WizardView } from "./wizard";

export const attemptStorageKey = "parley.onboarding.attempt";
const wizardStorageKey = "parley.onboarding.wizard";
const finalizeStorageKey = "parley.onboarding.finalize";

export interface StoredWizard {
  draft: WizardDraft;
  view: WizardView;
  remaining: ScanStage[];
}

export interface FinalizeProgress {
  attemptId: string;
  customerId?: string;
  configurationId?: string;
  done: FinalizeStep[];
}

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** The stored wizard of this attempt, or null (none, or another attempt's). */
export function loadStoredWizard(attemptId: string): StoredWizard | null {
  const stored = read<StoredWizard>(wizardStorageKey);
  return stored?.draft?.attemptId === attemptId ? stored : null;
}

export function storeWizard(wizard: StoredWizard): void {
  sessionStorage.setItem(attemptStorageKey, wizard.draft.attemptId);
  sessionStorage.setItem(wizardStorageKey, JSON.stringify(wizard));
}

export function loadFinalizeProgress(attemptId: string): FinalizeProgress {
  const stored = read<FinalizeProgress>(finalizeStorageKey);
  return stored?.attemptId === attemptId ? stored : { attemptId, done: [] };
}

export function storeFinalizeProgress(progress: FinalizeProgress): void {
  sessionStorage.setItem(finalizeStorageKey, JSON.stringify(progress));
}

export function clearStoredOnboarding(): void {
  for (const key of [attemptStorageKey, wizardStorageKey, finalizeStorageKey]) sessionStorage.removeItem(key);
}
