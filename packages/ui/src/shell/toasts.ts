import { failureHelpText } from "../forms/failureAdvice";
import { shownFailureCode } from "../forms/shownFailureCode";
import { i18n, loadNamespaces } from "../i18n/setup";
import type { toaster } from "../toaster";

type ToastOptions = Parameters<typeof toaster.create>[0];

/**
 * Shows a toast. The toast machinery and the messages' texts load with the first toast, not with the
 * shell (toasts follow rare events there); the region shows toasts created before it mounted.
 */
export async function showToast(options: (t: typeof i18n.t) => ToastOptions): Promise<void> {
  const [{ toaster }] = await Promise.all([import("../toaster"), loadNamespaces(["messages"])]);
  toaster.create(options(i18n.t));
}

/** Closes the toast shown with `id`, if it is still there (its advice no longer holds). */
export async function dismissToast(id: string): Promise<void> {
  const { toaster } = await import("../toaster");
  toaster.dismiss(id);
}

/** A failed call as an error toast, by its catalogue code (with `description`, e.g. the fields it names, below). */
export function showFailureToast(error: unknown, titleKey?: string, description?: string): Promise<void> {
  return showToast((t) => {
    const code = shownFailureCode(i18n, error);
    const text = t(`messages:errors.${code}`);
    // Refused for too many attempts: the toast says when to try again, where the server said.
    const wait = code === "rate_limited" && description === undefined ? failureHelpText(i18n.getFixedT(null, "messages"), i18n.language, error, code) : undefined;
    if (titleKey) return { type: "error", title: t(titleKey), description: wait ? `${text} ${wait}` : text };
    return { type: "error", title: text, description: description ?? wait };
  });
}

