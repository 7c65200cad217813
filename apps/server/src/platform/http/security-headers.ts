import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * The headers helmet would set, worked out once. @fastify/helmet builds a new helmet middleware (and
 * re-parses the CSP directives) on every request, which cost about 5 % of a configuration read; the
 * headers are the same for every request, so they are computed at start and copied onto each reply.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * What a JSON answer of the API needs (OWASP REST Security Cheat Sheet): it is never a document, so
 * it may not run or embed anything, be framed, or be cached by a shared cache. The document-only
 * headers of the page set (XSS filter, download options, DNS prefetch, COOP, …) mean nothing here.
 */
export const apiSecurityHeaders: Readonly<Record<string, string>> = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "same-origin",
  "cache-control": "no-store",
};

declare module "fastify" {
  interface FastifyContextConfig {
    /** "api" for routes that answer only JSON (contract operations without an HTML answer). */
    securityHeaders?: "api" | "page";
  }
}

/**
 * Sends the API set on routes marked `config.securityHeaders: "api"` and on anything else under `/api/`
 * that is not marked (unknown calls answered with a problem body, CORS preflights); helmet's full set on
 * pages: portals, the docs and routes marked "page" (the dev mailbox).
 */
export function registerSecurityHeaders(app: FastifyInstance, pageOptions: HelmetOptions): void {
  const api = { ...apiSecurityHeaders };
  const page = computeSecurityHeaders(pageOptions);
  const isApiPath = (url: string) => url.startsWith("/api/") && !url.startsWith("/api/docs");
  app.addHook("onRequest", (request, reply, done) => {
    const marked = request.routeOptions.config.securityHeaders;
    reply.headers(marked === "api" || (marked === undefined && isApiPath(request.url)) ? api : page);
    done();
  });
}
