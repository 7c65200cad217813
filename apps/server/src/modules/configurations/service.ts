import { newConfigurationDefaults } from "@parley/domain/configuration";
import type { Db } from "../../platform/db/db";
import type { Caller } from "../../platform/http/operations";
import { findCustomerInScope } from "../customers/repository";
import { forbidden, isId, notFound, scopeOf } from "../tenancy";
import * as repository from "./repository";
import { columnFields, toConfiguration } from "./repository";

export type ConfigurationInput = Record<string, unknown> & {
  _id?: string | null;
  name: string;
  customerId?: string | null;
  message_limit?: number;
};

/** The fields of the input that belong in `settings` (everything but the column fields). */
function settingsOf(input: ConfigurationInput): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (!(columnFields as readonly string[]).includes(field) && value !== undefined) settings[field] = value;
  }
  return settings;
}

export function createConfigurationsService(db: Db) {
  async function owningCustomer(caller: Caller, requested: string | null | undefined): Promise<string | null> {
    if (caller.role !== "admin") {
      if (!caller.customerId) throw forbidden("Create your customer first");
      if (requested && requested !== caller.customerId) throw notFound("No such customer");
      return caller.customerId;
    }
    if (!requested) return null;
    if (!isId(requested) || !(await findCustomerInScope(db, scopeOf(caller), requested))) throw notFound("No such customer");
    return requested;
  }

  return {
    async search(caller: Caller, query: string | undefined, customerId: string | undefined) {
      if (customerId !== undefined && !isId(customerId)) return { status: "success" as const, data: [] };
      const rows = await repository.searchConfigurations(db, scopeOf(caller), { query, customerId });
      return { status: "success" as const, data: rows.map(toConfiguration) };
    },

    async get(caller: Caller, id: string) {
      const record = isId(id) ? await repository.findConfigurationInScope(db, scopeOf(caller), id) : undefined;
      if (!record) throw notFound();
      return { status: "success" as const, data: toConfiguration(record) };
    },

    /**
     * Creates with the domain's defaults and the product's message limit (self-onboarding users get the
     * self-onboarding product), or updates. Usage (remaining messages, reset date) is never taken from
     * the client; only admins change the message limit or the owning customer.
     */
    async createOrUpdate(caller: Caller, input: ConfigurationInput) {
      const isAdmin = caller.role === "admin";
      if (!input._id) {
        const customerId = await owningCustomer(caller, input.customerId);
        const { product, _id: _ignored, ...defaults } = {
          _id: undefined,
          ...newConfigurationDefaults({
            selfOnboarding: caller.role === "customer_so",
            now: new Date(),
            name: input.name,
            customerId,
          }),
        };
        const messageLimit = isAdmin && input.message_limit !== undefined ? input.message_limit : defaults.message_limit;
        const settings = { ...settingsOf(defaults as unknown as ConfigurationInput), ...settingsOf(input) };
        const created = await repository.insertConfiguration(db, {
          customer_id: customerId,
          name: input.name.trim(),
          product,
          message_limit: messageLimit,
          remaining_messages: messageLimit,
          usage_reset_date: defaults.usage_reset_date,
          settings,
        });
        return {
          status: "success" as const,
          message: "Data saved successfully",
          inserted_id: created.id,
          updated_id: null,
          data: toConfiguration(created),
        };
      }

      const existing = isId(input._id) ? await repository.findConfigurationInScope(db, scopeOf(caller), input._id) : undefined;
      if (!existing) throw notFound();
      const customerId =
        isAdmin && input.customerId !== undefined ? await owningCustomer(caller, input.customerId) : existing.customer_id;
      const updated = await repository.updateConfiguration(db, existing.id, {
        customer_id: customerId,
        name: input.name.trim(),
        message_limit: isAdmin && input.message_limit !== undefined ? input.message_limit : existing.message_limit,
        settings: { ...existing.settings, ...settingsOf(input) },
      });
      if (!updated) throw notFound();
      return {
        status: "success" as const,
        message: "Data saved successfully",
        inserted_id: null,
        updated_id: updated.id,
        data: toConfiguration(updated),
      };
    },
  };
}
