/**
 * What the wizard keeps in session storage (this browser tab), so a reload loses nothing: the attempt in
 * progress, the draft with the user's edits and where they were, and how far finalising got (so a retry after
 * a reload does not create the customer's configuration twice). Cleared once the wizard is finished.
 */
import type { FinalizeStep } from "@parley/domain/onboarding";
import type { ScanStage, WizardDraft, WizardView } from "./wizard";

/** The draft in progress in this tab (its attempt's id, or its own id when the website was not read). */
export const draftStorageKey = "parley.onboarding.attempt";
const wizardStorageKey = "parley.onboarding.wizard";
const finalizeStorageKey = "parley.onboarding.finalize";

export interface StoredWizard {
  draft: WizardDraft;
  view: WizardView;
  remaining: ScanStage[];
}

export interface FinalizeProgress {
  draftId: string;
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

/** The stored wizard of this draft (an attempt's id, or a draft's own id), or null (none, or another draft's). */
export function loadStoredWizard(draftId: string): StoredWizard | null {
  const stored = read<StoredWizard>(wizardStorageKey);
  return stored?.draft?.draftId === draftId ? stored : null;
}

export function storeWizard(wizard: StoredWizard): void {
  sessionStorage.setItem(draftStorageKey, wizard.draft.draftId);
  sessionStorage.setItem(wizardStorageKey, JSON.stringify(wizard));
}

export function loadFinalizeProgress(draftId: string): FinalizeProgress {
  const stored = read<FinalizeProgress>(finalizeStorageKey);
  return stored?.draftId === draftId ? stored : { draftId, done: [] };
}

export function storeFinalizeProgress(progress: FinalizeProgress): void {
  sessionStorage.setItem(finalizeStorageKey, JSON.stringify(progress));
}

export function clearStoredOnboarding(): void {
  for (const key of [draftStorageKey, wizardStorageKey, finalizeStorageKey]) sessionStorage.removeItem(key);
}
