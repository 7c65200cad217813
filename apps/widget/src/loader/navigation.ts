/**
 * Where a navigate-to message may send the host page: an http(s) address, relative paths resolved
 * against the page. Anything else (`javascript:`, `data:`) is refused, because a message cannot be allowed
 * to run code in the host page.
 */
export function safeNavigationTarget(path: string, pageUrl: string): string | null {
  try {
    const target = new URL(path, pageUrl);
    return target.protocol === "http:" || target.protocol === "https:" ? target.href : null;
  } catch {
    return null;
  }
}
