/**
 * Address checks that need no network: the demo page URL and the basic shape of a website URL
 * typed in the onboarding wizard (spec 01 §5, spec 02 §5). Reachability, blocklists and safety are
 * the server's work after these pass.
 */
import type { ErrorCode } from "../errors";

/** The address as an http(s) URL, or null when it is none. */
export function parseHttpUrl(address: string): URL | null {
  try {
    const url = new URL(address.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** Path parts of an address ("/a/b/" has two). */
export function pathPartsOf(url: URL): string[] {
  return url.pathname.split("/").filter((part) => part !== "");
}

/** A demo URL is an http(s) address with at least two path parts. */
export function isValidDemoUrl(address: string | null | undefined): boolean {
  const url = parseHttpUrl(address ?? "");
  return url !== null && pathPartsOf(url).length >= 2;
}

export type WebsiteUrlCheck =
  | { ok: true; url: URL }
  | {
      ok: false;
      code: Extract<ErrorCode, "no_url_provided" | "url_parse_error" | "url_not_allowed" | "invalid_domain">;
    };

const hostLabel = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

function isPlausibleHost(hostname: string): boolean {
  if (hostname.startsWith("[")) return true; // IPv6 literal, already parsed by URL
  const labels = hostname.replace(/\.$/, "").split(".");
  return labels.length >= 2 && labels.every((label) => hostLabel.test(label));
}

/**
 * The website address a user typed, with https:// assumed when no scheme is given. No URL gives
 * `no_url_provided`; text that is no address gives `url_parse_error`; another scheme than http(s)
 * `url_not_allowed`; a host that is not a domain (no dot, bad characters) `invalid_domain`.
 */
export function checkWebsiteUrl(input: string | null | undefined): WebsiteUrlCheck {
  const trimmed = (input ?? "").trim();
  if (trimmed === "") return { ok: false, code: "no_url_provided" };
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^:/]+:\d+(\/|$)/.test(trimmed);
  let url: URL;
  try {
    url = new URL(hasScheme ? trimmed : `https://${trimmed}`);
  } catch {
    return { ok: false, code: "url_parse_error" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, code: "url_not_allowed" };
  if (url.hostname === "" || /\s/.test(trimmed)) return { ok: false, code: "url_parse_error" };
  if (!isPlausibleHost(url.hostname)) return { ok: false, code: "invalid_domain" };
  return { ok: true, url };
}
