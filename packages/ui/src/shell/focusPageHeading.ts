/** The main heading of the page shown in the shell's main content, if it has one. */
export function currentPageHeading(): HTMLElement | null {
  return document.getElementById("main-content")?.querySelector<HTMLElement>("h1") ?? null;
}

/** The element, made focusable by script (not by Tab) when it is not already. */
export function focusable(element: HTMLElement): HTMLElement {
  if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  return element;
}

/**
 * After a navigation that no link of the page made (a search hit, for one), puts the focus on the new page's
 * main heading, so a keyboard or a screen reader continues at the page that opened. A lazily loaded page shows
 * its heading a moment later, and a closing dialog gives its focus back first: this waits for a heading other
 * than `previous` while no dialog holds the focus, and after `timeoutMs` takes the heading there is (or the
 * main content). Returns a function that stops waiting.
 */
export function focusPageHeadingWhenShown(previous: HTMLElement | null, { timeoutMs = 3000, intervalMs = 50 } = {}): () => void {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    const heading = currentPageHeading();
    const dialogHoldsFocus = document.activeElement?.closest("[role=dialog], [role=alertdialog]") != null;
    const timedOut = Date.now() - started >= timeoutMs;
    if (heading && heading !== previous && !dialogHoldsFocus) {
      focusable(heading).focus();
      return;
    }
    if (timedOut) {
      const target = heading ?? document.getElementById("main-content");
      if (target) focusable(target).focus();
      return;
    }
    timer = setTimeout(attempt, intervalMs);
  };
  timer = setTimeout(attempt, 0);
  return () => clearTimeout(timer);
}
