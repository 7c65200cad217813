import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { createConfiguration } from "../../test/fixture";
import { maxTrainingUrls } from "@parley/domain";
import { maxReportedFields } from "../../platform/http/problem";

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

  it("a list of at most 20,000 entries, and a refusal that names the first 20 faults of a list full of them", async () => {
    const { token, configurationId } = await customerWithConfiguration("Bounded");
    await saveUrls(token, { configurationId, urls: [{ url: "https://bounded.test/", subject: "" }] });
    const ftp = (count: number) => Array.from({ length: count }, (_, index) => ({ url: `ftp://b.test/${index}`, subject: "" }));
    // 20,000 faults were matched against each other (quadratic) and all 20,000 named in the answer.
    const allRefused = await saveUrls(token, { configurationId, urls: ftp(maxTrainingUrls) });
    expect(allRefused.statusCode).toBe(400);
    expect(allRefused.json().code).toBe("url_not_allowed");
    expect(allRefused.json().errors).toHaveLength(maxReportedFields);
    expect(allRefused.json().errors[19]).toEqual({ path: "urls.19.url", message: "Not an http or https URL: ftp://b.test/19" });
    const tooMany = await saveUrls(token, { configurationId, urls: Array.from({ length: maxTrainingUrls + 1 }, (_, index) => ({ url: `https://b.test/${index}`, subject: "" })) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: "validation_failed", errors: [{ path: "urls", message: `Use at most ${maxTrainingUrls} entries` }] });
    expect((await getUrls(token, configurationId)).json().urls).toEqual([{ url: "https://bounded.test/", subject: "" }]);
    const full = Array.from({ length: maxTrainingUrls }, (_, index) => ({ url: `https://b.test/${index}`, subject: "" }));
    expect((await saveUrls(token, { configurationId, urls: full })).statusCode).toBe(200);
    expect((await getUrls(token, configurationId)).json().urls).toHaveLength(maxTrainingUrls);
  });

  it("the list goes with its configuration", async () => {
    const { token, configurationId } = await customerWithConfiguration("Cascade");
    await saveUrls(token, { configurationId, urls: [{ url: "https://cascade.test/", subject: "" }] });
    await ctx.database.db.query("DELETE FROM configurations WHERE id = $1", [configurationId]);
    const rows = await ctx.database.db.query("SELECT 1 FROM training_url_lists WHERE configuration_id = $1", [configurationId]);
    expect(rows).toHaveLength(0);
  });
});
