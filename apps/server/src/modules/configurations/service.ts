import {
  configurationSettingsSchema,
  DomainError,
  errorMessages,
  isMaskedSecret,
  messageLimitFor,
  newConfigurationDefaults,
  nextUsageResetDate,
  quotaColor,
  remainingPercent,
  remainingWithinLimit,
  selfOnboardingMaxConfigurations,
  successMessages,
  unlimitedMessages,
  validateOrThrow,
  validationMessage,
} from "@parley/domain";
import type { Db } from "../../platform/db/db";
import { createRowCache } from "../../platform/db/row-cache";
import type { BodyOf } from "../../platform/http/contract-types";
import type { Caller } from "../../platform/http/operations";
import { findCustomerInScope } from "../customers/repository";
import { forbidden, isId, notFound, scopeOf, systemScope, withinScope } from "../tenancy";
import * as repository from "./repository";
import { toConfiguration, type Configuration, type ConfigurationSettings } from "./repository";

export type ConfigurationInput = BodyOf<"createOrUpdateConfiguration">;

/** A group of settings without the secrets sent back masked, so the stored secrets stay. */
function withoutMaskedSecrets(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, field]) => !isMaskedSecret(field)));
}

/** The fields of the input that belong in `settings`: everything but the column fields, as sent. */
function settingsOf(input: ConfigurationInput): Partial<ConfigurationSettings> {
  const {
    _id: _unused,
    name: _name,
    customerId: _customer,
    product: _product,
    message_limit: _limit,
    remaining_messages: _remaining,
    usage_reset_date: _resetDate,
    ...settings
  } = input;
  return Object.fromEntries(
    Object.entries(settings)
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => [field, withoutMaskedSecrets(value)]),
  );
}

/**
 * What only admins change on an existing configuration: the product (and with it the message limit,
 * unless one is sent), the message limit, the remaining messages and the usage reset date.
 */
function adminUsageChanges(input: ConfigurationInput) {
  const messageLimit = input.message_limit ?? (input.product !== undefined ? messageLimitFor(input.product) : undefined);
  return {
    ...(input.product !== undefined ? { product: input.product } : {}),
    ...(messageLimit !== undefined ? { message_limit: messageLimit } : {}),
    ...(input.remaining_messages !== undefined ? { remaining_messages: input.remaining_messages } : {}),
    ...(input.usage_reset_date !== undefined ? { usage_reset_date: input.usage_reset_date } : {}),
  };
}

/**
 * Refuses an admin's usage change that leaves more messages remaining than the message limit (a period starts
 * at the limit and counts down); an unlimited limit (0, enterprise) takes any number. The limit or the
 * remaining messages not sent are the stored ones.
 */
function assertRemainingWithinLimit(changes: ReturnType<typeof adminUsageChanges>, existing: Configuration): void {
  if (!changesUsage(changes)) return;
  const limit = changes.message_limit ?? existing.message_limit;
  if (remainingWithinLimit(changes.remaining_messages ?? existing.remaining_messages, limit)) return;
  throw remainingAboveLimit(limit);
}

function changesUsage(changes: ReturnType<typeof adminUsageChanges>): boolean {
  return changes.message_limit !== undefined || changes.remaining_messages !== undefined;
}

function remainingAboveLimit(limit: number): DomainError {
  const message = validationMessage("remaining_above_limit", { max: limit });
  return new DomainError("validation_failed", `remaining_messages: ${message}`, 400, [{ path: "remaining_messages", message }]);
}

export function createConfigurationsService(db: Db) {
  // Portals and widgets read a configuration far more often than anyone changes it. The cache keeps
  // the answer's shape; writes below read and merge from the database, never from the cache.
  const views = createRowCache<Configuration>({ table: "configurations", changes: db.changes });

  async function owningCustomer(caller: Caller, requested: string | null | undefined): Promise<string | null> {
    // Each new configuration starts with its product's messages: a customer who could add them would
    // have as many messages as they liked. Admins add them; self-onboarding users add theirs at onboarding.
    // Another tenant's customer answers 404 before any role rule, so the answer says nothing about it.
    if (caller.role !== "admin" && requested && requested !== caller.customerId) throw notFound("No such customer");
    if (caller.role === "customer") throw forbidden("Only an admin can create configurations");
    if (caller.role !== "admin") {
      if (!caller.customerId) throw forbidden("Create your customer first");
      return caller.customerId;
    }
    if (!requested) return null;
    if (!isId(requested) || !(await findCustomerInScope(db, scopeOf(caller), requested))) throw notFound("No such customer");
    return requested;
  }

  return {
    /** Usage of one configuration, or summed over every configuration the caller may see. */
    async usage(caller: Caller, configuration: Configuration | undefined) {
      const totals = await repository.usageTotals(db, scopeOf(caller), configuration?._id ?? null);
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
    async resetUsage(caller: Caller, configuration: Configuration) {
      if (caller.role !== "admin") throw forbidden("Only an admin can reset usage");
      const updated = await repository.resetUsage(db, scopeOf(caller), configuration._id, nextUsageResetDate(new Date()));
      if (!updated) throw notFound();
      return { status: "success" as const, message: successMessages.data_saved, data: toConfiguration(updated) };
    },

    async search(caller: Caller, query: string | undefined, customerId: string | undefined) {
      if (customerId !== undefined && !isId(customerId)) return { status: "success" as const, data: [] };
      const rows = await repository.searchConfigurations(db, scopeOf(caller), { query, customerId });
      return { status: "success" as const, data: rows.map(toConfiguration) };
    },

    /**
     * A configuration the caller may see (the `x-tenant` loader). The row is cached for everyone who
     * may see it; a cached row is checked against the caller's scope as the SQL does for a row read now.
     * `id` is in lower case, as the database spells ids and the change notifications name them.
     */
    async visible(caller: Caller, id: string): Promise<Configuration | undefined> {
      const view = await views.read(id, async () => {
        const record = await repository.findConfigurationInScope(db, scopeOf(caller), id);
        return record && toConfiguration(record);
      });
      return view && withinScope(scopeOf(caller), view.customerId) ? view : undefined;
    },

    /**
     * Any configuration by id, for the public operations that name one (the widget's own calls): the
     * public `x-tenant` loader. Nothing scoped may be answered from it.
     */
    async published(id: string): Promise<Configuration | undefined> {
      return views.read(id, async () => {
        const record = await repository.findConfigurationInScope(db, systemScope, id);
        return record && toConfiguration(record);
      });
    },

    get(configuration: Configuration) {
      return { status: "success" as const, data: configuration };
    },

    /**
     * Creates with the domain's defaults and the product's message limit (self-onboarding users get the
     * self-onboarding product; admins choose one), or updates. Only admins change the product, the
     * message limit, the usage (remaining messages, reset date) or the owning customer.
     */
    async createOrUpdate(caller: Caller, input: ConfigurationInput, existing: Configuration | undefined) {
      // The settings screens' rules (addresses, links), which the contract's types alone let through.
      await validateOrThrow(configurationSettingsSchema, input);
      const isAdmin = caller.role === "admin";
      // A name of spaces only is stored trimmed, so it is no name: required to create, and a rename to it
      // would leave a configuration the selector shows as an empty row.
      if (input.name !== undefined ? input.name.trim() === "" : !existing) {
        throw new DomainError("validation_failed", `name: ${errorMessages.field_required}`, 400, [
          { path: "name", message: errorMessages.field_required },
        ]);
      }
      if (!existing) {
        const name = input.name?.trim() ?? "";
        const customerId = await owningCustomer(caller, input.customerId);
        const {
          product: defaultProduct,
          name: _name,
          customerId: _customer,
          message_limit: defaultLimit,
          remaining_messages: _remaining,
          usage_reset_date: usageResetDate,
          ...defaultSettings
        } = newConfigurationDefaults({ selfOnboarding: caller.role === "customer_so", now: new Date(), customerId });
        const product = isAdmin && input.product !== undefined ? input.product : defaultProduct;
        const productLimit = product === defaultProduct ? defaultLimit : messageLimitFor(product);
        const messageLimit = isAdmin && input.message_limit !== undefined ? input.message_limit : productLimit;
        const values = {
          customer_id: customerId,
          name,
          product,
          message_limit: messageLimit,
          remaining_messages: messageLimit,
          usage_reset_date: usageResetDate,
          settings: { ...defaultSettings, ...settingsOf(input) },
        };
        const created =
          caller.role === "customer_so" && customerId
            ? await db.transaction(async (tx) => {
                if ((await repository.countConfigurationsLocked(tx, customerId)) >= selfOnboardingMaxConfigurations) {
                  throw new DomainError("configuration_limit_reached", undefined, 403);
                }
                return repository.insertConfiguration(tx, values);
              })
            : await repository.insertConfiguration(db, values);
        return {
          status: "success" as const,
          message: successMessages.data_saved,
          inserted_id: created.id,
          updated_id: null,
          data: toConfiguration(created),
        };
      }

      const usageChanges = isAdmin ? adminUsageChanges(input) : {};
      if (isAdmin) assertRemainingWithinLimit(usageChanges, existing);
      // Only what was sent changes; the rest is kept by the database, not from a copy read earlier.
      const updated = await repository.updateConfiguration(db, scopeOf(caller), existing._id, {
        ...(isAdmin && input.customerId !== undefined ? { customer_id: await owningCustomer(caller, input.customerId) } : {}),
        ...(input.name !== undefined ? { name: input.name.trim() } : {}),
        ...usageChanges,
        settings: settingsOf(input),
      }, changesUsage(usageChanges) ? { unlimited: unlimitedMessages } : undefined);
      if (!updated) {
        // Still there: the guard refused it, as a save that changed the limit or the remaining messages
        // first has left them (the check above read the row before that save).
        const current = changesUsage(usageChanges) ? await repository.findConfigurationInScope(db, scopeOf(caller), existing._id) : undefined;
        if (current) throw remainingAboveLimit(usageChanges.message_limit ?? current.message_limit);
        throw notFound();
      }
      return {
        status: "success" as const,
        message: successMessages.data_saved,
        inserted_id: null,
        updated_id: updated.id,
        data: toConfiguration(updated),
      };
    },
  };
}
