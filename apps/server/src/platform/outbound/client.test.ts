import { DomainError, type ErrorCode } from "@parley/domain";
import Fastify from "fastify";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import net, { type AddressInfo } from "node:net";
import type { Transform } from "node:stream";
import tls from "node:tls";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { guardLoopbackOnly } from "../../test/loopback-only";
import { sendProblem, toProblem } from "../http/problem";
import { createOutboundClient, outboundUserAgent, type OutboundSettings } from "./client";
import { selfSignedCertificate } from "../../test/certificates";

// Nothing in this file may leave the machine, whatever the client does: every connect is held to loopback.
const guard = guardLoopbackOnly();
afterAll(() => guard.restore());

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const page = (body: string | Buffer, contentType = "text/html; charset=utf-8"): Handler => {
  return (_request, response) => response.writeHead(200, { "content-type": contentType }).end(body);
};
const redirectTo = (location: string, status = 302): Handler => {
  return (_request, response) => response.writeHead(status, { location }).end();
};

/** An answer that never ends: compressed zeros, as fast as the client reads them. */
const endlessZeros = (coding: string, createEncoder: () => Transform): Handler => {
  return (_request, response) => {
    response.writeHead(200, { "content-type": "text/html", "content-encoding": coding });
    const encoder = createEncoder();
    encoder.pipe(response);
    const zeros = Buffer.alloc(64 * 1024);
    const pump = () => {
      while (!response.destroyed && encoder.write(zeros));
      if (!response.destroyed) encoder.once("drain", pump);
    };
    response.once("close", () => encoder.destroy());
    pump();
  };
};

/** Headers at once, then a byte now and then, for ever. */
const trickle: Handler = (_request, response) => {
  response.writeHead(200, { "content-type": "text/html" });
  const timer = setInterval(() => response.write("."), 50);
  response.once("close", () => clearInterval(timer));
};

// "Café – 5 €" in Windows-1252: é is 0xE9, the en dash 0x96, the euro sign 0x80.
const cafeInWindows1252 = Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x35, 0x20, 0x80]);

const routes = new Map<string, Handler>([
  ["/page", page("<h1>Héllo</h1>")],
  ["/missing", (_request, response) => response.writeHead(404, { "content-type": "text/html" }).end("gone")],
  ["/redirect", redirectTo("/page")],
  ["/moved", redirectTo("/page", 308)],
  ["/windows-1252", page(cafeInWindows1252, "text/html; charset=windows-1252")],
  [
    "/windows-1252-meta",
    page(Buffer.concat([Buffer.from('<meta charset="windows-1252">'), cafeInWindows1252]), "text/html"),
  ],
  [
    "/gzip",
    (_request, response) =>
      response
        .writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" })
        .end(zlib.gzipSync("<p>squeezed</p>")),
  ],
  [
    "/br",
    (_request, response) =>
      response
        .writeHead(200, { "content-type": "text/html", "content-encoding": "br" })
        .end(zlib.brotliCompressSync("<p>squeezed</p>")),
  ],
  ["/pdf", page(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]), "application/pdf")],
  ["/png", page(Buffer.from([0x89, 0x50, 0x4e, 0x47]), "image/png")],
  ["/untyped", (_request, response) => response.writeHead(200).end("what am I")],
  ["/bomb/gzip", endlessZeros("gzip", () => zlib.createGzip())],
  ["/bomb/deflate", endlessZeros("deflate", () => zlib.createDeflate())],
  [
    "/bomb/br",
    endlessZeros("br", () =>
      zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }),
    ),
  ],
  [
    "/declared-too-large",
    (_request, response) =>
      response
        .writeHead(200, { "content-type": "text/html", "content-length": 11 * 1024 * 1024 })
        .write("<p>"),
  ],
  [
    "/corrupt-gzip",
    (_request, response) =>
      response
        .writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" })
        .end("not gzip at all"),
  ],
  [
    "/compress",
    (_request, response) =>
      response.writeHead(200, { "content-type": "text/html", "content-encoding": "compress" }).end("x"),
  ],
  ["/trickle", trickle],
  ["/silent", () => {}],
]);
// /hop/n redirects to /hop/n-1; /hop/0 is a page, so /hop/n takes n redirects.
for (let hop = 0; hop <= 7; hop += 1)
  routes.set(`/hop/${hop}`, hop === 0 ? page("landed") : redirectTo(`/hop/${hop - 1}`));

const requests: { path: string; headers: IncomingMessage["headers"] }[] = [];
/** The fixture's routes, over http and https alike; `/to?target=` redirects anywhere. */
const serveFixture: Handler = (request, response) => {
  const url = new URL(request.url ?? "/", "http://fixture");
  requests.push({ path: url.pathname, headers: request.headers });
  const target = url.searchParams.get("target");
  const handler = url.pathname === "/to" && target ? redirectTo(target) : routes.get(url.pathname);
  if (handler) handler(request, response);
  else response.writeHead(404).end();
};
const fixture = createServer(serveFixture);
let fixtureHost = "";
let origin = "";

/** The resolver the client is given: answers from this table only, so no DNS query leaves the machine. */
const dnsAnswers = new Map<string, string[]>();
const resolverCalls: string[] = [];
const resolve: OutboundSettings["resolve"] = async (hostname) => {
  resolverCalls.push(hostname);
  const answer = dnsAnswers.get(hostname);
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return answer;
};

/** The production setting: nothing allow-listed. */
const guarded = createOutboundClient({ resolve });
/** The fixture server allow-listed, as OUTBOUND_ALLOWED_HOSTS does for tests. */
const withFixture = (settings: OutboundSettings = {}) =>
  createOutboundClient({ allowedHosts: [fixtureHost], resolve, ...settings });

const html = { accept: ["text/html"], as: "text" } as const;

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

async function expectRefused(promise: Promise<unknown>, code: ErrorCode) {
  const error = await failure(promise);
  expect({ code: error.code, status: error.status }).toEqual({ code, status: 400 });
}

async function expectUpstreamFailure(promise: Promise<unknown>, code: ErrorCode) {
  const error = await failure(promise);
  expect({ code: error.code, status: error.status }).toEqual({ code, status: 502 });
}

beforeAll(async () => {
  await new Promise<void>((listening) => fixture.listen(0, "127.0.0.1", listening));
  fixtureHost = `127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  origin = `http://${fixtureHost}`;
});

afterAll(async () => {
  fixture.closeAllConnections();
  await new Promise((closed) => fixture.close(closed));
});

beforeEach(() => {
  guard.clear();
  requests.length = 0;
  resolverCalls.length = 0;
  dnsAnswers.clear();
});

describe("the loopback guard of this file", () => {
  it("throws on a connection to an address off the machine, over net and tls", () => {
    expect(() => net.connect({ host: "192.0.2.1", port: 80 })).toThrow(/loopback guard/);
    expect(() => tls.connect({ host: "192.0.2.1", port: 443 })).toThrow(/loopback guard/);
    expect(() => new net.Socket().connect(80, "192.0.2.1")).toThrow(/loopback guard/);
    expect(guard.blocked).toEqual(["192.0.2.1", "192.0.2.1", "192.0.2.1"]);
  });

  it("fails a connection whose host name resolves off the machine, before it is opened", async () => {
    const socket = net.connect({
      host: "example.test",
      port: 80,
      lookup: (_hostname, options, callback) =>
        options.all ? callback(null, [{ address: "192.0.2.1", family: 4 }]) : callback(null, "192.0.2.1", 4),
    });
    const error = await new Promise<Error>((failed) => socket.once("error", failed));
    expect(error.message).toMatch(/loopback guard/);
    expect(guard.connections).toEqual([]);
  });

  it("lets loopback through", async () => {
    await withFixture().fetch(`${origin}/page`, html);
    expect(guard.connections).toEqual([fixtureHost]);
  });
});

describe("refused before any connection is opened", () => {
  it.each([
    ["another scheme", "ftp://example.com/file", "url_not_allowed"],
    ["another scheme", "file:///etc/passwd", "url_not_allowed"],
    ["another scheme", "gopher://example.com/", "url_not_allowed"],
    ["another scheme", "data:text/html,hi", "url_not_allowed"],
    ["another scheme", "javascript:alert(1)", "url_not_allowed"],
    ["credentials", "http://user:secret@example.com/", "url_credentials_not_allowed"],
    ["credentials", "http://user@example.com/", "url_credentials_not_allowed"],
    ["credentials", "https://:secret@example.com/", "url_credentials_not_allowed"],
    ["port 8080", "http://example.com:8080/", "url_port_not_allowed"],
    ["port 8443", "https://example.com:8443/", "url_port_not_allowed"],
    ["port 22", "http://example.com:22/", "url_port_not_allowed"],
    ["port 8080 on loopback", "http://127.0.0.1:8080/", "url_port_not_allowed"],
  ] as const)("%s: %s", async (_what, url, code) => {
    await expectRefused(guarded.fetch(url, html), code);
    expect(resolverCalls).toEqual([]);
  });

  it("text that is no URL", async () => {
    await expectRefused(guarded.fetch("http://exa mple.com/", html), "url_parse_error");
  });

  it.each([
    ["loopback", "http://127.0.0.1/"],
    ["loopback, over https", "https://127.0.0.1/"],
    ["loopback as a decimal number", "http://2130706433/"],
    ["loopback in hexadecimal", "http://0x7f000001/"],
    ["loopback in octal", "http://0177.0.0.1/"],
    ["loopback, short form", "http://127.1/"],
    ["loopback with a trailing dot", "http://127.0.0.1./"],
    ["IPv6 loopback", "http://[::1]/"],
    ["this network", "http://0.0.0.0/"],
    ["private 10/8", "http://10.0.0.1/"],
    ["private 172.16/12", "http://172.16.5.4/"],
    ["private 192.168/16", "https://192.168.1.1/"],
    ["link-local", "http://169.254.1.1/"],
    ["cloud metadata", "http://169.254.169.254/latest/meta-data/"],
    ["cloud metadata as a number", "http://2852039166/latest/meta-data/"],
    ["carrier-grade NAT", "http://100.64.0.1/"],
    ["multicast", "http://224.0.0.1/"],
    ["broadcast", "http://255.255.255.255/"],
    ["reserved", "http://240.0.0.1/"],
    ["documentation", "http://192.0.2.1/"],
    ["unique-local", "http://[fc00::1]/"],
    ["AWS metadata over IPv6", "http://[fd00:ec2::254]/"],
    ["IPv6 link-local", "http://[fe80::1]/"],
    ["IPv6 multicast", "http://[ff02::1]/"],
    ["IPv4-mapped loopback", "http://[::ffff:127.0.0.1]/"],
    ["IPv4-mapped metadata", "http://[::ffff:169.254.169.254]/"],
    ["IPv4-compatible loopback", "http://[::127.0.0.1]/"],
    ["NAT64 of a private address", "http://[64:ff9b::10.0.0.1]/"],
    ["NAT64 of loopback", "http://[64:ff9b::127.0.0.1]/"],
  ])("an address literal, %s: %s", async (_range, url) => {
    await expectRefused(guarded.fetch(url, html), "url_address_not_allowed");
    expect(resolverCalls).toEqual([]);
    expect(guard.connections).toEqual([]);
  });

  it.each([
    ["localhost", ["127.0.0.1", "::1"]],
    ["127.0.0.1.nip.io", ["127.0.0.1"]],
    ["metadata.google.internal", ["169.254.169.254"]],
    ["intranet.example", ["10.1.2.3"]],
    ["cgnat.example", ["100.64.1.1"]],
    ["metadata6.example", ["fd00:ec2::254"]],
    ["mapped.example", ["::ffff:127.0.0.1"]],
    ["compatible.example", ["::127.0.0.1"]],
    ["nat64.example", ["64:ff9b::c0a8:101"]],
    // Every address is checked, not only the first: a socket racing IPv4 and IPv6 may use any.
    ["half-public.example", ["93.184.216.34", "127.0.0.1"]],
    ["half-public6.example", ["2606:2800:220:1::1", "::1"]],
  ])(
    "a name that resolves to a refused address, in the socket's lookup: %s → %j",
    async (hostname, addresses) => {
      dnsAnswers.set(hostname, addresses);
      await expectRefused(guarded.fetch(`http://${hostname}/`, html), "url_address_not_allowed");
      expect(resolverCalls).toEqual([hostname]);
      expect(guard.connections).toEqual([]);
      expect(guard.blocked).toEqual([]);
    },
  );

  it("resolves a name once, when the socket connects, so a second answer (DNS rebinding) is never asked for", async () => {
    // A rebinding name answers a public address first and loopback after. Checking it in one lookup and
    // connecting with another would let loopback through; here the checked answer is the one connected
    // to (which the guard then stops: it is off the machine).
    const answers = [["93.184.216.34"], ["127.0.0.1"]];
    const client = createOutboundClient({
      resolve: async (hostname) => {
        resolverCalls.push(hostname);
        return answers[Math.min(resolverCalls.length - 1, 1)]!;
      },
    });
    await expectUpstreamFailure(client.fetch("http://rebind.example/", html), "url_connection_failed");
    expect(resolverCalls).toEqual(["rebind.example"]);
    expect(guard.blocked).toEqual(["93.184.216.34"]);
    expect(guard.connections).toEqual([]);
  });
});

describe("redirects", () => {
  it.each([
    ["cloud metadata", "http://169.254.169.254/latest/meta-data/", "url_address_not_allowed"],
    ["loopback, by name", "http://localhost/admin", "url_address_not_allowed"],
    ["IPv6 loopback", "http://[::1]/", "url_address_not_allowed"],
    ["IPv4-mapped loopback", "http://[::ffff:7f00:1]/", "url_address_not_allowed"],
    ["a loopback port not allow-listed", "http://127.0.0.1:8080/", "url_port_not_allowed"],
    ["a file", "file:///etc/passwd", "url_not_allowed"],
    [
      "the fixture itself, with credentials",
      "http://user:secret@FIXTURE/page",
      "url_credentials_not_allowed",
    ],
  ] as const)("from an allowed server to %s is refused: %s", async (_what, target, code) => {
    dnsAnswers.set("localhost", ["127.0.0.1"]);
    const location = encodeURIComponent(target.replace("FIXTURE", fixtureHost));
    await expectRefused(withFixture().fetch(`${origin}/to?target=${location}`, html), code);
    expect(guard.connections).toEqual([fixtureHost]);
  });

  it("sends a call's own headers to the origin asked only, not to another origin a redirect leads to", async () => {
    const port = fixtureHost.split(":")[1]!;
    dnsAnswers.set("localhost", ["127.0.0.1"]);
    const client = withFixture({ allowedHosts: [fixtureHost, `localhost:${port}`] });
    const headers = { authorization: "Basic c2VjcmV0" };
    await client.fetch(`${origin}/redirect`, { ...html, headers });
    expect(requests.map((request) => request.headers.authorization)).toEqual(["Basic c2VjcmV0", "Basic c2VjcmV0"]);
    requests.length = 0;
    const elsewhere = await client.fetch(`${origin}/to?target=${encodeURIComponent(`http://localhost:${port}/page`)}`, { ...html, headers });
    expect(elsewhere.text).toBe("<h1>Héllo</h1>");
    expect(requests.map((request) => request.headers.authorization)).toEqual(["Basic c2VjcmV0", undefined]);
  });

  it("ends a call at its own shorter deadline", async () => {
    const started = Date.now();
    await expectUpstreamFailure(withFixture().fetch(`${origin}/silent`, { ...html, timeoutMs: 200 }), "url_timeout");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("follows five redirects", async () => {
    const response = await withFixture().fetch(`${origin}/hop/5`, html);
    expect(response.url).toBe(`${origin}/hop/0`);
    expect(response.text).toBe("landed");
  });

  it("stops at the sixth, without asking for it", async () => {
    await expectUpstreamFailure(withFixture().fetch(`${origin}/hop/6`, html), "url_too_many_redirects");
    expect(requests.map((request) => request.path)).toEqual([
      "/hop/6",
      "/hop/5",
      "/hop/4",
      "/hop/3",
      "/hop/2",
      "/hop/1",
    ]);
  });
});

describe("upstream failures", () => {
  it("a name that does not resolve", async () => {
    await expectUpstreamFailure(guarded.fetch("http://no-such-host.example/", html), "url_host_not_found");
  });

  it("a name with no addresses", async () => {
    dnsAnswers.set("empty.example", []);
    await expectUpstreamFailure(guarded.fetch("http://empty.example/", html), "url_host_not_found");
  });

  it("a connection refused", async () => {
    const closed = createServer();
    await new Promise<void>((listening) => closed.listen(0, "127.0.0.1", listening));
    const host = `127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((done) => closed.close(done));
    const client = createOutboundClient({ allowedHosts: [host], resolve });
    await expectUpstreamFailure(client.fetch(`http://${host}/`, html), "url_connection_failed");
  });

  it("a connection not made within the connect time (a resolver that never answers)", async () => {
    const client = createOutboundClient({ resolve: () => new Promise(() => {}), connectTimeoutMs: 200 });
    const started = Date.now();
    await expectUpstreamFailure(client.fetch("http://stuck.example/", html), "url_timeout");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it.each(["/silent", "/trickle"])("an answer not complete within the response time: %s", async (path) => {
    const started = Date.now();
    await expectUpstreamFailure(
      withFixture({ responseTimeoutMs: 300 }).fetch(`${origin}${path}`, html),
      "url_timeout",
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it.each(["/png", "/untyped"])("a content type the caller did not accept: %s", async (path) => {
    await expectUpstreamFailure(
      withFixture().fetch(`${origin}${path}`, html),
      "url_content_type_not_accepted",
    );
  });

  it("a body larger than the caller's cap", async () => {
    await expectUpstreamFailure(
      withFixture().fetch(`${origin}/page`, { ...html, maxBytes: 5 }),
      "url_response_too_large",
    );
  });

  it("a declared length over the cap, before the body is read", async () => {
    await expectUpstreamFailure(
      withFixture({ responseTimeoutMs: 1_000 }).fetch(`${origin}/declared-too-large`, html),
      "url_response_too_large",
    );
  });

  // The server never stops sending, so only a cap counted on the decompressed bytes ends the call
  // (anything else would run into the response time and fail as a timeout instead).
  it.each(["gzip", "deflate", "br"])("a %s bomb stops at the default 10 MB cap", async (coding) => {
    await expectUpstreamFailure(
      withFixture().fetch(`${origin}/bomb/${coding}`, html),
      "url_response_too_large",
    );
  });

  it.each(["/corrupt-gzip", "/compress"])("a body it cannot decode: %s", async (path) => {
    await expectUpstreamFailure(withFixture().fetch(`${origin}${path}`, html), "url_response_invalid");
  });
});

describe("allowed fixtures on loopback", () => {
  it("fetches a page, naming Parley and saying what it accepts", async () => {
    const response = await withFixture().fetch(`${origin}/page`, html);
    expect(response).toMatchObject({
      url: `${origin}/page`,
      status: 200,
      contentType: "text/html; charset=utf-8",
      text: "<h1>Héllo</h1>",
    });
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(requests[0]?.headers).toMatchObject({ "user-agent": outboundUserAgent, accept: "text/html" });
  });

  it("follows an allowed redirect and answers the final address", async () => {
    expect(await withFixture().fetch(`${origin}/redirect`, html)).toMatchObject({
      url: `${origin}/page`,
      status: 200,
    });
    expect(await withFixture().fetch(`${origin}/moved`, html)).toMatchObject({
      url: `${origin}/page`,
      status: 200,
    });
  });

  it("reaches an allow-listed name through the resolver it was given", async () => {
    dnsAnswers.set("fixture.test", ["127.0.0.1"]);
    const port = fixtureHost.split(":")[1];
    const client = createOutboundClient({ allowedHosts: [`fixture.test:${port}`], resolve });
    expect(await client.fetch(`http://fixture.test:${port}/page`, html)).toMatchObject({
      text: "<h1>Héllo</h1>",
    });
    expect(resolverCalls).toEqual(["fixture.test"]);
  });

  it("answers other statuses for the caller to judge, whatever their content type", async () => {
    expect(await withFixture().fetch(`${origin}/missing`, html)).toMatchObject({ status: 404, text: "gone" });
    const plain = { accept: ["text/plain"], as: "text" } as const;
    expect(await withFixture().fetch(`${origin}/missing`, plain)).toMatchObject({ status: 404, text: "gone" });
  });

  it.each(["/windows-1252", "/windows-1252-meta"])(
    "decodes Windows-1252 (header or meta): %s",
    async (path) => {
      expect((await withFixture().fetch(`${origin}${path}`, html)).text).toContain("Café – 5 €");
    },
  );

  it.each(["/gzip", "/br"])("decompresses %s", async (path) => {
    expect((await withFixture().fetch(`${origin}${path}`, html)).text).toBe("<p>squeezed</p>");
  });

  it("returns bytes as sent", async () => {
    const response = await withFixture().fetch(`${origin}/pdf`, { accept: ["application/pdf"], as: "bytes" });
    expect([...response.body]).toEqual([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]);
  });
});

describe("https", () => {
  const certificate = selfSignedCertificate();
  const secure = createHttpsServer(certificate, serveFixture);
  let secureHost = "";
  let securePort = 0;
  const overHttps = (settings: OutboundSettings = {}) =>
    createOutboundClient({
      allowedHosts: [secureHost, `fixture.test:${securePort}`],
      resolve,
      trustedCertificates: [certificate.cert],
      ...settings,
    });

  beforeAll(async () => {
    await new Promise<void>((listening) => secure.listen(0, "127.0.0.1", listening));
    securePort = (secure.address() as AddressInfo).port;
    secureHost = `127.0.0.1:${securePort}`;
  });
  afterAll(async () => {
    secure.closeAllConnections();
    await new Promise((closed) => secure.close(closed));
  });

  it("fetches a page over TLS from an allowed fixture, by address and by name (certificate checked)", async () => {
    expect(await overHttps().fetch(`https://${secureHost}/page`, html)).toMatchObject({
      url: `https://${secureHost}/page`,
      text: "<h1>Héllo</h1>",
    });
    dnsAnswers.set("fixture.test", ["127.0.0.1"]);
    expect(await overHttps().fetch(`https://fixture.test:${securePort}/gzip`, html)).toMatchObject({
      text: "<p>squeezed</p>",
    });
    expect(requests[0]?.headers["user-agent"]).toBe(outboundUserAgent);
  });

  it("keeps a call's own headers when its host moves from http to https, and drops them on the way back", async () => {
    const client = overHttps({ allowedHosts: [secureHost, fixtureHost] });
    const headers = { authorization: "Basic c2VjcmV0" };
    await client.fetch(`${origin}/to?target=${encodeURIComponent(`https://${secureHost}/page`)}`, { ...html, headers });
    expect(requests.map((request) => request.headers.authorization)).toEqual(["Basic c2VjcmV0", "Basic c2VjcmV0"]);
    requests.length = 0;
    await client.fetch(`https://${secureHost}/to?target=${encodeURIComponent(`${origin}/page`)}`, { ...html, headers });
    expect(requests.map((request) => request.headers.authorization)).toEqual(["Basic c2VjcmV0", undefined]);
  });

  it("refuses a certificate it does not trust", async () => {
    await expectUpstreamFailure(
      overHttps({ trustedCertificates: undefined }).fetch(`https://${secureHost}/page`, html),
      "url_connection_failed",
    );
  });

  it("refuses a certificate for another name", async () => {
    dnsAnswers.set("other.test", ["127.0.0.1"]);
    await expectUpstreamFailure(
      overHttps({ allowedHosts: [`other.test:${securePort}`] }).fetch(`https://other.test:${securePort}/page`, html),
      "url_connection_failed",
    );
  });

  it.each([
    ["cloud metadata", "http://169.254.169.254/latest/meta-data/"],
    ["loopback on https", "https://127.0.0.1/"],
    ["a name resolving to loopback", "https://localhost/"],
  ])("a redirect from the https fixture to %s is refused: %s", async (_what, target) => {
    dnsAnswers.set("localhost", ["127.0.0.1"]);
    await expectRefused(
      overHttps().fetch(`https://${secureHost}/to?target=${encodeURIComponent(target)}`, html),
      "url_address_not_allowed",
    );
    expect(guard.connections).toEqual([secureHost]);
  });
});

describe("check, for a list before any of it is fetched", () => {
  it("answers the URL, or the refusal fetch would give, without resolving anything", () => {
    expect(guarded.check("https://example.com/a?b=1").href).toBe("https://example.com/a?b=1");
    for (const [url, code] of [
      ["nope", "url_parse_error"],
      ["ftp://example.com/", "url_not_allowed"],
      ["http://u:p@example.com/", "url_credentials_not_allowed"],
      ["http://example.com:8080/", "url_port_not_allowed"],
      ["http://0x7f000001/", "url_address_not_allowed"],
    ] as const) {
      expect(() => guarded.check(url)).toThrow(expect.objectContaining({ code, status: 400 }));
    }
    expect(resolverCalls).toEqual([]);
  });
});

describe("through the server's error handler", () => {
  const app = Fastify();
  app.setErrorHandler((error, request, reply) => sendProblem(reply, toProblem(error, request)));
  app.get("/refused", () => guarded.fetch("http://169.254.169.254/latest/meta-data/", html));
  app.get("/unreachable", () => guarded.fetch("http://no-such-host.example/", html));
  afterAll(() => app.close());

  it("a refused address is a 400 problem with its code", async () => {
    const response = await app.inject({ url: "/refused" });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({
      code: "url_address_not_allowed",
      message:
        "This address leads to a private or reserved network and cannot be fetched. Use the website's public address.",
    });
  });

  it("an upstream failure is a 502 problem with its code", async () => {
    const response = await app.inject({ url: "/unreachable" });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: "url_host_not_found" });
  });
});
