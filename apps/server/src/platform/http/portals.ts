import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic, { type SetHeadersResponse } from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { registerFavicon } from "./favicon";
import { problem, sendProblem } from "./problem";

export interface PortalFolders {
  /** Build of the customer portal, served at `/`. */
  customer: string;
  /** Build of the admin portal, served at `/admin/`. */
  admin: string;
  /** Build of the chat widget (loader script and iframe app), served at `/widget/`. */
  widget: string;
}

function notBuiltPage(name: string, command: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Parley</title></head>
<body style="font-family:system-ui,sans-serif;max-width:640px;margin:3rem auto">
<h1>The ${name} is not built yet</h1>
<p>Run <code>${command}</code> (or <code>pnpm start</code>, which builds everything) and reload.</p>
<p>The API is running: see <a href="/api/docs">/api/docs</a>.</p></body></html>`;
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.method === "GET" || request.method === "HEAD") && (request.headers.accept ?? "").includes("text/html");
}

/** Vite names its bundles `assets/<name>-<hash>.<ext>`; such a file never changes under its name. */
const hashedAsset = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/**
 * Hashed assets may be cached forever; everything else (index.html above all, which names the current
 * hashes) must be revalidated so a rebuild is picked up on the next load.
 */
function setCacheHeaders(response: SetHeadersResponse, path: string): void {
  response.setHeader("cache-control", hashedAsset.test(path) ? "public, max-age=31536000, immutable" : "no-cache");
}

/**
 * The iframe chat app is framed by customers' websites, any origin (later: the configuration's allowed
 * origins), so its page allows every frame ancestor and drops X-Frame-Options. It is served from the
 * portals' origin, so it shares their storage (the portal's sign-in token included): it runs no HTML it
 * has not passed through its allow-list sanitiser, and a deployment that wants a wall between them serves
 * `/widget/` from its own host (the SDK keeps the chatbot backend's base URL separate for that).
 */
export const widgetPageContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "frame-ancestors *",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

/** Customers' pages name the loader without a hash, so it is cached briefly: a new build reaches them within minutes. */
const loaderCacheControl = "public, max-age=300";

async function registerWidget(app: FastifyInstance, folder: string): Promise<void> {
  await app.register(async (widget) => {
    widget.addHook("onSend", async (request, reply, payload) => {
      const path = request.url.split("?")[0] ?? "";
      // Other origins load the loader with a script tag and frame the page: both must be fetchable cross-origin.
      reply.header("cross-origin-resource-policy", "cross-origin");
      if (path === "/widget/loader.js") {
        reply.header("content-type", "text/javascript; charset=utf-8").header("cache-control", loaderCacheControl);
      } else if (hashedAsset.test(path)) {
        reply.header("cache-control", "public, max-age=31536000, immutable");
      } else {
        reply.header("cache-control", "no-cache");
      }
      // Every answer here, not only HTML: a 304 revalidating the page has no content type, and with the
      // portals' framing headers on it the browser would refuse the widget after a reload.
      reply.header("content-security-policy", widgetPageContentSecurityPolicy).removeHeader("x-frame-options");
      return payload;
    });
    await widget.register(fastifyStatic, { wildcard: true, index: "index.html", cacheControl: false, root: folder, prefix: "/widget/", decorateReply: false });
  });
}

/**
 * Serves the portal builds on the API's origin: the customer portal at `/`, the admin portal at
 * `/admin/`, the widget at `/widget/`; each portal falls back to its index.html for client-side routes. Unknown `/api` paths and
 * requests that do not want HTML answer a 404 problem.
 *
 * Files are looked up when requested (wildcard routes), not listed at start, so a portal rebuilt or
 * built for the first time while the server runs is served without a restart.
 */
export async function registerPortals(app: FastifyInstance, folders: PortalFolders): Promise<void> {
  const staticOptions = { wildcard: true, index: "index.html", cacheControl: false, setHeaders: setCacheHeaders } as const;
  await app.register(fastifyStatic, { ...staticOptions, root: folders.customer, prefix: "/" });
  await app.register(fastifyStatic, { ...staticOptions, root: folders.admin, prefix: "/admin/", decorateReply: false });
  app.get("/admin", (_request, reply) => reply.redirect("/admin/"));
  await registerWidget(app, folders.widget);
  app.get("/widget", (request, reply) => reply.redirect(`/widget/${request.url.slice("/widget".length)}`));
  registerFavicon(app);

  const isBuilt = (folder: string) => existsSync(join(folder, "index.html"));
  const sendIndex = (reply: FastifyReply, folder: string) => {
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").sendFile("index.html", folder);
  };

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    // A widget file that does not exist is a 404, never a portal page inside a customer's frame.
    if (path === "/api" || path.startsWith("/api/") || path.startsWith("/widget/") || !wantsHtml(request)) {
      return sendProblem(reply, problem(404, "not_found", `No route ${request.method} ${path}`));
    }
    if (path === "/admin" || path.startsWith("/admin/")) {
      if (isBuilt(folders.admin)) return sendIndex(reply, folders.admin);
      return reply.code(200).type("text/html; charset=utf-8").send(notBuiltPage("admin portal", "pnpm --filter @parley/admin-portal build"));
    }
    if (isBuilt(folders.customer)) return sendIndex(reply, folders.customer);
    return reply.code(200).type("text/html; charset=utf-8").send(notBuiltPage("customer portal", "pnpm --filter @parley/customer-portal build"));
  });
}
