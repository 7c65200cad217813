import { newConfigurationDefaults } from "@parley/domain";
import type { Db } from "../platform/db/db";
import { insertConfiguration } from "../modules/configurations/repository";
import { saveDataset } from "../modules/datasets/repository";
import { systemScope } from "../modules/tenancy";
import type { TestContext } from "./context";

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
