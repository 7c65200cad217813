import type { FastifyInstance } from "fastify";

/**
 * Parley's icon, a speech bubble: the portals name it (`/favicon.svg`), and browsers ask `/favicon.ico` for
 * every page that names none (the API docs, the widget's page opened on its own, the dev mailbox), which would
 * otherwise be a 404 in the console of each.
 */
export const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#6d28d9"/><path d="M8 9.5A2.5 2.5 0 0 1 10.5 7h11A2.5 2.5 0 0 1 24 9.5v8a2.5 2.5 0 0 1-2.5 2.5H15l-4.5 4v-4h0A2.5 2.5 0 0 1 8 17.5z" fill="#fff"/></svg>`;

export function registerFavicon(app: FastifyInstance): void {
  for (const url of ["/favicon.svg", "/favicon.ico"]) {
    // A day: the icon changes with a release at most, and a stale one harms nothing.
    app.get(url, (_request, reply) => reply.type("image/svg+xml").header("cache-control", "public, max-age=86400").send(faviconSvg));
  }
}
