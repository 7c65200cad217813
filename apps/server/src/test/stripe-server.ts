import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback server that answers Stripe's `POST /v1/checkout/sessions` as Stripe does, so the billing module is
 * tested through Stripe's official SDK over real HTTP: form-encoded parameters (`line_items[0][price_data][…]`),
 * `Authorization: Bearer sk_…`, idempotency keys replayed (`idempotent-replayed: true`), a `request-id` on every
 * answer, and Stripe's error bodies: 401 for a wrong key, 400 `amount_too_small` below €0.50 and for a missing
 * parameter, 500 `api_error` (with `stripe-should-retry`) while `failing`. Every request is recorded.
 */

export interface RecordedStripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form parameters as sent, flat: `{ "line_items[0][price_data][unit_amount]": "12100", … }`. */
  params: Record<string, string>;
}

export interface StripeServer {
  /** The API origin (`STRIPE_API_URL`). */
  apiUrl: string;
  secretKey: string;
  requests: RecordedStripeRequest[];
  /** The sessions made, by Stripe id. */
  sessions: Map<string, Record<string, unknown>>;
  /** While true, every request is answered 500 as Stripe answers an internal error. */
  failing: boolean;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

export async function startStripeServer(secretKey = `sk_test_${randomBytes(12).toString("hex")}`): Promise<StripeServer> {
  const replays = new Map<string, { status: number; body: unknown }>();
  const state: StripeServer = {
    apiUrl: "",
    secretKey,
    requests: [],
    sessions: new Map(),
    failing: false,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
    },
  };

  const server = createServer(async (request, response) => {
    const raw = await bodyOf(request);
    const params = Object.fromEntries(new URLSearchParams(raw));
    const path = new URL(request.url ?? "/", "http://loopback").pathname;
    state.requests.push({ method: request.method ?? "", path, headers: request.headers, params });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, {
        "content-type": "application/json",
        "request-id": `req_${randomBytes(7).toString("hex")}`,
        "stripe-version": String(request.headers["stripe-version"] ?? "2025-11-17.clover"),
        ...headers,
      });
      response.end(JSON.stringify(body));
    };
    const invalid = (status: number, error: Record<string, unknown>) => send(status, { error: { type: "invalid_request_error", ...error } });

    const key = (request.headers.authorization ?? "").replace(/^Bearer /, "");
    if (key !== secretKey) {
      invalid(401, { message: `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` });
      return;
    }
    if (state.failing) {
      send(500, { error: { type: "api_error", message: "An unknown error occurred" } }, { "stripe-should-retry": "true" });
      return;
    }
    if (request.method !== "POST" || path !== "/v1/checkout/sessions") {
      invalid(404, { message: `Unrecognized request URL (${request.method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.` });
      return;
    }
    const idempotencyKey = request.headers["idempotency-key"];
    const replay = typeof idempotencyKey === "string" ? replays.get(idempotencyKey) : undefined;
    if (replay) {
      send(replay.status, replay.body, { "idempotent-replayed": "true", "idempotency-key": String(idempotencyKey) });
      return;
    }
    for (const required of ["mode", "success_url"]) {
      if (!params[required]) {
        invalid(400, { code: "parameter_missing", param: required, message: `Missing required param: ${required}.` });
        return;
      }
    }
    let total = 0;
    for (let index = 0; params[`line_items[${index}][quantity]`] !== undefined; index++) {
      total += Number(params[`line_items[${index}][quantity]`]) * Number(params[`line_items[${index}][price_data][unit_amount]`] ?? 0);
    }
    if (total < 50) {
      invalid(400, { code: "amount_too_small", param: "line_items", message: "The Checkout Session's total amount due must add up to at least €0.50 eur" });
      return;
    }
    const id = `cs_test_${randomBytes(24).toString("base64url")}`;
    const metadata = Object.fromEntries(
      Object.entries(params)
        .filter(([name]) => name.startsWith("metadata["))
        .map(([name, value]) => [name.slice("metadata[".length, -1), value]),
    );
    const session = {
      id,
      object: "checkout.session",
      amount_subtotal: total,
      amount_total: total,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created: Math.floor(Date.now() / 1000),
      currency: params["line_items[0][price_data][currency]"] ?? "eur",
      customer: null,
      customer_email: params.customer_email ?? null,
      expires_at: params.expires_at ? Number(params.expires_at) : Math.floor(Date.now() / 1000) + 24 * 3600,
      livemode: false,
      locale: params.locale ?? null,
      metadata,
      mode: params.mode,
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      success_url: params.success_url,
      url: `https://checkout.stripe.com/c/pay/${id}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
    };
    state.sessions.set(id, session);
    if (typeof idempotencyKey === "string") replays.set(idempotencyKey, { status: 200, body: session });
    send(200, session, typeof idempotencyKey === "string" ? { "idempotency-key": idempotencyKey } : {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
