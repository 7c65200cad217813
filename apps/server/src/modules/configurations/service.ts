import { DomainError, errorMessages, newConfigurationDefaults, nextUsageResetDate, quotaColor, remainingPercent, unlimitedMessages } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import { createRowCache } from "../../platform/db/row-cache";
import type { Caller } from "../../platform/http/operations";
import { findCustomerInScope } from "../customers/repository";
import { forbidden, isId, notFound, scopeOf, withinScope } from "../tenancy";
import * as repository from "./repository";
import { columnFields, toConfiguration } from "./repository";

export type ConfigurationInput = Record<string, unknown> & {
  _id?: string | null;
  /** Required to create (the contract says so); an update without it keeps the name. */
  name?: string;
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
  // Portals and widgets read a configuration far more often than anyone changes it. The cache keeps
  // the answer's shape; writes below read and merge from the database, never from the cache.
  const views = createRowCache<ReturnType<typeof toConfiguration>>({ table: "configurations", changes: db.changes });

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
    /** Usage of one configuration, or summed over every configuration the caller may see. */
    async usage(caller: Caller, configurationId: string | undefined) {
      if (configurationId !== undefined && !isId(configurationId)) throw notFound();
      const totals = await repository.usageTotals(db, scopeOf(caller), configurationId ?? null);
      if (totals.configurations === 0 || !totals.usage_reset_date) throw notFound();
      const limit = totals.unlimited ? unlimitedMessages : totals.message_limit;
      return {
        status: "success" as const,
        data: {
          message_limit: limit,
          remaining_messages: totals.remaining_messages,
          used_messages: totals.unlimited ? 0 : Math.max(0, totals.message_limit - totals.remaining_messages),
          usage_reset_date: totals.usage_reset_date,
          percent_remaining: remainingPercent(totals.remaining_messages, limit),
          quota_color: quotaColor(totals.remaining_messages, limit),
          configurations: totals.configurations,
          customers: totals.customers,
        },
      };
    },

    /** Admins start a new usage period: all messages remaining, next reset one interval ahead. */
    async resetUsage(caller: Caller, configurationId: string) {
      if (caller.role !== "admin") throw forbidden("Only an admin can reset usage");
      const existing = isId(configurationId) ? await repository.findConfigurationInScope(db, scopeOf(caller), configurationId) : undefined;
      if (!existing) throw notFound();
      const updated = await repository.resetUsage(db, existing.id, nextUsageResetDate(new Date()));
      db.changes.changedHere("configurations", existing.id);
      if (!updated) throw notFound();
      return { status: "success" as const, message: "Data saved successfully", data: toConfiguration(updated) };
    },

    async search(caller: Caller, query: string | undefined, customerId: string | undefined) {
      if (customerId !== undefined && !isId(customerId)) return { status: "success" as const, data: [] };
      const rows = await repository.searchConfigurations(db, scopeOf(caller), { query, customerId });
      return { status: "success" as const, data: rows.map(toConfiguration) };
    },

    async get(caller: Caller, requested: string) {
      if (!isId(requested)) throw notFound();
      // Keyed as the database spells ids (the change notifications do too), whatever case was asked for.
      const id = requested.toLowerCase();
      const view = await views.read(id, async () => {
        const record = await repository.findConfigurationById(db, id);
        return record && toConfiguration(record);
      });
      // The tenancy test that the SQL of the other reads makes, on the cached row.
      if (!view || !withinScope(scopeOf(caller), view.customerId)) throw notFound();
      return { status: "success" as const, data: view };
    },

    /**
     * Creates with the domain's defaults and the product's message limit (self-onboarding users get the
     * self-onboarding product), or updates. Usage (remaining messages, reset date) is never taken from
     * the client; only admins change the message limit or the owning customer.
     */
    async createOrUpdate(caller: Caller, input: ConfigurationInput) {
      const isAdmin = caller.role === "admin";
      if (!input._id) {
        // The contract already requires it; this keeps the type honest for callers beside the route.
        if (input.name === undefined) {
          throw new DomainError("validation_failed", `name: ${errorMessages.field_required}`, 400, [
            { path: "name", message: errorMessages.field_required },
          ]);
        }
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
        name: input.name === undefined ? existing.name : input.name.trim(),
        message_limit: isAdmin && input.message_limit !== undefined ? input.message_limit : existing.message_limit,
        settings: { ...existing.settings, ...settingsOf(input) },
      });
      db.changes.changedHere("configurations", existing.id);
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
