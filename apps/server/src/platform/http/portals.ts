import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
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

/**
 * Serves the portal builds on the API's origin: the customer portal at `/`, the admin portal at
 * `/admin/`, each falling back to its index.html for client-side routes. Unknown `/api` paths and
 * requests that do not want HTML answer a 404 problem.
 */
export async function registerPortals(app: FastifyInstance, folders: PortalFolders): Promise<void> {
  const customerBuilt = existsSync(join(folders.customer, "index.html"));
  const adminBuilt = existsSync(join(folders.admin, "index.html"));

  if (customerBuilt) {
    await app.register(fastifyStatic, { root: folders.customer, prefix: "/", wildcard: false, index: "index.html" });
  }
  if (adminBuilt) {
    await app.register(fastifyStatic, {
      root: folders.admin,
      prefix: "/admin/",
      decorateReply: !customerBuilt,
      wildcard: false,
      index: "index.html",
    });
  }
  app.get("/admin", (_request, reply) => reply.redirect("/admin/"));

  const sendIndex = (reply: FastifyReply, folder: string) => {
    return reply.type("text/html; charset=utf-8").sendFile("index.html", folder);
  };

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (path === "/api" || path.startsWith("/api/") || !wantsHtml(request)) {
      return sendProblem(reply, problem(404, "not_found", `No route ${request.method} ${path}`));
    }
    if (path === "/admin" || path.startsWith("/admin/")) {
      if (adminBuilt) return sendIndex(reply, folders.admin);
      return reply.code(200).type("text/html; charset=utf-8").send(notBuiltPage("admin portal", "pnpm --filter @parley/admin-portal build"));
    }
    if (customerBuilt) return sendIndex(reply, folders.customer);
    return reply.code(200).type("text/html; charset=utf-8").send(notBuiltPage("customer portal", "pnpm --filter @parley/customer-portal build"));
  });
}
