import { onboardingScanLimits, templatePersona } from "@parley/domain";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { startLlmServer, type LlmServer } from "../../test/llm-server";
import { guardLoopbackOnly } from "../../test/loopback-only";
import { closedPort, siteTexts, startOnboardingSite, type OnboardingSite } from "../../test/onboarding-site";
import { findAttempt, insertAttempt } from "./repository";

// Whatever the product does, no connection of this file leaves loopback.
const guard = guardLoopbackOnly();

let ctx: TestContext;
let site: OnboardingSite;
let deadPort: number;
let token: string;
let otherToken: string;
let adminToken: string;
/** The refusals' own user: the checks are rate-limited per user, and the refusal cases are many. */
let refusedToken: string;

beforeAll(async () => {
  site = await startOnboardingSite();
  deadPort = await closedPort();
  const port = new URL(site.origin).port;
  ctx = await createTestContext({
    // The fixture also under two names its redirects lead to, so that the name judged is the one a redirect ended on.
    outboundAllowedHosts: [site.host, `127.0.0.1:${deadPort}`, `live-casino.nl:${port}`, `shop.internal:${port}`],
    // Names that resolve without any DNS query: private addresses, which must be refused unconnected.
    dnsAnswers: new Map([
      ["intranet.acme.nl", ["10.0.0.5"]],
      ["mixed.acme.nl", ["93.184.215.14", "169.254.169.254"]],
      ["live-casino.nl", ["127.0.0.1"]],
      ["shop.internal", ["127.0.0.1"]],
    ]),
  });
  token = (await ctx.createUser({ role: "customer_so" })).token;
  otherToken = (await ctx.createUser({ role: "customer_so" })).token;
  adminToken = (await ctx.createUser({ role: "admin" })).token;
  refusedToken = (await ctx.createUser({ role: "customer" })).token;
});
afterAll(async () => {
  await ctx?.close();
  await site?.close();
  guard.restore();
});
beforeEach(() => {
  site.requests.length = 0;
  guard.clear();
});

type Payload = Record<string, unknown>;

async function call(operationId: string, method: "GET" | "POST", url: string, payload?: Payload, as = token): Promise<LightMyRequestResponse> {
  const response = await ctx.app.inject({ method, url: `/api${url}`, headers: bearer(as), ...(payload === undefined ? {} : { payload }) });
  expectToMatchContract(operationId, response);
  return response;
}

const checkUrl = (url: unknown, as = token) => call("checkOnboardingUrl", "POST", "/onboarding/check_url", { url }, as);
const step = (operationId: string, path: string, attemptId: string, extra: Payload = {}, as = token) =>
  call(operationId, "POST", `/onboarding/${path}`, { url: site.origin, attemptId, ...extra }, as);
const branding = (attemptId: string, as = token) => step("discoverBranding", "discover_branding", attemptId, {}, as);
const persona = (attemptId: string, languageCode = "en", as = token) => step("generateAssistantPersona", "generate_assistant_persona", attemptId, { languageCode }, as);
const faq = (attemptId: string, as = token) => step("extractFaq", "extract_faq", attemptId, { languageCode: "en" }, as);
const urls = (attemptId: string, as = token) => step("extractUrls", "extract_urls", attemptId, { languageCode: "en" }, as);
const attempt = (attemptId: string, as = token) => call("getOnboardingAttempt", "GET", `/onboarding/attempt?attempt_id=${encodeURIComponent(attemptId)}`, undefined, as);
const screenshot = (attemptId: string, as = token) => call("getOnboardingScreenshot", "GET", `/onboarding/screenshot?attempt_id=${encodeURIComponent(attemptId)}`, undefined, as);

async function newAttempt(url = site.origin, as = token): Promise<string> {
  const response = await checkUrl(url, as);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ valid: true });
  return response.json().attempt_id as string;
}

describe("checking the website URL", () => {
  it("accepts a reachable website and starts an attempt at the address it ended on", async () => {
    const response = await checkUrl(`  ${site.origin}/start  `);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ status: "success", valid: true, code: null, message: "The URL is valid and safe.", attempt_id: expect.any(String) });
    expect(body.attempt_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(site.requests).toEqual(["/start", "/"]);
    expect((await attempt(body.attempt_id)).json().data.url).toBe(`${site.origin}/`);
  });

  it.each([
    ["", "no_url_provided", "Please enter a URL."],
    ["   ", "no_url_provided", "Please enter a URL."],
    ["http://", "url_parse_error", "The URL could not be processed."],
    ["https://exa mple.com", "url_parse_error", "The URL could not be processed."],
    ["intranet", "invalid_domain", "The domain is invalid."],
    ["https://-bad-.com", "invalid_domain", "The domain is invalid."],
    ["ftp://files.acme.nl/", "url_not_allowed", "This address cannot be fetched."],
    ["https://user:secret@acme.nl/", "url_not_allowed", "Addresses with a user name or password cannot be fetched. Remove them from the address."],
    ["https://acme.nl:8443/", "url_not_allowed", "Only the standard ports can be fetched (80 for http, 443 for https). Remove the port from the address."],
    ["www.live-casino-royal.com", "blocked_keyword", "The domain contains a blocked keyword."],
    ["https://sex-shop.nl", "blocked_keyword", "The domain contains a blocked keyword."],
    ["http://metadata.google.internal/", "domain_blocked", "This domain is blocked or not allowed."],
    ["printer.local", "domain_blocked", "This domain is blocked or not allowed."],
  ])("refuses %j with %s, sending nothing", async (url, code, message) => {
    const response = await checkUrl(url, refusedToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "success", valid: false, code, message, attempt_id: null });
    expect(guard.connections).toEqual([]);
  });

  it.each([
    ["http://10.0.0.1/", "a private address"],
    ["http://169.254.169.254/latest/meta-data/", "the cloud metadata address"],
    ["http://[::1]/", "IPv6 loopback"],
    ["http://[::ffff:127.0.0.1]/", "IPv4-mapped loopback"],
    ["https://intranet.acme.nl/", "a name that resolves to a private address"],
    ["https://mixed.acme.nl/", "a name with one public and one metadata address"],
  ])("flags %s (%s) as unsafe without a packet leaving", async (url) => {
    const response = await checkUrl(url, refusedToken);
    expect(response.json()).toMatchObject({ valid: false, code: "url_unsafe", attempt_id: null });
    expect(response.json().message).toMatch(/private or reserved network/);
    expect(guard.connections).toEqual([]);
    expect(guard.blocked).toEqual([]);
  });

  it("flags a redirect to the metadata address as unsafe, without following it", async () => {
    const response = await checkUrl(`${site.origin}/to-metadata`);
    expect(response.json()).toMatchObject({ valid: false, code: "url_unsafe" });
    expect(guard.blocked).toEqual([]);
    expect(guard.connections.every((connection) => connection.startsWith("127.0.0.1:"))).toBe(true);
  });

  it.each([
    ["/to-casino", "blocked_keyword"],
    ["/to-internal", "domain_blocked"],
  ])("judges the name a redirect ends on (%s: %s) and starts no attempt", async (path, code) => {
    const before = await ctx.database.db.query("SELECT id FROM onboarding_attempts");
    const response = await checkUrl(`${site.origin}${path}`, refusedToken);
    expect(response.json()).toMatchObject({ valid: false, code, attempt_id: null });
    expect(site.requests).toEqual([path, "/"]);
    expect(await ctx.database.db.query("SELECT id FROM onboarding_attempts")).toHaveLength(before.length);
  });

  it.each([
    ["an unknown name", () => "https://no-such-bakery.nl", /could not be found/],
    ["a closed port", () => `http://127.0.0.1:${deadPort}/`, /could not be reached/],
    ["an error status", () => `${site.origin}/broken`, /answered this address with an error/],
    ["no web page", () => `${site.origin}/brochure.pdf`, /does not lead to content/],
    ["a page nested 300,000 elements deep", () => `${site.origin}/deep`, /nests its parts too deeply to be read/],
  ])("answers domain_unreachable for %s, saying why", async (_what, url, why) => {
    const response = await checkUrl(url(), refusedToken);
    expect(response.json()).toMatchObject({ status: "success", valid: false, code: "domain_unreachable", attempt_id: null });
    expect(response.json().message).toMatch(why);
  });

  it("tries a site typed without a scheme as https, then as http when it has no TLS; never when https was typed", async () => {
    const plain = await checkUrl(site.host);
    expect(plain.json()).toMatchObject({ valid: true });
    expect((await attempt(plain.json().attempt_id)).json().data.url).toBe(`${site.origin}/`);
    const chosen = await checkUrl(`https://${site.host}`, refusedToken);
    expect(chosen.json()).toMatchObject({ valid: false, code: "domain_unreachable" });
  });

  it("goes on answering other requests while a slow website is being checked", async () => {
    const id = await newAttempt();
    const started = Date.now();
    const slow = checkUrl(`${site.origin}/slow`);
    const meanwhile = await attempt(id);
    expect(meanwhile.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(400);
    expect((await slow).json()).toMatchObject({ valid: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
  });

  it("goes on answering other requests while a page nested too deeply is checked", async () => {
    const id = await newAttempt();
    const deep = checkUrl(`${site.origin}/deep`);
    const meanwhile = await attempt(id);
    expect(meanwhile.statusCode).toBe(200);
    expect((await deep).json()).toMatchObject({ valid: false, code: "domain_unreachable" });
  });

  it("refuses wrong types, NUL bytes and over-long text with 400 naming the field", async () => {
    for (const payload of [{ url: 42 }, { url: ["https://acme.nl"] }, { url: "https://acme.nl/\u0000" }, { url: `https://acme.nl/${"a".repeat(2100)}` }, {}]) {
      const response = await call("checkOnboardingUrl", "POST", "/onboarding/check_url", payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ code: "validation_failed" });
      expect(response.json().message).toMatch(/url/);
    }
  });

  it("lets one user check 30 addresses in 15 minutes, then answers 429 with Retry-After", async () => {
    const { token: busy } = await ctx.createUser({ role: "customer_so" });
    const answers = await Promise.all(Array.from({ length: 30 }, () => checkUrl("intranet", busy)));
    expect(answers.map((response) => response.statusCode)).toEqual(Array(30).fill(200));
    const refused = await checkUrl(site.origin, busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "rate_limited" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Per user: another user is not held up by it.
    expect((await checkUrl("intranet", otherToken)).statusCode).toBe(200);
  });

  it("drops an unknown field, as every operation does (clients may send back what they read), and answers as without it", async () => {
    const response = await call("checkOnboardingUrl", "POST", "/onboarding/check_url", { url: "intranet", attempt_id: "x", constructor: 1 }, refusedToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "success", valid: false, code: "invalid_domain", message: "The domain is invalid.", attempt_id: null });
  });

  it("needs a signed-in user", async () => {
    const response = await ctx.app.inject({ method: "POST", url: "/api/onboarding/check_url", payload: { url: site.origin } });
    expect(response.statusCode).toBe(401);
    expectToMatchContract("checkOnboardingUrl", response);
  });
});

describe("the scan of a website", () => {
  it("proposes branding, persona, FAQ and URLs, stores them on the attempt and reads them back", async () => {
    const id = await newAttempt();

    site.requests.length = 0;
    const brandingAnswer = await branding(id);
    expect(brandingAnswer.statusCode, brandingAnswer.body).toBe(200);
    const expectedBranding = {
      // theme-color first, then by use: inline styles and the first two same-site stylesheets; greys, white,
      // black, translucent overlays, an id selector (#cafe) and a comment left out; the third stylesheet unread.
      primary_colors: ["#e4572e", "#2e86ab", "#f6ae2d"],
      // The header's (lazy-loaded) logo before an award's logo above it; then the icons and the preview image.
      logo_urls: [
        `${site.origin}/images/zonnebloem.svg`,
        `${site.origin}/images/award-logo.png`,
        `${site.origin}/apple-touch-icon.png`,
        `${site.origin}/favicon.png`,
        `${site.origin}/images/share.jpg`,
      ],
    };
    expect(brandingAnswer.json()).toEqual({ status: "success", branding: expectedBranding });
    expect(site.requests.sort()).toEqual(["/", "/css/site.css", "/css/theme.css"]);

    const english = await persona(id, "en");
    expect(english.statusCode).toBe(200);
    expect(english.json().persona).toEqual(templatePersona("en", { name: siteTexts.name, description: siteTexts.description }));
    expect(english.json().persona.entity_instruction).toMatch(/^You are the friendly digital assistant of Zonnebloem Bakery\./);
    expect(english.json().persona.entity_instruction).toContain(siteTexts.description);
    const dutch = await persona(id, "nl");
    expect(dutch.json().persona.entity_instruction).toMatch(/^Je bent de vriendelijke digitale assistent van Zonnebloem Bakery\./);
    expect(dutch.json().persona.goal_instruction).toContain("Zonnebloem Bakery");

    const faqAnswer = await faq(id);
    expect(faqAnswer.statusCode, faqAnswer.body).toBe(200);
    const expectedFaq = [
      { question: siteTexts.jsonLdQuestion, answer: siteTexts.jsonLdAnswer },
      { question: siteTexts.headingQuestion, answer: siteTexts.headingAnswer },
      { question: siteTexts.detailsQuestion, answer: siteTexts.detailsAnswer },
      { question: siteTexts.statementQuestion, answer: siteTexts.statementAnswer },
    ];
    expect(faqAnswer.json()).toEqual({ status: "success", faq: expectedFaq });

    const urlsAnswer = await urls(id);
    expect(urlsAnswer.statusCode, urlsAnswer.body).toBe(200);
    const expectedUrls = [
      { url: `${site.origin}/`, description: siteTexts.name },
      { url: `${site.origin}/about`, description: "About us" },
      { url: `${site.origin}/products`, description: "Our bread" },
      { url: `${site.origin}/faq`, description: "FAQ" },
      { url: `${site.origin}/contact`, description: "Contact" },
      { url: `${site.origin}/privacy`, description: "Privacy statement" },
      { url: `${site.origin}/blog/sourdough-tips`, description: "sourdough tips" },
    ];
    expect(urlsAnswer.json()).toEqual({ status: "success", urls: expectedUrls });

    const stored = await attempt(id);
    expect(stored.statusCode).toBe(200);
    expect(stored.json().data).toEqual({
      attempt_id: id,
      url: `${site.origin}/`,
      userId: expect.any(String),
      branding: expectedBranding,
      // The last run of a step is what is kept.
      persona: dutch.json().persona,
      faq: expectedFaq,
      urls: expectedUrls,
      screenshot_url: `${site.origin}/images/share.jpg`,
      created_at: expect.any(String),
    });
    expect(Date.now() - Date.parse(stored.json().data.created_at)).toBeLessThan(60_000);

    const shot = await screenshot(id);
    expect(shot.statusCode).toBe(200);
    expect(shot.json()).toEqual({ status: "success", url: `${site.origin}/images/share.jpg`, original_url: `${site.origin}/` });
  });

  it("proposes the same from a home page of 400 kB, which is read in the page parser's worker", async () => {
    const [small, large] = [await newAttempt(), await newAttempt(`${site.origin}/large`)];
    expect((await attempt(large)).json().data.url).toBe(`${site.origin}/large`);
    for (const run of [branding, faq]) {
      const [expected, answer] = [await run(small), await run(large)];
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual(expected.json());
    }
    // The list starts with the page itself, then the home page (its logo's link, named by the logo); then the same links.
    const [expectedUrls, largeUrls] = [(await urls(small)).json().urls, (await urls(large)).json().urls];
    expect(largeUrls.slice(0, 2)).toEqual([
      { url: `${site.origin}/large`, description: siteTexts.name },
      { url: `${site.origin}/`, description: "Zonnebloem" },
    ]);
    expect(largeUrls.slice(2)).toEqual(expectedUrls.slice(1));
  });

  it("reads the attempt's address, never the body's", async () => {
    const id = await newAttempt();
    site.requests.length = 0;
    const response = await call("discoverBranding", "POST", "/onboarding/discover_branding", { url: "http://169.254.169.254/", attemptId: id });
    expect(response.statusCode).toBe(200);
    expect(site.requests).toContain("/");
    expect(guard.blocked).toEqual([]);
  });

  it("answers a fresh attempt with nothing proposed yet, and null as screenshot for a site without og:image", async () => {
    const id = await newAttempt(`${site.origin}/about`);
    expect((await attempt(id)).json().data).toMatchObject({ branding: null, persona: null, faq: [], urls: [], screenshot_url: null });
    expect((await screenshot(id)).json()).toEqual({ status: "success", url: null, original_url: `${site.origin}/about` });
  });

  it("answers 503 domain_unreachable when the website stopped answering after the check", async () => {
    const id = await newAttempt(`${site.origin}/about`);
    await ctx.database.db.query("UPDATE onboarding_attempts SET url = $1 WHERE id = $2", [`http://127.0.0.1:${deadPort}/`, id]);
    for (const response of [await branding(id), await faq(id), await urls(id)]) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: "domain_unreachable" });
    }
    // The persona needs no fetch: the check kept the site's name.
    expect((await persona(id)).statusCode).toBe(200);
  });

  it("runs two scans of one user at once", async () => {
    const [first, second] = await Promise.all([checkUrl(site.origin), checkUrl(`${site.origin}/start`)]);
    const ids = [first.json().attempt_id as string, second.json().attempt_id as string];
    expect(ids[0]).not.toBe(ids[1]);
    const results = await Promise.all(ids.flatMap((id) => [branding(id), faq(id), urls(id)]));
    expect(results.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const id of ids) expect((await attempt(id)).json().data.faq).toHaveLength(4);
  });
});

describe("attempts are their user's own", () => {
  it("answers 404 to another user, an admin included, and changes nothing", async () => {
    const id = await newAttempt();
    await branding(id);
    for (const as of [otherToken, adminToken]) {
      expect((await attempt(id, as)).statusCode).toBe(404);
      expect((await screenshot(id, as)).statusCode).toBe(404);
      expect((await branding(id, as)).statusCode).toBe(404);
      expect((await persona(id, "en", as)).statusCode).toBe(404);
      expect((await faq(id, as)).statusCode).toBe(404);
      expect((await urls(id, as)).statusCode).toBe(404);
    }
    expect((await attempt(id)).json().data).toMatchObject({ persona: null, faq: [], urls: [] });
  });

  it("keeps a user's 20 newest attempts, and never touches another user's", async () => {
    const { user } = await ctx.createUser({ role: "customer_so" });
    const { user: neighbour } = await ctx.createUser({ role: "customer_so" });
    const facts = { name: "Acme", description: "", image: null, excerpt: "" };
    const theirs = await insertAttempt(ctx.database.db, neighbour.id, "https://acme.nl/", facts);
    const ids: string[] = [];
    for (let index = 0; index <= onboardingScanLimits.attemptsKept; index += 1) ids.push((await insertAttempt(ctx.database.db, user.id, `https://acme.nl/${index}`, facts)).id);
    const kept = await ctx.database.db.query<{ id: string }>("SELECT id FROM onboarding_attempts WHERE user_id = $1", [user.id]);
    expect(kept.map((row) => row.id).sort()).toEqual(ids.slice(1).sort());
    expect(await findAttempt(ctx.database.db, neighbour.id, theirs.id)).toEqual(theirs);
  });

  it("answers 404 to an unknown or malformed id and 400 to an over-long one or a wrong type", async () => {
    expect((await attempt("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await attempt("not-an-id")).statusCode).toBe(404);
    expect((await screenshot("' OR 1=1 --")).statusCode).toBe(404);
    expect((await attempt("a".repeat(65))).statusCode).toBe(400);
    expect((await call("extractFaq", "POST", "/onboarding/extract_faq", { url: "x", languageCode: "en", attemptId: 42 })).statusCode).toBe(400);
    const missing = await call("getOnboardingAttempt", "GET", "/onboarding/attempt");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/attempt_id/);
  });

  it("refuses a language the wizard does not offer and text with NUL, naming the field", async () => {
    const id = await newAttempt();
    const language = await persona(id, "it");
    expect(language.statusCode).toBe(400);
    expect(language.json().message).toMatch(/languageCode/);
    const nul = await step("extractUrls", "extract_urls", id, { languageCode: "en", url: "https://acme.nl/\u0000" });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/url/);
  });
});

describe("the persona with a language model", () => {
  let llm: LlmServer;
  let modelCtx: TestContext;
  let modelToken: string;

  beforeAll(async () => {
    llm = await startLlmServer();
    modelCtx = await createTestContext({
      outboundAllowedHosts: [site.host],
      llm: { openai: { baseUrl: llm.baseUrl, apiKey: llm.apiKey, models: { "gpt-4o-default": "gpt-4o" }, timeoutMs: 2_000, firstTokenTimeoutMs: 1_500 } },
    });
    modelToken = (await modelCtx.createUser({ role: "customer_so" })).token;
  });
  afterAll(async () => {
    await modelCtx?.close();
    await llm?.close();
  });

  async function modelPersona(languageCode: string) {
    const check = await modelCtx.app.inject({ method: "POST", url: "/api/onboarding/check_url", headers: bearer(modelToken), payload: { url: site.origin } });
    const attemptId = check.json().attempt_id as string;
    const response = await modelCtx.app.inject({
      method: "POST",
      url: "/api/onboarding/generate_assistant_persona",
      headers: bearer(modelToken),
      payload: { url: site.origin, languageCode, attemptId },
    });
    expectToMatchContract("generateAssistantPersona", response);
    return response;
  }

  it("proposes the model's texts, asked in the wizard's language with the site's data fenced off", async () => {
    llm.reply({ text: '```json\n{"entity_instruction": "Je bent de assistent van Zonnebloem.", "goal_instruction": "Help bezoekers met brood."}\n```' });
    const response = await modelPersona("nl");
    expect(response.json()).toEqual({ status: "success", persona: { entity_instruction: "Je bent de assistent van Zonnebloem.", goal_instruction: "Help bezoekers met brood." } });
    const request = llm.requests.at(-1)!;
    expect(request.body.model).toBe("gpt-4o");
    expect(request.body.messages?.[0]?.content).toContain("Dutch");
    expect(request.body.messages?.[1]?.content).toContain(siteTexts.description);
  });

  it("falls back to the template when the model fails or answers something else", async () => {
    for (const reply of [{ error: { status: 500, body: { error: { message: "boom", type: "server_error" } } } }, { text: "I cannot help with that." }]) {
      llm.reset();
      llm.reply(reply);
      const response = await modelPersona("de");
      expect(response.statusCode).toBe(200);
      expect(response.json().persona).toEqual(templatePersona("de", { name: siteTexts.name, description: siteTexts.description }));
      expect(llm.requests.length).toBeGreaterThan(0);
    }
  });
});
