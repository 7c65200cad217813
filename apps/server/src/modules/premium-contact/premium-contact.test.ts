import { requestBodyMaxBytes } from "@parley/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";

let ctx: TestContext;
let staff: string[];
let customer: { token: string; customerId: string };
/** Another user of the customer: each test its own, as the limit counts per user. */
const colleague = async () => (await ctx.createUser({ role: "customer", customerId: customer.customerId })).token;

beforeAll(async () => {
  ctx = await createTestContext();
  const first = await ctx.createUser({ role: "admin", email: `staff-one-${Date.now()}@parley.test` });
  const second = await ctx.createUser({ role: "admin", email: `staff-two-${Date.now()}@parley.test` });
  await ctx.createUser({ role: "admin", email: `former-${Date.now()}@parley.test`, status: "inactive" });
  staff = [first.user.email, second.user.email];
  const customerId = await ctx.createCustomer("Bakkerij <Bol>");
  customer = { customerId, token: (await ctx.createUser({ role: "customer_so", customerId, email: `owner-${Date.now()}@bakery.test` })).token };
});
afterAll(async () => {
  await ctx?.close();
});

async function submit(payload: unknown, token = customer.token, headers: Record<string, string> = {}) {
  // A string is sent as it is, as a JSON body that does not parse.
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/contact-premium",
    headers: { ...bearer(token), ...(typeof payload === "string" ? { "content-type": "application/json" } : {}), ...headers },
    payload: payload as string | object,
  });
  expectToMatchContract("submitContactPremium", response);
  return response;
}

const stored = () =>
  ctx.database.db.query<{ customer_id: string; selected_features: string[]; other_feature: string | null; message: string | null; product: string | null }>(
    "SELECT customer_id, selected_features, other_feature, message, product FROM premium_contact_requests ORDER BY created_at, id",
  );

describe("premium contact", () => {
  it("stores the request and mails every active admin, the customer's texts escaped", async () => {
    const response = await submit({
      product: "premium",
      selectedFeatures: ["lead_generation", "whatsapp_ai", "whatsapp_ai"],
      otherFeature: "  CRM link  ",
      message: "Call me <script>alert(1)</script>",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe("success");
    const rows = await stored();
    expect(rows.at(-1)).toEqual({
      customer_id: customer.customerId,
      selected_features: ["whatsapp_ai", "lead_generation"],
      other_feature: "CRM link",
      message: "Call me <script>alert(1)</script>",
      product: "premium",
    });
    for (const address of staff) {
      const mail = await ctx.smtp.nextFor(address);
      expect(mail.subject).toContain("Bakkerij <Bol>");
      expect(mail.body).toContain("whatsapp_ai, lead_generation");
      expect(mail.body).toContain("CRM link");
      const html = mail.body.slice(mail.body.indexOf("text/html"));
      expect(html).toContain("&#60;script&#62;");
      expect(html).not.toContain("<script>");
    }
  });

  it("takes a message alone, or a written-in feature alone", async () => {
    const token = await colleague();
    expect((await submit({ message: "What does Knowledge base+ cost?" }, token)).statusCode).toBe(200);
    expect((await submit({ otherFeature: "Teams integration", selectedFeatures: [] }, token)).statusCode).toBe(200);
  });

  it("needs at least one feature or a message", async () => {
    const token = await colleague();
    for (const payload of [{}, { selectedFeatures: [], message: "   " }, { otherFeature: null, message: null }]) {
      const response = await submit(payload, token);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe("validation_failed");
    }
  });

  it("refuses wrong types, unknown features and fields, NUL, texts too long and bodies too large", async () => {
    const before = (await stored()).length;
    const bad: unknown[] = [
      { selectedFeatures: "whatsapp_ai" },
      { selectedFeatures: ["teleport"] },
      // Each of the five features once at most: 250,000 entries were each checked by the form's rules.
      { selectedFeatures: Array.from({ length: 6 }, () => "whatsapp_ai") },
      { selectedFeatures: Array.from({ length: 40_000 }, () => "ai_reporting") },
      { message: 42 },
      { message: "hi\u0000there" },
      { otherFeature: "x".repeat(501) },
      { message: "x".repeat(5001) },
      { product: "p".repeat(201), message: "hi" },
      [],
      "not json",
    ];
    for (const payload of bad) {
      // Refused before the per-user limit counts them or not, each with a user of its own.
      const response = await submit(payload, await colleague());
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const huge = await submit({ message: "x".repeat(requestBodyMaxBytes + 1) }, await colleague());
    expect(huge.statusCode).toBe(413);
    expect((await stored()).length).toBe(before);
  });

  it("needs a signed-in user", async () => {
    const response = await ctx.app.inject({ method: "POST", url: "/api/contact-premium", payload: { message: "hi" } });
    expect(response.statusCode).toBe(401);
  });

  it("limits how often one user can mail the staff", async () => {
    const customerId = await ctx.createCustomer("Eager");
    const { token } = await ctx.createUser({ role: "customer", customerId });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push((await submit({ message: `Attempt ${attempt}` }, token)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
