import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { createConfiguration } from "../../test/fixture";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function customerWithConfiguration(label: string) {
  const customerId = await ctx.createCustomer(`${label} Co`);
  const { token } = await ctx.createUser({ role: "customer", customerId });
  const configurationId = await createConfiguration(ctx.database.db, customerId, `${label.toLowerCase()}-urls`);
  return { token, configurationId };
}

async function getUrls(token: string, configurationId: string) {
  const response = await ctx.app.inject({ method: "GET", url: `/api/training/urls/get?configurationId=${configurationId}`, headers: bearer(token) });
  expectToMatchContract("getUrls", response);
  return response;
}

async function saveUrls(token: string, payload: Record<string, unknown>) {
  const response = await ctx.app.inject({ method: "POST", url: "/api/training/urls/save", headers: bearer(token), payload });
  expectToMatchContract("saveUrls", response);
  return response;
}

describe("training URLs", () => {
  it("a configuration without a list answers an empty one", async () => {
    const { token, configurationId } = await customerWithConfiguration("Empty");
    const response = await getUrls(token, configurationId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "success", urls: [] });
  });

  it("stores the list in order, subjects trimmed, each URL once, and replaces it on the next save", async () => {
    const { token, configurationId } = await customerWithConfiguration("Stored");
    const saved = await saveUrls(token, {
      configurationId,
      urls: [
        { url: "https://stored.test/b", subject: " B " },
        { url: "https://stored.test/a", subject: "A" },
        { url: "https://stored.test/b", subject: "B again" },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await getUrls(token, configurationId)).json().urls).toEqual([
      { url: "https://stored.test/b", subject: "B" },
      { url: "https://stored.test/a", subject: "A" },
    ]);

    expect((await saveUrls(token, { configurationId, urls: [{ url: "https://stored.test/c", subject: "" }] })).statusCode).toBe(200);
    expect((await getUrls(token, configurationId)).json().urls).toEqual([{ url: "https://stored.test/c", subject: "" }]);
    expect((await saveUrls(token, { configurationId, urls: [] })).statusCode).toBe(200);
    expect((await getUrls(token, configurationId)).json().urls).toEqual([]);
  });

  it("refuses a list with an address that is not http(s), naming it, and keeps the stored list", async () => {
    const { token, configurationId } = await customerWithConfiguration("Refused");
    await saveUrls(token, { configurationId, urls: [{ url: "https://refused.test/", subject: "" }] });
    const refused = await saveUrls(token, {
      configurationId,
      urls: [
        { url: "https://refused.test/ok", subject: "" },
        { url: "ftp://refused.test/file", subject: "" },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "url_not_allowed", errors: [{ path: "urls.1.url" }] });
    expect((await getUrls(token, configurationId)).json().urls).toEqual([{ url: "https://refused.test/", subject: "" }]);

    // Text that is no address at all is said in the form's words, not as Ajv's 'must match format "uri"'.
    const noAddress = await saveUrls(token, { configurationId, urls: [{ url: "not an address", subject: "" }] });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().errors).toEqual([{ path: "urls.0.url", message: "Please enter a valid URL (https://…)" }]);
  });

  it("the list goes with its configuration", async () => {
    const { token, configurationId } = await customerWithConfiguration("Cascade");
    await saveUrls(token, { configurationId, urls: [{ url: "https://cascade.test/", subject: "" }] });
    await ctx.database.db.query("DELETE FROM configurations WHERE id = $1", [configurationId]);
    const rows = await ctx.database.db.query("SELECT 1 FROM training_url_lists WHERE configuration_id = $1", [configurationId]);
    expect(rows).toHaveLength(0);
  });
});
