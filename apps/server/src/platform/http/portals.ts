import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic, { type SetHeadersResponse } from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { problem, sendProblem } from "./problem";

export interface PortalFolders {
  /** Build of the customer portal, served at `/`. */
  customer: string;
  /** Build of the admin portal, served at `/admin/`. */
  admin: string;
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
 * Serves the portal builds on the API's origin: the customer portal at `/`, the admin portal at
 * `/admin/`, each falling back to its index.html for client-side routes. Unknown `/api` paths and
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

  const isBuilt = (folder: string) => existsSync(join(folder, "index.html"));
  const sendIndex = (reply: FastifyReply, folder: string) => {
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").sendFile("index.html", folder);
  };

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (path === "/api" || path.startsWith("/api/") || !wantsHtml(request)) {
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
