import { DomainError, type ErrorCode } from "@parley/domain";
import { lookup as systemLookup } from "node:dns/promises";
import http, { type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { Transform } from "node:stream";
import zlib from "node:zlib";
import { isPublicAddress } from "./addresses";
import { decodeText } from "./charset";

/*
 * The one way the server fetches an address a user typed: pages, sitemaps, files by URL, WordPress,
 * shops, onboarding, webhooks.
 *
 * Built on node:http/https rather than fetch: `lookup` is a documented option of http.request that
 * the socket itself calls when it connects, so the addresses we check are exactly the ones it then
 * connects to, and a name that answers differently a second time (DNS rebinding) has no second time.
 * Node 20's global fetch takes no such hook unless undici is added as a dependency for its Agent, and
 * redirects, decompression and the size cap would still be ours to write.
 */

export const outboundUserAgent = "ParleyBot/1.0 (+https://parley.example/bot)";
const defaultMaxBytes = 10 * 1024 * 1024;
const defaultConnectTimeoutMs = 5_000;
const defaultResponseTimeoutMs = 20_000;
const maxRedirects = 5;
const allowedPorts = new Set([80, 443]);
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** Every address a host name resolves to. */
export type Resolve = (hostname: string) => Promise<readonly string[]>;

export interface OutboundSettings {
  /**
   * `host:port` pairs reached without the port and address checks, for tests' fixture servers on
   * loopback (`OUTBOUND_ALLOWED_HOSTS`). Production sets none.
   */
  allowedHosts?: readonly string[];
  /** The system resolver by default; tests answer names themselves so no query leaves the machine. */
  resolve?: Resolve;
  /** Resolving the name and opening the connection, per hop. */
  connectTimeoutMs?: number;
  /** The whole call, redirects and body included. */
  responseTimeoutMs?: number;
  /**
   * Certificate authorities trusted instead of Node's bundled ones: tests' https fixture servers only,
   * like `allowedHosts`. Production leaves it unset.
   */
  trustedCertificates?: string[];
}

interface Bodies {
  text: { text: string };
  bytes: { body: Uint8Array };
}

const bodyReaders: { [As in keyof Bodies]: (bytes: Uint8Array, contentType: string) => Bodies[As] } = {
  text: (bytes, contentType) => ({ text: decodeText(bytes, contentType) }),
  bytes: (bytes) => ({ body: bytes }),
};

export interface FetchOptions<As extends keyof Bodies> {
  /**
   * Media types this use can read (`text/html`); any other successful answer is refused before its body
   * is read. Error statuses come back whatever their type (still capped), for the caller to judge.
   */
  accept: readonly string[];
  /** Counted after decompression. */
  maxBytes?: number;
  /** `text` decodes with the answer's charset (header, BOM or HTML meta); `bytes` leaves it as sent. */
  as: As;
  /**
   * Extra request headers (an API's credentials). Sent only to the origin first asked (or its host on https): a
   * redirect to another origin goes there without them, so a site cannot hand the key to a third party.
   */
  headers?: Readonly<Record<string, string>>;
  /** A shorter deadline for this call than the client's own (never a longer one). */
  timeoutMs?: number;
}

export type OutboundResponse<As extends keyof Bodies> = {
  /** The address that answered, after redirects. */
  url: string;
  /** Any status: what a 404 or 500 means is the caller's to judge. */
  status: number;
  contentType: string;
  headers: IncomingHttpHeaders;
} & Bodies[As];

export interface OutboundClient {
  fetch<As extends keyof Bodies>(url: string, options: FetchOptions<As>): Promise<OutboundResponse<As>>;
  /**
   * What can be judged from the address alone (scheme, credentials, port, an IP literal), without
   * resolving or connecting: the URL when fetchable so far, else the 400 refusal `fetch` would throw.
   * For checking a list before any of it is fetched; `fetch` checks again, and checks every address a
   * name resolves to when it connects.
   */
  check(url: string): URL;
}

// A refusal is about the address (the caller's input); the rest are the far side failing us.
const refusals = new Set<ErrorCode>([
  "url_parse_error",
  "url_not_allowed",
  "url_credentials_not_allowed",
  "url_port_not_allowed",
  "url_address_not_allowed",
]);

/** A refusal (400) or the far side failing us (502), as the client reports them. */
export function outboundError(code: ErrorCode, cause?: unknown): DomainError {
  const error = new DomainError(code, undefined, refusals.has(code) ? 400 : 502);
  if (cause !== undefined) error.cause = cause;
  return error;
}

function portOf(url: URL): number {
  return url.port !== "" ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

/** The host as a socket takes it: IPv6 literals without their brackets. */
function socketHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/** Default system resolution, every address (IPv4 and IPv6) in the resolver's order. */
async function resolveWithSystem(hostname: string): Promise<string[]> {
  return (await systemLookup(hostname, { all: true })).map((answer) => answer.address);
}

/**
 * The socket's resolver: every address the name has must be public, or the connection fails before
 * it is opened. Answers the socket in the shape it asked for (one address, or all when it races
 * IPv4 against IPv6).
 */
function checkingLookup(resolve: Resolve, checkAddresses: boolean): LookupFunction {
  const checked = (addresses: readonly string[]) => {
    if (addresses.length === 0) throw outboundError("url_host_not_found");
    if (checkAddresses && !addresses.every(isPublicAddress)) throw outboundError("url_address_not_allowed");
    return addresses.map((address) => ({ address, family: isIP(address) }));
  };
  return (hostname, options, callback) => {
    resolve(hostname)
      .then(checked)
      .then(
        (answers) =>
          options.all ? callback(null, answers) : callback(null, answers[0]!.address, answers[0]!.family),
        (error: Error) => callback(error, ""),
      );
  };
}

const decompressors = new Map<string, () => Transform>([
  ["gzip", () => zlib.createGunzip()],
  ["x-gzip", () => zlib.createGunzip()],
  ["deflate", () => zlib.createInflate()],
  ["br", () => zlib.createBrotliDecompress()],
]);

/** One coding at most: stacked codings (`gzip, br`) are legal but nobody sends them. */
function decompressorFor(contentEncoding: string): Transform | undefined {
  const coding = contentEncoding.trim().toLowerCase();
  if (coding === "" || coding === "identity") return undefined;
  const create = decompressors.get(coding);
  if (!create) throw outboundError("url_response_invalid");
  return create();
}

/** The body, decompressed, stopped as soon as it passes `maxBytes` so a compression bomb costs nothing. */
async function readBody(response: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  const encoding = response.headers["content-encoding"] ?? "";
  if (!encoding && Number(response.headers["content-length"]) > maxBytes)
    throw outboundError("url_response_too_large");
  const decompressor = decompressorFor(encoding);
  // Not stream.pipeline: it may reject with the abort of a stream it tore down instead of our error.
  // A failing response ends the decompressor too, so the loop sees every failure.
  const body = decompressor
    ? response.once("error", (error) => decompressor.destroy(error)).pipe(decompressor)
    : response;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw outboundError("url_response_too_large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function mediaType(contentType: string): string {
  return contentType.split(";")[0]!.trim().toLowerCase();
}

const hostNotFoundCodes = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "EAI_NONAME", "ENODATA"]);

function asOutboundError(error: unknown, deadline: AbortSignal): DomainError {
  if (error instanceof DomainError) return error;
  if (deadline.aborted) return outboundError("url_timeout", error);
  const code = error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : "";
  if (hostNotFoundCodes.has(code)) return outboundError("url_host_not_found", error);
  // llhttp's parse errors and zlib's corrupt-data errors: the site answered, but not in HTTP or not as declared.
  if (code.startsWith("HPE_") || code.startsWith("Z_")) return outboundError("url_response_invalid", error);
  return outboundError("url_connection_failed", error);
}

/** The origin first asked, or its host moved from http to https (a site's usual redirect): a call's own headers go there. */
function sameSite(first: URL, next: URL): boolean {
  if (next.origin === first.origin) return true;
  return first.protocol === "http:" && next.protocol === "https:" && next.hostname === first.hostname;
}

export function createOutboundClient(settings: OutboundSettings = {}): OutboundClient {
  const allowedHosts = new Set(settings.allowedHosts?.map((host) => host.trim().toLowerCase()));
  const resolve = settings.resolve ?? resolveWithSystem;
  const connectTimeoutMs = settings.connectTimeoutMs ?? defaultConnectTimeoutMs;
  const responseTimeoutMs = settings.responseTimeoutMs ?? defaultResponseTimeoutMs;

  const isAllowListed = (url: URL) => allowedHosts.has(`${url.hostname}:${portOf(url)}`);

  /** Everything that can be judged from the address alone, before any name is resolved. */
  function checkedUrl(address: string, base?: URL): URL {
    let url: URL;
    try {
      url = new URL(address, base);
    } catch {
      throw outboundError("url_parse_error");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") throw outboundError("url_not_allowed");
    if (url.username !== "" || url.password !== "") throw outboundError("url_credentials_not_allowed");
    if (isAllowListed(url)) return url;
    if (!allowedPorts.has(portOf(url))) throw outboundError("url_port_not_allowed");
    // The URL parser has already turned `2130706433`, `0x7f000001`, `0177.0.0.1` and `127.1` into
    // `127.0.0.1`. A socket given an IP literal skips `lookup`, so literals are judged here.
    const host = socketHost(url);
    if (isIP(host) !== 0 && !isPublicAddress(host)) throw outboundError("url_address_not_allowed");
    return url;
  }

  function get(url: URL, accept: readonly string[], deadline: AbortSignal, extraHeaders: Readonly<Record<string, string>>): Promise<IncomingMessage> {
    return new Promise((resolveResponse, reject) => {
      const request = (url.protocol === "https:" ? https : http).get({
        hostname: socketHost(url),
        port: portOf(url),
        path: `${url.pathname}${url.search}`,
        headers: {
          ...extraHeaders,
          "user-agent": outboundUserAgent,
          accept: accept.join(", "),
          "accept-encoding": "gzip, deflate, br",
        },
        lookup: checkingLookup(resolve, !isAllowListed(url)),
        ...(settings.trustedCertificates ? { ca: settings.trustedCertificates } : {}),
        // A connection of its own, opened through the lookup above: a pooled socket may have been
        // opened by other code, without it.
        agent: false,
        signal: deadline,
      });
      const connectTimer = setTimeout(() => request.destroy(outboundError("url_timeout")), connectTimeoutMs);
      request.once("socket", (socket) => socket.once("connect", () => clearTimeout(connectTimer)));
      request.once("close", () => clearTimeout(connectTimer));
      // `on`, not `once`: the deadline's abort can end a request after it answered, and an `error`
      // without a listener would crash the process.
      request.once("response", resolveResponse).on("error", reject);
    });
  }

  async function fetch<As extends keyof Bodies>(
    address: string,
    options: FetchOptions<As>,
  ): Promise<OutboundResponse<As>> {
    const accepted = new Set(options.accept.map(mediaType));
    const deadline = new AbortController();
    const deadlineTimer = setTimeout(() => deadline.abort(), Math.min(responseTimeoutMs, options.timeoutMs ?? responseTimeoutMs));
    try {
      let url = checkedUrl(address);
      const first = url;
      for (let redirects = 0; ; redirects += 1) {
        const response = await get(url, options.accept, deadline.signal, sameSite(first, url) ? (options.headers ?? {}) : {});
        const location = redirectStatuses.has(response.statusCode ?? 0)
          ? response.headers.location
          : undefined;
        if (location === undefined) {
          const contentType = response.headers["content-type"] ?? "";
          // An error answer is the site's own page whatever the caller reads; its status is the caller's to judge.
          const success = (response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300;
          if (success && !accepted.has(mediaType(contentType))) throw outboundError("url_content_type_not_accepted");
          const bytes = await readBody(response, options.maxBytes ?? defaultMaxBytes);
          const body = bodyReaders[options.as](bytes, contentType);
          return {
            url: url.href,
            status: response.statusCode ?? 0,
            contentType,
            headers: response.headers,
            ...body,
          };
        }
        if (redirects === maxRedirects) throw outboundError("url_too_many_redirects");
        url = checkedUrl(location, url);
      }
    } catch (error) {
      throw asOutboundError(error, deadline.signal);
    } finally {
      clearTimeout(deadlineTimer);
      // Ends whatever is still open: a redirect's body, a refused or oversized answer.
      deadline.abort();
    }
  }

  return { fetch, check: (address) => checkedUrl(address) };
}
