import { useEffect } from "react";
import { useNavigate } from "react-router-dom";

/** Reads a parent-page message `{ type: "navigate-to", path }`; only in-app paths are accepted. */
export function navigateTargetOf(data: unknown): string | null {
  if (!data || typeof data !== "object") return null;
  const message = data as { type?: unknown; path?: unknown; url?: unknown };
  if (message.type !== "navigate-to") return null;
  const path = typeof message.path === "string" ? message.path : typeof message.url === "string" ? message.url : null;
  if (!path || !path.startsWith("/") || path.startsWith("//")) return null;
  return path;
}

/** Navigates when the parent page (or an embedded assistant) posts a `navigate-to` message. */
export function useNavigateToMessages(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const handleMessage = (event: MessageEvent) => {
      const target = navigateTargetOf(event.data);
      if (target) navigate(target);
    };
    window.addEventListener("message", handleMessage);
    return () => window.removeEventListener("message", handleMessage);
  }, [navigate]);
}
