import type { FastifyInstance } from "fastify";
import type { OperationTable } from "../../platform/http/operations";
import { byAddress, createLimit, type RateLimitSettings } from "../../platform/http/rate-limits";
import { requestOrigin } from "../../platform/http/request-origin";
import { requires } from "../../platform/http/spec-words";

import { callerOf, requiredTenantOf, tenantOf } from "../tenancy";
import type { BillingService } from "./service";

export function billingOperations(
  app: FastifyInstance,
  billing: BillingService,
  limits: RateLimitSettings | false,
): OperationTable {
  return {
    getSubscription: async (request) => billing.subscription(requiredTenantOf(request, "configuration")),
    listLocalSubscriptions: async (request) =>
      billing.localSubscriptions(callerOf(request), request.query.customer_id),
    createOrUpdateSubscription: {
      // Left out, null or blank alike: 'No Configuration ID provided.' (the schema would say 'This field is required').
      preValidation: [requires("body", "configuration_id", "no_configuration_id")],
      handler: async (request, reply) => {
        const saved = await billing.save(callerOf(request), tenantOf(request, "configuration"), request.body);
        if (saved === null) return reply.code(204).send();
        return saved;
      },
    },
    cancelSubscription: async (request) => billing.cancel(requiredTenantOf(request, "customer")),
    getStripeSubscription: async () => billing.stripeSubscription(),
    createCheckoutSession: async (request) =>
      billing.checkout(callerOf(request), requiredTenantOf(request, "customer"), request.body, requestOrigin(request)),
    createFixedCheckoutSession: async (request) =>
      billing.fixedCheckout(callerOf(request), requiredTenantOf(request, "customer"), request.body, requestOrigin(request)),
    checkPaymentStatus: async (request) => billing.paymentStatus(requiredTenantOf(request, "customer")),
    activateProduct: {
      preHandler:
        limits === false ? [] : [createLimit(app, "activate-product", limits.activateProduct, byAddress)],
      handler: async (request) => billing.activate(request.body.session_id),
    },
    showLocalCheckout: async (request, reply) => {
      const page = await billing.checkoutPage(request.params.session_id, request.query.lang);
      reply.header("cache-control", "no-store");
      reply.type("text/html; charset=utf-8");
      return page;
    },
    completeLocalCheckout: async (request, reply) => {
      const location = await billing.completeCheckout(
        request.params.session_id,
        request.body?.outcome ?? "pay",
        requestOrigin(request),
      );
      return reply.code(303).header("location", location).send();
    },
    handlePaymentWebhook: {
      // A payment provider's event is larger than what a visitor sends (Stripe's carry the whole object with its metadata).
      bodyLimit: 1024 * 1024,
      // The signature covers the body exactly as sent, so it is checked before anything reads the parsed body.
      preValidation: [
        async (request) => billing.verifySignature(request.rawBody, request.headers["stripe-signature"]),
      ],
      handler: async (request) => billing.webhook(request.body),
    },
    listInvoices: async (request) =>
      billing.invoices(callerOf(request), tenantOf(request, "customer"), request.query.year),
    getInvoice: async (request) => billing.invoice(callerOf(request), request.params.id),
  };
}
