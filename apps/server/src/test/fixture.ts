import { newConfigurationDefaults } from "@parley/domain";
import type { Db } from "../platform/db/db";
import { insertConfiguration } from "../modules/configurations/repository";
import { saveDataset } from "../modules/datasets/repository";
import { systemScope } from "../modules/tenancy";
import type { UserRecord } from "../modules/users/repository";
import { expect } from "vitest";
import { expectToMatchContract, type TestContext } from "./context";

export interface Tenant {
  customerId: string;
  configurationId: string;
  configurationName: string;
}

export async function createTenant(ctx: TestContext, label: string): Promise<Tenant> {
  const customerId = await ctx.createCustomer(`${label} Customer`);
  const configuration = await createConfiguration(ctx.database.db, customerId, `${label.toLowerCase()}-assistant`);
  await saveDataset(ctx.database.db, systemScope, configuration, `${label} FAQ`, [{ question: `${label}?`, answer: `${label}!` }], [
    { text: "Question", value: "question" },
    { text: "Answer", value: "answer" },
  ]);
  return { customerId, configurationId: configuration, configurationName: `${label.toLowerCase()}-assistant` };
}

export async function createConfiguration(db: Db, customerId: string | null, name: string): Promise<string> {
  const { product, message_limit, remaining_messages, usage_reset_date, customerId: _c, name: _n, ...settings } =
    newConfigurationDefaults({ selfOnboarding: false, now: new Date(), name, customerId });
  const created = await insertConfiguration(db, {
    customer_id: customerId,
    name,
    product,
    message_limit,
    remaining_messages,
    usage_reset_date,
    settings,
  });
  return created.id;
}

export type Actor = "admin" | "customer" | "customer_so" | "none";

/** A user of each role with a token, the tenant each acts on, and another tenant none of them owns. */
export interface RoleFixture {
  tokens: Record<Exclude<Actor, "none">, string>;
  users: Record<Exclude<Actor, "none">, UserRecord>;
  /** The tenant each role acts on as "its own" (admins act on tenant A). */
  own: Record<Actor, Tenant>;
  /** Another customer: its data must stay invisible and unchanged for tenant A's customer user. */
  other: Tenant;
  otherUser: UserRecord;
  unique: string;
}

let fixtureCount = 0;

export async function createRoleFixture(ctx: TestContext): Promise<RoleFixture> {
  fixtureCount += 1;
  const a = await createTenant(ctx, `Alpha${fixtureCount}`);
  const s = await createTenant(ctx, `Sierra${fixtureCount}`);
  const other = await createTenant(ctx, `Bravo${fixtureCount}`);
  const admin = await ctx.createUser({ role: "admin" });
  const customer = await ctx.createUser({ role: "customer", customerId: a.customerId });
  const customerSo = await ctx.createUser({ role: "customer_so", customerId: s.customerId });
  const otherUser = await ctx.createUser({ role: "customer", customerId: other.customerId });
  return {
    tokens: { admin: admin.token, customer: customer.token, customer_so: customerSo.token },
    users: { admin: admin.user, customer: customer.user, customer_so: customerSo.user },
    own: { admin: a, customer: a, customer_so: s, none: a },
    other,
    otherUser: otherUser.user,
    unique: `${fixtureCount}-${Date.now()}`,
  };
}

/** A visitor's question over the widget's HTTP call (checked against the contract, answered 200); the assistant's reply. */
export async function askWidget(ctx: TestContext, configurationId: string, message: string) {
  const response = await ctx.app.inject({ method: "POST", url: `/api/widget/${configurationId}/messages`, payload: { message } });
  expectToMatchContract("sendWidgetMessage", response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().reply as { content: string; sources: { kind: string; title: string; url: string | null }[] };
}
