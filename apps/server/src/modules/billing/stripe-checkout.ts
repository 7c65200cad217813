/**
 * Stripe Checkout through Stripe's official SDK: a hosted payment page for one checkout session of ours. The
 * session is ours first (id, amounts, invoice line); Stripe's carries our id as `client_reference_id`, which
 * its webhook events give back. Configured by `STRIPE_SECRET_KEY`; without it the built-in checkout page is the
 * embedded default.
 */
import Stripe from "stripe";
import type { LanguageCode } from "@parley/domain";

export interface StripeSettings {
  /** `sk_live_…` or `sk_test_…` (a restricted key needs write access to Checkout Sessions). */
  secretKey: string;
  /** Another API origin than https://api.stripe.com (`STRIPE_API_URL`: a proxy, or the tests' loopback server). */
  apiUrl?: string;
  /** Per request (20 s unless given). */
  timeoutMs?: number;
}

export function stripeSettingsFromEnv(env: NodeJS.ProcessEnv): StripeSettings | undefined {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return undefined;
  const apiUrl = env.STRIPE_API_URL?.trim();
  return { secretKey, ...(apiUrl ? { apiUrl } : {}) };
}

export interface HostedCheckoutRequest {
  /** Our checkout session's id: Stripe's `client_reference_id`, given back by its events. */
  sessionId: string;
  description: string;
  /** What is charged, in cents: the net amount (after any discount) and the VAT on it. */
  netCents: number;
  taxesCents: number;
  /** The VAT line's label, in the customer's language. */
  taxesLabel: string;
  email: string | null;
  language: LanguageCode;
  successUrl: string;
  cancelUrl: string;
  /** When the payment page stops taking payments (Stripe: 30 minutes to 24 hours ahead). */
  expiresAt: Date;
}

export interface HostedCheckout {
  /** Stripe's session id (`cs_test_…`, `cs_live_…`). */
  id: string;
  /** The payment page to send the browser to. */
  url: string;
}

/** Stripe could not create the payment page: the customer is told to try again later; the cause is logged. */
export class HostedCheckoutError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = "HostedCheckoutError";
  }
}

export interface StripeCheckout {
  create(request: HostedCheckoutRequest): Promise<HostedCheckout>;
}

export function createStripeCheckout(settings: StripeSettings): StripeCheckout {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "http:" ? 80 : 443),
          protocol: api.protocol === "http:" ? "http" : "https",
        }
      : {}),
    timeout: settings.timeoutMs ?? 20_000,
    // One retry of a network error or a 409/429/5xx, with Stripe's idempotency key, so it is never charged twice.
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: "Parley" },
  });

  const line = (name: string, cents: number) => ({
    quantity: 1,
    price_data: { currency: "eur", unit_amount: cents, product_data: { name } },
  });

  return {
    async create(request) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            client_reference_id: request.sessionId,
            metadata: { parley_session_id: request.sessionId },
            line_items: [line(request.description, request.netCents), ...(request.taxesCents > 0 ? [line(request.taxesLabel, request.taxesCents)] : [])],
            ...(request.email ? { customer_email: request.email } : {}),
            locale: request.language,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          },
          // A retried create (ours or the SDK's) makes no second payment page.
          { idempotencyKey: `parley-${request.sessionId}` },
        );
      } catch (error) {
        throw new HostedCheckoutError(`Stripe refused the checkout session: ${(error as Error).message}`, error);
      }
      if (!session.url) throw new HostedCheckoutError("Stripe answered a checkout session without a payment page URL");
      return { id: session.id, url: session.url };
    },
  };
}
