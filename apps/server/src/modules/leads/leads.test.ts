import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { createConfiguration } from "../../test/fixture";

let ctx: TestContext;
let adminToken: string;
const unique = `${Date.now()}`;
let fresh: { id: string; email: string };
let onboarded: { id: string; customerId: string; configurationId: string };
let expired: { id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await ctx.createUser({ role: "admin" })).token;
  const db = ctx.database.db;

  // Signed up today, still in the wizard, no customer yet.
  const freshUser = await ctx.createUser({ role: "customer_so", email: `fresh-${unique}@lead.test` });
  await db.query("UPDATE users SET show_wizard = true WHERE id = $1", [freshUser.user.id]);
  fresh = { id: freshUser.user.id, email: freshUser.user.email };

  // Onboarded three days ago: a customer, its configuration (named after the site) with 40 messages used.
  const customerId = await ctx.createCustomer(`Bakery ${unique}`);
  const configurationId = await createConfiguration(db, customerId, `bakery-${unique}.example`);
  await db.query("UPDATE configurations SET created_at = now() - interval '3 days', message_limit = 200, remaining_messages = 160 WHERE id = $1", [configurationId]);
  const onboardedUser = await ctx.createUser({ role: "customer_so", customerId });
  await db.query("UPDATE users SET show_wizard = false, created_at = now() - interval '3 days' WHERE id = $1", [onboardedUser.user.id]);
  onboarded = { id: onboardedUser.user.id, customerId, configurationId };

  // Signed up a month ago and never finished: the trial is over.
  const expiredUser = await ctx.createUser({ role: "customer_so", email: `expired-${unique}@lead.test` });
  await db.query("UPDATE users SET show_wizard = true, created_at = now() - interval '30 days' WHERE id = $1", [expiredUser.user.id]);
  expired = { id: expiredUser.user.id };

  // Not leads: a customer user and an admin.
  await ctx.createUser({ role: "customer", customerId });
});
afterAll(async () => {
  await ctx?.close();
});

async function leads(query = "") {
  const response = await ctx.app.inject({ method: "GET", url: `/api/leads${query}`, headers: bearer(adminToken) });
  expect(response.statusCode, response.body).toBe(200);
  expectToMatchContract("listLeads", response);
  return response.json().data as Array<Record<string, unknown>>;
}

describe("leads", () => {
  it("lists the self-onboarding users only, newest first, with trial, usage, website and onboarding state", async () => {
    const all = await leads();
    const ids = all.map((lead) => lead._id);
    expect(ids.indexOf(fresh.id)).toBeLessThan(ids.indexOf(onboarded.id));
    expect(ids.indexOf(onboarded.id)).toBeLessThan(ids.indexOf(expired.id));
    expect(all.every((lead) => typeof lead.email === "string")).toBe(true);
    expect(all.find((lead) => lead._id === fresh.id)).toMatchObject({
      customerId: null,
      website: null,
      messagesUsed: 0,
      messageLimit: null,
      trialDaysLeft: 14,
      trialExpired: false,
      onboardingFinished: false,
    });
    expect(all.find((lead) => lead._id === onboarded.id)).toMatchObject({
      customerId: onboarded.customerId,
      customerName: `Bakery ${unique}`,
      website: `bakery-${unique}.example`,
      configurationId: onboarded.configurationId,
      messagesUsed: 40,
      messageLimit: 200,
      trialDaysLeft: 11,
      trialExpired: false,
      onboardingFinished: true,
    });
    expect(all.find((lead) => lead._id === expired.id)).toMatchObject({ trialDaysLeft: 0, trialExpired: true, onboardingFinished: false });
  });

  it("searches name, e-mail address, customer and website, and filters by trial and onboarding", async () => {
    expect((await leads(`?search=fresh-${unique}`)).map((lead) => lead._id)).toEqual([fresh.id]);
    expect((await leads(`?search=bakery-${unique}.exa`)).map((lead) => lead._id)).toEqual([onboarded.id]);
    expect((await leads(`?search=${encodeURIComponent("%")}`)).map((lead) => lead._id)).toEqual([]);
    const expiredIds = (await leads("?trial=expired")).map((lead) => lead._id);
    expect(expiredIds).toContain(expired.id);
    expect(expiredIds).not.toContain(fresh.id);
    expect((await leads("?trial=active")).map((lead) => lead._id)).not.toContain(expired.id);
    const finished = (await leads("?onboarding=finished")).map((lead) => lead._id);
    expect(finished).toContain(onboarded.id);
    expect(finished).not.toContain(fresh.id);
    expect((await leads("?onboarding=unfinished")).map((lead) => lead._id)).toEqual(expect.arrayContaining([fresh.id, expired.id]));
  });

  it("refuses an unknown filter value with 400", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/leads?trial=forever", headers: bearer(adminToken) });
    expect(response.statusCode).toBe(400);
    expectToMatchContract("listLeads", response);
  });
});
