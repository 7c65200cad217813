import { useLayoutEffect, useRef } from "preact/hooks";
import { sanitizedFragment } from "./sanitize-html";

export interface SafeHtmlProps {
  html: string;
  /** Relative links resolve against the host page's address. */
  base: string;
  className?: string;
}

/** Server HTML shown through the allow-list walk (never through innerHTML). */
export function SafeHtml({ html, base, className }: SafeHtmlProps) {
  const container = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    container.current?.replaceChildren(sanitizedFragment(html, document, base));
  }, [html, base]);
  // Each text takes its own direction from its first letters (an answer in Arabic reads right to left in a
  // Dutch chat), whatever the chat's language.
  return <div class={className} ref={container} dir="auto" />;
}
