/**
 * The premium-features contact form (spec 01 §3 "Contact-premium message", §5): at least one feature
 * or a message, checked by the domain's schema. The request is stored first, so it is never lost, then
 * e-mailed to the provider's staff (every active admin) without waiting; a failed e-mail is logged.
 */
import { contactPremiumSchema, premiumFeatures, validateOrThrow } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import type { Caller } from "../../platform/http/operations";
import type { BodyOf } from "../../platform/http/contract-types";
import type { Mailer } from "../../platform/mail/mailer";
import { premiumContactMail } from "../../platform/mail/templates";
import { findContactAudience, insertPremiumContactRequest } from "./repository";

export interface PremiumContactDependencies {
  db: Db;
  mailer: Mailer;
  logError: (message: string, error: unknown) => void;
}

const emptyToNull = (value: string | null | undefined) => (value && value.trim() !== "" ? value.trim() : null);

export function createPremiumContactService({ db, mailer, logError }: PremiumContactDependencies) {
  return {
    async submit(caller: Caller, body: BodyOf<"submitContactPremium">) {
      const form = await validateOrThrow(contactPremiumSchema, body);
      // Each feature once, in the order the form lists them.
      const selected = premiumFeatures.filter((feature) => form.selectedFeatures.includes(feature));
      const request = {
        userId: caller.userId,
        customerId: caller.customerId,
        product: emptyToNull(form.product),
        selectedFeatures: selected,
        otherFeature: emptyToNull(form.otherFeature),
        message: emptyToNull(form.message),
      };
      await insertPremiumContactRequest(db, request);
      const { staff, asker } = await findContactAudience(db, caller.userId, caller.customerId);
      const mail = premiumContactMail({
        name: asker ? `${asker.firstname} ${asker.lastname}`.trim() : caller.email,
        email: asker?.email ?? caller.email,
        customer: asker?.customer_name ?? null,
        product: request.product,
        features: request.selectedFeatures,
        otherFeature: request.otherFeature,
        message: request.message,
      });
      // Sent without waiting: a slow mail server does not keep the customer waiting, and the request is stored.
      for (const to of staff) {
        void mailer.send({ to, ...mail }).catch((error: unknown) => logError("a premium contact e-mail failed", error));
      }
      return { status: "success" as const, message: "Thank you, we will contact you soon." };
    },
  };
}
