import type { FastifyRequest } from "fastify";

/**
 * The origin the client reached this server at (`http://127.0.0.1:8080`), from the Host header and the
 * protocol (the proxy's `X-Forwarded-*` with TRUST_PROXY); undefined when the Host is no valid host. Only for
 * pages the same client's browser is sent to next: a link e-mailed to someone else must never follow a
 * header the requester chose.
 */
export function requestOrigin(request: FastifyRequest): string | undefined {
  const host = request.host;
  if (!host || /[\s/\\?#@]/.test(host)) return undefined;
  try {
    const origin = new URL(`${request.protocol}://${host}`).origin;
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}
