/**
 * What a customer save answer means for the user (spec 01 §5, spec 02 §7.2).
 */
import { errorMessages } from "./errors";

/**
 * A save is successful when an updated or inserted id comes back; otherwise the server's message
 * is shown, or 'No changes detected'.
 */
export function customerSaveOutcome(answer: {
  updated_id?: string | null;
  inserted_id?: string | null;
  message?: string | null;
}): { saved: true; id: string } | { saved: false; message: string } {
  const id = answer.updated_id || answer.inserted_id;
  if (id) return { saved: true, id };
  return { saved: false, message: answer.message?.trim() || errorMessages.no_changes_detected };
}
