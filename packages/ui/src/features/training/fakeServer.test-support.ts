import { createParleyClient } from "@parley/sdk";

export interface SeenCall {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The JSON body, or the fields of a multipart body (files by name). */
  body: unknown;
  /** The bearer token the call carried. */
  token: string | null;
}

/** An answer: JSON by default; a file (a string body) when `contentType` names another type. */
type Answered = { status?: number; body: unknown; contentType?: string; headers?: Record<string, string> };
export type Answer = Answered | Promise<Answered>;
export type Route = (call: SeenCall) => Answer;

/** A problem body as the contract's error answers carry it. */
export function problem(status: number, code: string, message: string) {
  return { status, body: { type: "about:blank", title: "Error", status, code, message } };
}

async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    const form = await request.formData();
    return Object.fromEntries([...form.entries()].map(([name, value]) => [name, typeof value === "string" ? value : value.name]));
  }
  const text = await request.text();
  return text === "" ? undefined : (JSON.parse(text) as unknown);
}

/**
 * The SDK client over a stubbed fetch that answers the training calls by `METHOD /path` as the
 * contract shapes them, and records every call. The token is a fixed one unless `getToken` reads another.
 */
export function fakeTrainingServer(routes: Record<string, Route>, { getToken = () => "a-token" }: { getToken?: () => string | null } = {}) {
  const calls: SeenCall[] = [];
  const api = createParleyClient({
    baseUrls: { configurationServer: "http://portal.test/api", chatServer: "http://portal.test/api", chatbotBackend: "http://portal.test/api" },
    getToken,
    fetch: async (request) => {
      const url = new URL(request.url);
      const call: SeenCall = { method: request.method, path: url.pathname.replace(/^\/api/, ""), query: Object.fromEntries(url.searchParams), body: await bodyOf(request), token: request.headers.get("authorization")?.replace(/^Bearer /, "") ?? null };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      const answer: Answered = route ? await route(call) : problem(404, "not_found", "Not found");
      // As a browser's fetch does: a request cancelled while it waited never gets its answer.
      if (request.signal.aborted) throw new DOMException("The operation was aborted.", "AbortError");
      const status = answer.status ?? 200;
      if (answer.contentType) return new Response(answer.body as string, { status, headers: { ...answer.headers, "content-type": answer.contentType } });
      return new Response(JSON.stringify(answer.body), { status, headers: { ...answer.headers, "content-type": status >= 400 ? "application/problem+json" : "application/json" } });
    },
  });
  return { api, calls, callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key) };
}

/** A `create_articles` answer storing and indexing every entry, the ids made by `idOf` (by the entry's text). */
export function createdArticles(entries: readonly { text: string }[], idOf: (text: string) => string) {
  return {
    status: "success",
    created: entries.length,
    duplicates: 0,
    indexed: entries.length,
    failed: 0,
    articles: entries.map((entry, position) => ({ position, _id: idOf(entry.text), created: true, indexed: true })),
  };
}

/** An article as the contract's Article schema describes it. */
export function storedArticle(fields: { _id: string; text: string; source: string; subject?: string | null; indexed?: boolean; dateModified?: string }) {
  const wordCount = fields.text.split(/\s+/).filter(Boolean).length;
  return {
    configuration_id: "c1",
    subject: null,
    wordCount,
    splitLength: 500,
    splitOverlap: 0,
    dateModified: "2026-11-20T10:00:00.000Z",
    indexed: true,
    ...fields,
  };
}
