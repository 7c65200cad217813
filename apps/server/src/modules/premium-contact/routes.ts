import type { FastifyInstance } from "fastify";
import type { OperationTable } from "../../platform/http/operations";
import { byCaller, createLimit, type RateLimitSettings } from "../../platform/http/rate-limits";
import { callerOf } from "../tenancy";
import type { createPremiumContactService } from "./service";

export function premiumContactOperations(
  app: FastifyInstance,
  contact: ReturnType<typeof createPremiumContactService>,
  limits: RateLimitSettings | false,
): OperationTable {
  return {
    submitContactPremium: {
      // Each request mails the staff: a user cannot flood their inboxes.
      preHandler: limits === false ? [] : [createLimit(app, "contact-premium", limits.contactPremium, byCaller)],
      handler: async (request) => contact.submit(callerOf(request), request.body),
    },
  };
}
