import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toProblem } from "./platform/http/problem";
import { createTestContext, expectToMatchContract, type TestContext } from "./test/context";

let ctx: TestContext;
let customer: string;
let admin: string;
let widget: string;
beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), "parley-dist-"));
  customer = join(root, "customer");
  admin = join(root, "admin");
  await mkdir(join(customer, "assets"), { recursive: true });
  await writeFile(join(customer, "index.html"), "<!doctype html><title>customer portal</title>");
  await writeFile(join(customer, "assets", "app.js"), "console.log('customer')");
  widget = join(root, "widget");
  await mkdir(join(widget, "assets"), { recursive: true });
  await writeFile(join(widget, "index.html"), "<!doctype html><title>chat widget</title>");
  await writeFile(join(widget, "loader.js"), "(function(){})()");
  await writeFile(join(widget, "assets", "index-Wd9kQ2aZ.js"), "console.log('widget')");
  // The admin portal is left unbuilt on purpose.
  ctx = await createTestContext({ portals: { customer, admin, widget } });
});
afterAll(async () => {
  await ctx?.close();
});

describe("HTTP platform", () => {
  it("sends pages security headers with a CSP that lets the portals run", async () => {
    for (const url of ["/", "/admin/login"]) {
      const response = await ctx.app.inject({ method: "GET", url });
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      const csp = String(response.headers["content-security-policy"]);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("connect-src 'self' ws: wss:");
      expect(csp, url).not.toContain("upgrade-insecure-requests");
      expect(response.headers["cross-origin-opener-policy"], url).toBe("same-origin");
    }
    const docs = await ctx.app.inject({ method: "GET", url: "/api/docs/" });
    expect(docs.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(String(docs.headers["content-security-policy"])).toContain("default-src 'self'");
  });

  it("sends JSON answers of the API the API headers: nothing may run, be framed or be cached", async () => {
    for (const [url, status] of [
      ["/api/auth/methods", 200],
      ["/api/customers", 401],
      ["/api/no-such-call", 404],
    ] as const) {
      const response = await ctx.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers["content-security-policy"], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["x-frame-options"], url).toBe("DENY");
      expect(response.headers["cache-control"], url).toBe("no-store");
      expect(response.headers["cross-origin-opener-policy"], url).toBeUndefined();
    }
  });

  it("allows CORS for a configured portal origin only", async () => {
    const allowed = await ctx.app.inject({ method: "GET", url: "/api/auth/methods", headers: { origin: "http://portal.test" } });
    expect(allowed.headers["access-control-allow-origin"]).toBe("http://portal.test");
    const other = await ctx.app.inject({ method: "GET", url: "/api/auth/methods", headers: { origin: "http://evil.test" } });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("protected operations answer 401 authentication_required without a token and invalid_token for a bad one", async () => {
    const none = await ctx.app.inject({ method: "GET", url: "/api/customers" });
    expect(none.statusCode).toBe(401);
    expectToMatchContract("listCustomers", none);
    expect(none.json().code).toBe("authentication_required");
    const bad = await ctx.app.inject({ method: "GET", url: "/api/customers", headers: { authorization: "Bearer abc.def.ghi" } });
    expect(bad.json().code).toBe("invalid_token");
  });

  it("validates the X-Session-Id header from the contract", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/auth/methods", headers: { "x-session-id": "x".repeat(200) } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe("x-session-id");
  });

  it("serves the browsable contract at /api/docs", async () => {
    const page = await ctx.app.inject({ method: "GET", url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Swagger UI");
    const json = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(json.json().paths["/login"]).toBeDefined();
  });

  it("answers unknown /api paths with a 404 problem", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/nope", headers: { accept: "text/html" } });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json()).toMatchObject({ code: "not_found", status: 404 });
  });

  it("serves the customer portal with SPA fallback, and a build hint for the unbuilt admin portal", async () => {
    const asset = await ctx.app.inject({ method: "GET", url: "/assets/app.js" });
    expect(asset.body).toContain("customer");
    const deep = await ctx.app.inject({ method: "GET", url: "/assistant/faq", headers: { accept: "text/html" } });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain("customer portal");
    const admin = await ctx.app.inject({ method: "GET", url: "/admin/users", headers: { accept: "text/html" } });
    expect(admin.body).toContain("The admin portal is not built yet");
    const missingAsset = await ctx.app.inject({ method: "GET", url: "/assets/missing.js", headers: { accept: "*/*" } });
    expect(missingAsset.statusCode).toBe(404);
  });

  it("serves Parley's icon where the portals name it and where browsers look for one", async () => {
    for (const url of ["/favicon.svg", "/favicon.ico"]) {
      const icon = await ctx.app.inject({ method: "GET", url, headers: { accept: "image/avif,image/webp,image/*,*/*" } });
      expect(icon.statusCode, url).toBe(200);
      expect(icon.headers["content-type"], url).toContain("image/svg+xml");
      expect(icon.body, url).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
  });

  it("serves files written to a portal build after the server started, caching only hashed assets", async () => {
    const before = await ctx.app.inject({ method: "GET", url: "/assets/index-Bx7kQ2aZ.js", headers: { accept: "*/*" } });
    expect(before.statusCode).toBe(404);
    await writeFile(join(customer, "assets", "index-Bx7kQ2aZ.js"), "console.log('rebuilt')");
    await writeFile(join(customer, "index.html"), "<!doctype html><title>rebuilt customer portal</title>");

    const asset = await ctx.app.inject({ method: "GET", url: "/assets/index-Bx7kQ2aZ.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe("console.log('rebuilt')");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    for (const url of ["/", "/index.html", "/assistant/faq"]) {
      const page = await ctx.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain("rebuilt customer portal");
      expect(page.headers["cache-control"], url).toBe("no-cache");
    }
    const unhashed = await ctx.app.inject({ method: "GET", url: "/assets/app.js" });
    expect(unhashed.headers["cache-control"]).toBe("no-cache");
  });

  it("serves the admin portal once it is built while the server runs", async () => {
    await mkdir(join(admin, "assets"), { recursive: true });
    await writeFile(join(admin, "index.html"), "<!doctype html><title>admin portal</title>");
    await writeFile(join(admin, "assets", "admin-C9dE3fGh.css"), "body{}");
    const home = await ctx.app.inject({ method: "GET", url: "/admin/", headers: { accept: "text/html" } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain("admin portal");
    const deep = await ctx.app.inject({ method: "GET", url: "/admin/users", headers: { accept: "text/html" } });
    expect(deep.body).toContain("admin portal");
    const css = await ctx.app.inject({ method: "GET", url: "/admin/assets/admin-C9dE3fGh.css" });
    expect(css.statusCode).toBe(200);
    expect(css.headers["content-type"]).toContain("text/css");
    const apiMiss = await ctx.app.inject({ method: "GET", url: "/api/portal.html", headers: { accept: "text/html" } });
    expect(apiMiss.statusCode).toBe(404);
    expect(apiMiss.headers["content-type"]).toContain("application/problem+json");
  });

  it("serves the widget: a briefly cached loader any origin may load, and a page any origin may frame", async () => {
    const loader = await ctx.app.inject({ method: "GET", url: "/widget/loader.js", headers: { origin: "https://shop.example" } });
    expect(loader.statusCode).toBe(200);
    expect(loader.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(loader.headers["cache-control"]).toBe("public, max-age=300");
    expect(loader.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(loader.headers["x-content-type-options"]).toBe("nosniff");

    for (const url of ["/widget/", "/widget/?configuration_id=c1&page_url=https%3A%2F%2Fshop.example%2F"]) {
      const page = await ctx.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain("chat widget");
      expect(page.headers["cache-control"], url).toBe("no-cache");
      expect(page.headers["x-frame-options"], url).toBeUndefined();
      const csp = String(page.headers["content-security-policy"]);
      expect(csp, url).toContain("frame-ancestors *");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("connect-src 'self' ws: wss:");
      // A reload revalidates the page: the 304 must let any origin frame it too.
      const revalidated = await ctx.app.inject({ method: "GET", url, headers: { accept: "text/html", "if-none-match": String(page.headers.etag) } });
      expect(revalidated.statusCode, url).toBe(304);
      expect(revalidated.headers["x-frame-options"], url).toBeUndefined();
      expect(String(revalidated.headers["content-security-policy"]), url).toContain("frame-ancestors *");
    }
    const redirect = await ctx.app.inject({ method: "GET", url: "/widget?configuration_id=c1" });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe("/widget/?configuration_id=c1");

    const asset = await ctx.app.inject({ method: "GET", url: "/widget/assets/index-Wd9kQ2aZ.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // A missing widget file is a 404, not a portal page inside a customer's frame.
    const missing = await ctx.app.inject({ method: "GET", url: "/widget/missing.html", headers: { accept: "text/html" } });
    expect(missing.statusCode).toBe(404);
    // The portals stay unframeable.
    const portal = await ctx.app.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
    expect(String(portal.headers["content-security-policy"])).toContain("frame-ancestors 'self'");
  });

  it("reports health with the database", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expectToMatchContract("getHealth", response);
    expect(response.json()).toMatchObject({ status: "ok", database: "ok" });
  });

  it("never shows internals in a 500", () => {
    const request = { log: { error: () => undefined } } as never;
    const body = toProblem(new Error("SELECT secret FROM internals failed"), request);
    expect(body).toEqual({ type: "about:blank", title: "Internal Server Error", status: 500, code: "unexpected_error", message: "Unexpected error" });
  });
});

describe("dev mailbox (embedded mailer)", () => {
  it("lets a newcomer register with the code from the mailbox, sign in, and be refused another tenant's data", async () => {
    const local = await createTestContext({ mail: "outbox" });
    try {
      const email = "newcomer@example.test";
      const password = "Newcomer-pass1!";
      const started = await local.app.inject({
        method: "POST",
        url: "/api/register",
        payload: { firstname: "New", lastname: "Comer", email, password, confirmPassword: password, languageCode: "fr" },
      });
      expect(started.statusCode).toBe(200);

      const mailbox = await local.app.inject({ method: "GET", url: "/api/dev/mailbox.json" });
      expectToMatchContract("listDevMailbox", mailbox);
      const [message] = mailbox.json().messages;
      expect(message).toMatchObject({ to: email, subject: "Votre code de vérification Parley" });
      const otp = /\b(\d{6})\b/.exec(message.text)![1]!;
      const page = await local.app.inject({ method: "GET", url: "/api/dev/mailbox" });
      expect(page.body).toContain(otp);
      // A page, so it gets the page headers (its styles would not load under the API's CSP).
      expect(String(page.headers["content-security-policy"])).toContain("style-src 'self' 'unsafe-inline'");

      const done = await local.app.inject({ method: "POST", url: "/api/validate-otp", payload: { email, otp } });
      expect(done.statusCode).toBe(200);
      const login = await local.app.inject({ method: "POST", url: "/api/login", payload: { username: email, password } });
      const token = login.json().token as string;

      const otherCustomer = await local.createCustomer("Somebody Else");
      const refused = await local.app.inject({ method: "GET", url: `/api/customer?_id=${otherCustomer}`, headers: { authorization: `Bearer ${token}` } });
      expect(refused.statusCode).toBe(404);
    } finally {
      await local.close();
    }
  });

  it("answers only the machine itself, never a cache, and not at all in production", async () => {
    const local = await createTestContext({ mail: "outbox" });
    const previous = process.env.NODE_ENV;
    try {
      await local.app.inject({ method: "POST", url: "/api/password-reset/request", payload: { email: "someone@example.test" } });
      for (const url of ["/api/dev/mailbox.json", "/api/dev/mailbox"]) {
        for (const remoteAddress of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) {
          const here = await local.app.inject({ method: "GET", url, remoteAddress });
          expect(here.statusCode, `${url} from ${remoteAddress}`).toBe(200);
          expect(here.headers["cache-control"]).toBe("no-store");
        }
        // Forwarded-for headers name no socket: a proxied request from elsewhere is still from elsewhere.
        for (const remoteAddress of ["203.0.113.7", "10.0.0.2", "::ffff:192.168.1.5", "2001:db8::1"]) {
          const away = await local.app.inject({ method: "GET", url, remoteAddress, headers: { "x-forwarded-for": "127.0.0.1" } });
          expect(away.statusCode, `${url} from ${remoteAddress}`).toBe(404);
          expect(away.body).not.toContain("someone@example.test");
        }
      }
    } finally {
      await local.close();
    }
    process.env.NODE_ENV = "production";
    const production = await createTestContext({ mail: "outbox" });
    try {
      const response = await production.app.inject({ method: "GET", url: "/api/dev/mailbox.json" });
      expect(response.statusCode).toBe(404);
      expectToMatchContract("listDevMailbox", response);
    } finally {
      process.env.NODE_ENV = previous;
      await production.close();
    }
  });

  it("is not served when mail goes through SMTP", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/dev/mailbox.json" });
    expect(response.statusCode).toBe(404);
  });
});
