/**
 * Walks the server's route table: every registered contract operation must have a case here with the
 * answer for each role (admin, customer, customer_so, no token), and, where it names a tenant's data,
 * a foreign-tenant case that must answer 404 (or leave the other tenant out) and change nothing.
 */
import { randomBytes } from "node:crypto";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, testPassword, type TestContext } from "./test/context";
import { createRoleFixture, type Actor, type RoleFixture as Fixture } from "./test/fixture";
import { deref, listOperations, loadContract, type ContractOperation, type JsonSchema, type OpenApiDocument } from "./platform/http/contract";
import { findTrainingUrls, saveTrainingUrls } from "./modules/training-urls/repository";
import { listTrainingFiles, storeTrainingFile } from "./modules/training-files/repository";
import { multipartBody } from "./test/files";
import { systemScope } from "./modules/tenancy";
import { findWorkflowInScope, insertWorkflow, listWorkflows } from "./modules/workflows/repository";
import { findAttempt, insertAttempt } from "./modules/onboarding/repository";
import { guardLoopbackOnly } from "./test/loopback-only";
import { startTestWebsite, type TestWebsite } from "./test/website";
import { startTestWordpress, type TestWordpress } from "./test/wordpress";
import { startTestShopify, startTestWoocommerce, type TestShopify, type TestWoocommerce } from "./test/webshops";

// The scraping, WordPress and webshop operations fetch loopback fixture sites; nothing may connect anywhere else.
const guard = guardLoopbackOnly();
let website: TestWebsite;
let wordpress: TestWordpress;
let woocommerce: TestWoocommerce;
let shopify: TestShopify;
import { insertArticle, listArticles } from "./modules/knowledge/repository";
import { findDesign, insertDesignImage, listDesignImages, saveDemoPage, saveDesign } from "./modules/design/repository";
import { pngImage } from "./modules/design/test-images";
import { contentHashOf } from "./modules/knowledge/service";
import { localPriceIds } from "./modules/billing/service";
import { completeCustomerDetails, seedCheckoutSession, seedInvoice, seedSubscription, signedWebhookHeaders } from "./modules/billing/test-seed";
import { testWebhookSecret } from "./test/context";

const actors: Actor[] = ["admin", "customer", "customer_so", "none"];

type Prepared = Partial<Record<Actor, string>>;

interface OperationCase {
  /** May first store what the request acts on (the article it deletes). */
  request: (f: Fixture, actor: Actor, prepared: Prepared) => InjectOptions | Promise<InjectOptions>;
  expected: Record<Actor, number>;
  /** Data the request needs beyond the fixture (an id per role), made before it is built. */
  prepare?: (f: Fixture, ctx: TestContext) => Promise<Prepared>;
  /** Tenant A's customer user reaching for the other tenant's data; asserts the outcome. */
  foreign?: (f: Fixture, ctx: TestContext, send: (options: InjectOptions) => Promise<LightMyRequestResponse>) => Promise<void>;
}

const protectedOk = { admin: 200, customer: 200, customer_so: 200, none: 401 };
const publicOk = { admin: 200, customer: 200, customer_so: 200, none: 200 };

const attemptSite = { name: "Acme Bakery", description: "Fresh bread.", image: null, excerpt: "" };
/** A website scan of each role's own user (at the loopback website), written straight to the database. */
async function ownAttempts(f: Fixture, ctx: TestContext): Promise<Prepared> {
  const ids: Prepared = {};
  for (const actor of ["admin", "customer", "customer_so"] as const)
    ids[actor] = (await insertAttempt(ctx.database.db, f.users[actor].id, `${website.origin}/`, attemptSite)).id;
  ids.none = ids.customer;
  return ids;
}
/** Another user's scan, reached for by tenant A's customer: 404, and the scan unchanged. */
function foreignAttempt(request: (attemptId: string, f: Fixture) => InjectOptions): OperationCase["foreign"] {
  return async (f, ctx, send) => {
    const theirs = await insertAttempt(ctx.database.db, f.otherUser.id, `${website.origin}/`, attemptSite);
    expect((await send(request(theirs.id, f))).statusCode).toBe(404);
    expect(await findAttempt(ctx.database.db, f.otherUser.id, theirs.id)).toEqual(theirs);
  };
}
/** A GET of one of the caller's scans by `attempt_id`. */
function attemptReadCase(path: string): OperationCase {
  const read = (attemptId: string): InjectOptions => ({ method: "GET", url: `/api/onboarding/${path}?attempt_id=${attemptId}` });
  return { prepare: ownAttempts, request: (_f, actor, prepared) => read(prepared[actor]!), expected: protectedOk, foreign: foreignAttempt(read) };
}
const attemptStep = (path: string, extra: Record<string, unknown> = {}) => (attemptId: string, f: Fixture): InjectOptions => ({
  method: "POST",
  url: `/api/onboarding/${path}`,
  payload: { url: website.origin, attemptId, ...extra, ...(path === "extract_faq" || path === "extract_urls" ? {} : { userId: f.otherUser.id }) },
});

async function customerName(ctx: TestContext, id: string) {
  const rows = await ctx.database.db.query<{ name: string }>("SELECT name FROM customers WHERE id = $1", [id]);
  return rows[0]?.name;
}
async function configurationState(ctx: TestContext, id: string) {
  const rows = await ctx.database.db.query("SELECT name, settings, customer_id FROM configurations WHERE id = $1", [id]);
  return rows[0];
}
/** An article written straight to the database (not indexed). */
async function seedArticle(ctx: TestContext, configurationId: string, text: string): Promise<string> {
  const stored = await insertArticle(ctx.database.db, systemScope, configurationId, {
    kind: "typed",
    source: "manual",
    subject: null,
    url: null,
    text,
    contentHash: contentHashOf(text),
    wordCount: text.split(" ").length,
    splitLength: 500,
    splitOverlap: 0,
  });
  return stored!.article._id;
}
const articleTexts = async (ctx: TestContext, configurationId: string) =>
  (await listArticles(ctx.database.db, systemScope, configurationId)).map((article) => `${article.text}|${article.indexed}`);

async function datasetState(ctx: TestContext, configurationId: string) {
  const rows = await ctx.database.db.query("SELECT dataset_name, dataset_data FROM datasets WHERE configuration_id = $1", [configurationId]);
  return rows[0];
}

const workflowFields = {
  name: "Call back",
  trigger_function: "request_contact",
  actions: [{ type: "send_sms" as const, target: "+31612345678", message: "Call {{name}}" }],
  use_test_data: false,
  conversation_values: [],
  function_values: ["name"],
};
const workflowBody = (configurationId: string, name = "Call back") => ({ configuration_id: configurationId, ...workflowFields, name });
async function workflowOf(ctx: TestContext, configurationId: string, name = "Call back") {
  const created = await insertWorkflow(ctx.database.db, systemScope, configurationId, { ...workflowFields, name });
  if (!created) throw new Error("no workflow");
  return created;
}
/** A workflow for each role to act on, in the configuration it owns. */
async function ownWorkflows(f: Fixture, ctx: TestContext): Promise<Prepared> {
  const ids: Prepared = {};
  for (const actor of actors) ids[actor] = (await workflowOf(ctx, f.own[actor].configurationId))._id;
  return ids;
}


/** Webshop credentials for each role's own configuration (at the loopback shops), saved by an admin. */
function ownShopCredentials(type: "WooCommerce" | "Shopify") {
  return async (f: Fixture, ctx: TestContext): Promise<Prepared> => {
    for (const actor of ["admin", "customer_so"] as const) {
      const configurationId = f.own[actor].configurationId;
      const payload =
        type === "WooCommerce"
          ? { configurationId, webshopUrl: woocommerce.origin, webshopKey: woocommerce.key, webshopSecret: woocommerce.secret, webshoptType: type }
          : { configurationId, webshopUrl: shopify.origin, webshopKey: shopify.token, webshopSecret: "", webshoptType: type };
      const saved = await ctx.app.inject({ method: "POST", url: "/api/webshop/webshopcredentials", payload, headers: bearer(f.tokens.admin) });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    return {};
  };
}
/** A product of the other tenant, written straight to the database. */
async function seedProduct(ctx: TestContext, configurationId: string, name: string) {
  await ctx.database.db.query(
    `INSERT INTO webshop_products (configuration_id, product_id, webshop_type, name, product, search_text) VALUES ($1, '1', 'WooCommerce', $2, $3::jsonb, lower($2))`,
    [configurationId, name, JSON.stringify({ productId: "1", name })],
  );
}
const productNames = async (ctx: TestContext, configurationId: string) =>
  (await ctx.database.db.query<{ name: string }>("SELECT name FROM webshop_products WHERE configuration_id = $1", [configurationId])).map((row) => row.name);
const webshopGet = (path: string, configurationId: string, query = ""): InjectOptions => ({ method: "GET", url: `/api/webshop/${path}?configurationId=${configurationId}${query}` });
/** The other tenant's configuration reached for: 404, no shop asked, its products untouched. */
function foreignWebshop(request: (configurationId: string) => InjectOptions): OperationCase["foreign"] {
  return async (f, ctx, send) => {
    await seedProduct(ctx, f.other.configurationId, "Bravo secret loaf");
    const asked = woocommerce.requests.length + shopify.requests.length;
    const response = await send(request(f.other.configurationId));
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("Bravo secret loaf");
    expect(woocommerce.requests.length + shopify.requests.length).toBe(asked);
    expect(await productNames(ctx, f.other.configurationId)).toEqual(["Bravo secret loaf"]);
    const settings = await ctx.database.db.query("SELECT 1 FROM webshop_settings WHERE configuration_id = $1 UNION ALL SELECT 1 FROM webshop_credentials WHERE configuration_id = $1", [f.other.configurationId]);
    expect(settings).toEqual([]);
  };
}
const webshopSettingsBody = (configurationId: string) => ({ configurationId, webshopSettings: { selectedWebshop: "WooCommerce", selectedOptions: ["name", "price"], selectedVendor: null } });
const wooCredentialsBody = (configurationId: string) => ({
  configurationId,
  webshopUrl: woocommerce.origin,
  webshopKey: woocommerce.key,
  webshopSecret: woocommerce.secret,
  webshoptType: "WooCommerce",
});

/** A conversation of the configuration with a visitor's message and an answer priced from recorded tokens. */
function subscriptionBody(tenant: { customerId: string; configurationId: string }) {
  return {
    configuration_id: tenant.configurationId,
    customer_id: tenant.customerId,
    subscription_type: "monthly",
    is_active: false,
    chosen_product: "basic",
    manual_amount: 99,
    year_discount: 0,
    end_date: "2030-01-31",
    trial_days: 14,
  };
}
function cancelRequest(customerId: string): InjectOptions {
  const { payload, headers } = multipartBody([{ name: "customer_id", value: customerId }]);
  return { method: "POST", url: "/api/orders/cancel_subscription", headers, payload };
}
async function completeOwnDetails(f: Fixture, ctx: TestContext): Promise<Prepared> {
  await completeCustomerDetails(ctx.database.db, f.own.customer.customerId);
  await completeCustomerDetails(ctx.database.db, f.own.customer_so.customerId);
  return {};
}
/** A pending checkout session per role (public operations: anyone holding the id may use it). */
async function ownCheckoutSessions(f: Fixture, ctx: TestContext): Promise<Prepared> {
  const prepared: Prepared = {};
  for (const actor of actors) prepared[actor] = await seedCheckoutSession(ctx.database.db, f.own[actor]);
  return prepared;
}

async function conversationOf(ctx: TestContext, configurationId: string): Promise<void> {
  await ctx.database.db.query(
    `WITH c AS (
       INSERT INTO conversations (configuration_id, session_id, language) VALUES ($1, $2, 'en') RETURNING id
     )
     INSERT INTO conversation_messages (conversation_id, role, content, model, prompt_tokens, completion_tokens)
     SELECT id, 'user', 'Hello', NULL, NULL, NULL FROM c
     UNION ALL SELECT id, 'assistant', 'Hi', 'gpt-4o', 1000, 100 FROM c`,
    [configurationId, randomBytes(18).toString("base64url")],
  );
}

/**
 * A chat notification the user sees, written straight to the database (an event of the user's customer's
 * configuration, after the user was created); its id.
 */
async function notificationOf(ctx: TestContext, configurationId: string, message = "Hello there"): Promise<string> {
  const rows = await ctx.database.db.query<{ id: string }>(
    `INSERT INTO notification_events (configuration_id, customer_id, type, message, session_id, created_at)
     SELECT id, customer_id, 'chat', $2, 'session-for-the-walk-000001', clock_timestamp() FROM configurations WHERE id = $1 RETURNING id`,
    [configurationId, message],
  );
  return rows[0]!.id;
}
async function ownNotifications(f: Fixture, ctx: TestContext): Promise<Prepared> {
  const ids: Prepared = {};
  for (const actor of actors) ids[actor] = await notificationOf(ctx, f.own[actor].configurationId);
  return ids;
}
/** Every user's stored state of the notification (none until a user changes it). */
async function notificationState(ctx: TestContext, id: string) {
  return ctx.database.db.query("SELECT user_id, is_read, hidden FROM notification_states WHERE notification_id = $1 ORDER BY user_id", [id]);
}
/** Tenant A's customer user reaching for the other tenant's user's notification: 404, unchanged. */
function foreignNotification(action: "read" | "unread" | "hide") {
  return async (f: Fixture, ctx: TestContext, send: (options: InjectOptions) => Promise<LightMyRequestResponse>) => {
    const theirs = await notificationOf(ctx, f.other.configurationId, "Bravo's visitor");
    if (action === "unread") await ctx.database.db.query("INSERT INTO notification_states (user_id, notification_id, is_read) VALUES ($1, $2, true)", [f.otherUser.id, theirs]);
    const before = await notificationState(ctx, theirs);
    const response = await send({ method: "POST", url: `/api/notifications/${theirs}/${action}` });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("Bravo's visitor");
    expect(await notificationState(ctx, theirs)).toEqual(before);
  };
}

/** The last seven days up to today, as the history's query. */
function lastWeek(): string {
  const today = new Date().toISOString().slice(0, 10);
  const weekAgo = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return `from=${weekAgo}&to=${today}`;
}
/** A closed conversation with one visitor message, written straight to the database; its session id. */
async function conversationIn(ctx: TestContext, configurationId: string, label: string, text = "Hello there"): Promise<string> {
  const sessionId = `walk-${label.replace(/[^A-Za-z0-9]/g, "")}-0000000000000000`;
  const rows = await ctx.database.db.query<{ id: string }>(
    "INSERT INTO conversations (configuration_id, session_id, language, status) VALUES ($1, $2, 'en', 'Closed') RETURNING id",
    [configurationId, sessionId],
  );
  await ctx.database.db.query("INSERT INTO conversation_messages (conversation_id, role, content) VALUES ($1, 'user', $2)", [rows[0]!.id, text]);
  return sessionId;
}
const bravoConversation = (f: Fixture, ctx: TestContext) => conversationIn(ctx, f.other.configurationId, `bravo-${f.unique}`, "Bravo's visitor");

let storedFiles = 0;
/** A text file stored in a configuration, by the repository; its stored name. */
async function trainingFileIn(ctx: TestContext, configurationId: string, text = "Opening hours: nine to five."): Promise<string> {
  storedFiles += 1;
  const stored = await storeTrainingFile(ctx.database.db, systemScope, configurationId, {
    storedName: `walk-${storedFiles}-${Date.now()}.txt`,
    originalName: `walk ${storedFiles}.txt`,
    nameKey: `walk ${storedFiles}.txt`,
    contentType: "text/plain; charset=utf-8",
    bytes: Buffer.from(text, "utf8"),
  });
  if (!stored) throw new Error("no training file");
  return stored.file.name;
}
/** A file for each role to act on, in the configuration it owns. */
async function ownTrainingFiles(f: Fixture, ctx: TestContext): Promise<Prepared> {
  const names: Prepared = {};
  for (const actor of actors) names[actor] = await trainingFileIn(ctx, f.own[actor].configurationId);
  return names;
}
const storedNames = async (ctx: TestContext, configurationId: string) =>
  (await listTrainingFiles(ctx.database.db, systemScope, configurationId)).map((file) => file.name);
/** A multipart request, as a browser's FormData sends it. */
function formRequest(url: string, parts: Parameters<typeof multipartBody>[0]): InjectOptions {
  const { payload, headers } = multipartBody(parts);
  return { method: "POST", url, headers, payload };
}
const uploadRequest = (configurationId: string) =>
  formRequest("/api/training/files/upload", [
    { name: "configuration_id", value: configurationId },
    { name: "file", value: Buffer.from("Delivery takes one day.", "utf8"), filename: "delivery.txt", contentType: "text/plain" },
  ]);
const scrapeRequest = (configurationId: string, filename: string) =>
  formRequest("/api/files/scrape", [
    { name: "filename", value: filename },
    { name: "configuration_id", value: configurationId },
  ]);

let designFiles = 0;
/** A saved design whose assistant is called `name`. */
async function designIn(ctx: TestContext, configurationId: string, name: string) {
  await saveDesign(ctx.database.db, systemScope, configurationId, { settings: { name }, buttonSettings: {} });
}
async function ownDesigns(f: Fixture, ctx: TestContext): Promise<Prepared> {
  for (const actor of actors) await designIn(ctx, f.own[actor].configurationId, "Own");
  return {};
}
/** A design image stored in a configuration; its stored name. */
async function designImageIn(ctx: TestContext, configurationId: string): Promise<string> {
  designFiles += 1;
  const storedName = `avatar-${designFiles.toString(16).padStart(16, "0")}.png`;
  const stored = await insertDesignImage(ctx.database.db, systemScope, configurationId, { storedName, imageType: 1, contentType: "image/png", bytes: pngImage() });
  if (!stored) throw new Error("no design image");
  return storedName;
}
async function ownDesignImages(f: Fixture, ctx: TestContext): Promise<Prepared> {
  const names: Prepared = {};
  for (const actor of actors) names[actor] = await designImageIn(ctx, f.own[actor].configurationId);
  return names;
}
const designImageNames = async (ctx: TestContext, configurationId: string) =>
  (await listDesignImages(ctx.database.db, systemScope, configurationId, undefined)).map((image) => image.storedName);
const designBody = (configurationId: string, name: string) => ({
  chatbotSettings: { _id: null, configuration_id: configurationId, isTemplate: false, templateName: null, name },
  chatbotButtonSettings: { configuration_id: configurationId },
});
/** A visitor's ongoing conversation in a configuration whose design allows attachments; its session id. */
async function attachmentSessionIn(ctx: TestContext, configurationId: string): Promise<string> {
  await saveDesign(ctx.database.db, systemScope, configurationId, { settings: { allowAttachments: true }, buttonSettings: {} });
  const sent = await ctx.app.inject({ method: "POST", url: `/api/widget/${configurationId}/messages`, payload: { message: "Hello" } });
  return sent.json().session_id as string;
}
const attachmentUploadRequest = (configurationId: string, sessionId: string) =>
  formRequest(`/api/widget/${configurationId}/attachments`, [
    { name: "session_id", value: sessionId },
    { name: "file", value: pngImage(), filename: "photo.png", contentType: "image/png" },
  ]);
const imageUploadRequest = (configurationId: string) =>
  formRequest("/api/chatbot/settings/image/upload", [
    { name: "configuration_id", value: configurationId },
    { name: "file", value: pngImage(), filename: "avatar.png", contentType: "image/png" },
  ]);
const scriptUploadRequest = (configurationId: string) =>
  formRequest("/api/chatbot/settings/script/upload", [
    { name: "configuration_id", value: configurationId },
    { name: "script_content", value: "<script>window.own = 1</script>" },
  ]);
const demoUploadRequest = (configurationId: string) =>
  formRequest("/api/chatbot/settings/demo/upload", [
    { name: "configuration_id", value: configurationId },
    { name: "demo_content", value: Buffer.from("<p>Demo</p>"), filename: "demo.html", contentType: "text/html" },
  ]);
const demoRows = async (ctx: TestContext, configurationId: string) =>
  ctx.database.db.query("SELECT demo_id FROM chatbot_demos WHERE configuration_id = $1", [configurationId]);

const cases: Record<string, OperationCase> = {
  login: {
    request: (f) => ({ method: "POST", url: "/api/login", payload: { username: f.users.customer.email, password: testPassword } }),
    expected: publicOk,
  },
  validateToken: {
    request: (f, actor) => ({
      method: "POST",
      url: "/api/validate-token",
      payload: { token: actor === "none" ? "not-a-token" : f.tokens[actor] },
    }),
    expected: protectedOk,
  },
  validateTokenLogin: {
    request: (f, actor) => ({
      method: "POST",
      url: "/api/validate-token-login",
      payload: { token: actor === "none" ? "not-a-token" : f.tokens[actor] },
    }),
    expected: protectedOk,
  },
  validateEmail: {
    request: (f, actor) => ({ method: "POST", url: "/api/validate-email", payload: { email: `free-${actor}-${f.unique}@example.test` } }),
    expected: publicOk,
  },
  register: {
    request: (f, actor) => ({
      method: "POST",
      url: "/api/register",
      payload: {
        firstname: "New",
        lastname: "Person",
        email: `new-${actor}-${f.unique}@example.test`,
        password: "Good-pass1!",
        confirmPassword: "Good-pass1!",
        languageCode: "de",
      },
    }),
    expected: publicOk,
  },
  validateOtp: {
    request: (f) => ({ method: "POST", url: "/api/validate-otp", payload: { email: `nobody-${f.unique}@example.test`, otp: "123456" } }),
    expected: { admin: 400, customer: 400, customer_so: 400, none: 400 },
  },
  requestPasswordReset: {
    request: (f) => ({ method: "POST", url: "/api/password-reset/request", payload: { email: `nobody-${f.unique}@example.test` } }),
    expected: publicOk,
  },
  checkPasswordResetToken: {
    // Its own token: checking and resetting share a limit per token.
    request: () => ({ method: "POST", url: "/api/password-reset/check", payload: { token: "unknown-check-token" } }),
    expected: publicOk,
  },
  resetPassword: {
    request: () => ({
      method: "POST",
      url: "/api/password-reset/reset",
      payload: { token: "unknown-token", password: "Good-pass1!", confirmPassword: "Good-pass1!" },
    }),
    expected: { admin: 400, customer: 400, customer_so: 400, none: 400 },
  },
  // Google sign-in is not configured here (503); google.test.ts covers it configured.
  startGoogleSignIn: {
    request: () => ({ method: "GET", url: "/api/auth/google/start?portal=customer" }),
    expected: { admin: 503, customer: 503, customer_so: 503, none: 503 },
  },
  googleSignInCallback: {
    request: () => ({ method: "GET", url: "/api/auth/google/callback?code=x&state=y" }),
    expected: { admin: 503, customer: 503, customer_so: 503, none: 503 },
  },
  getAuthMethods: { request: () => ({ method: "GET", url: "/api/auth/methods" }), expected: publicOk },
  listUsers: {
    request: () => ({ method: "GET", url: "/api/users" }),
    expected: protectedOk,
    foreign: async (f, _ctx, send) => {
      const ids = (await send({ method: "GET", url: "/api/users" })).json().data.map((u: { id: string }) => u.id);
      expect(ids).toContain(f.users.customer.id);
      expect(ids).not.toContain(f.otherUser.id);
      expect(ids).not.toContain(f.users.admin.id);
    },
  },
  addOrUpdateUser: {
    request: (f, actor) => ({
      method: "POST",
      url: "/api/users/add_or_update",
      payload: {
        customerId: f.own[actor].customerId,
        username: `added-${actor}-${f.unique}@example.test`,
        email: `added-${actor}-${f.unique}@example.test`,
        firstname: "Added",
        lastname: "User",
        password: "Good-pass1!",
        role: "customer",
      },
    }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const response = await send({
        method: "POST",
        url: "/api/users/add_or_update",
        payload: {
          id: f.otherUser.id,
          username: f.otherUser.email,
          email: f.otherUser.email,
          firstname: "Hijacked",
          lastname: "User",
          role: "customer",
        },
      });
      expect(response.statusCode).toBe(404);
      const moved = await send({
        method: "POST",
        url: "/api/users/add_or_update",
        payload: {
          customerId: f.other.customerId,
          username: `planted-${f.unique}@example.test`,
          email: `planted-${f.unique}@example.test`,
          firstname: "Planted",
          lastname: "User",
          password: "Good-pass1!",
          role: "customer",
        },
      });
      expect(moved.statusCode).toBe(404);
      const rows = await ctx.database.db.query<{ firstname: string }>("SELECT firstname FROM users WHERE id = $1", [f.otherUser.id]);
      expect(rows[0]?.firstname).not.toBe("Hijacked");
      const planted = await ctx.database.db.query("SELECT 1 FROM users WHERE email = $1", [`planted-${f.unique}@example.test`]);
      expect(planted).toHaveLength(0);
    },
  },
  refreshPassword: {
    request: () => ({
      method: "POST",
      url: "/api/users/refresh_password",
      payload: { password: testPassword, confirmPassword: testPassword, currentPassword: testPassword },
    }),
    expected: protectedOk,
  },
  updateShowInstructions: {
    request: (f, actor) => ({
      method: "POST",
      url: "/api/users/update_show_instructions",
      payload: { _id: actor === "none" ? f.users.customer.id : f.users[actor].id, showInstructions: false },
    }),
    expected: protectedOk,
    foreign: async (f, _ctx, send) => {
      const response = await send({
        method: "POST",
        url: "/api/users/update_show_instructions",
        payload: { _id: f.otherUser.id, showInstructions: true },
      });
      expect(response.statusCode).toBe(404);
    },
  },
  setUserAvailability: {
    request: () => ({ method: "POST", url: "/api/users/availability", payload: { is_available: true } }),
    expected: protectedOk,
  },
  listCustomers: {
    request: () => ({ method: "GET", url: "/api/customers" }),
    expected: protectedOk,
    foreign: async (f, _ctx, send) => {
      const ids = (await send({ method: "GET", url: "/api/customers" })).json().data.map((c: { _id: string }) => c._id);
      expect(ids).toEqual([f.own.customer.customerId]);
    },
  },
  getCustomer: {
    request: (f, actor) => ({ method: "GET", url: `/api/customer?_id=${f.own[actor].customerId}` }),
    expected: protectedOk,
    foreign: async (f, _ctx, send) => {
      expect((await send({ method: "GET", url: `/api/customer?_id=${f.other.customerId}` })).statusCode).toBe(404);
    },
  },
  customerHasConfiguration: {
    request: (f, actor) => ({ method: "GET", url: `/api/customer_has_configuration?_id=${f.own[actor].customerId}` }),
    expected: protectedOk,
    foreign: async (f, _ctx, send) => {
      expect((await send({ method: "GET", url: `/api/customer_has_configuration?_id=${f.other.customerId}` })).statusCode).toBe(404);
    },
  },
  createOrUpdateCustomer: {
    request: (f, actor) => ({
      method: "POST",
      url: "/api/customer/create_or_update",
      payload: { _id: f.own[actor].customerId, name: `Renamed by ${actor}`, city: "Utrecht" },
    }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const before = await customerName(ctx, f.other.customerId);
      const response = await send({ method: "POST", url: "/api/customer/create_or_update", payload: { _id: f.other.customerId, name: "Hijacked" } });
      expect(response.statusCode).toBe(404);
      expect(await customerName(ctx, f.other.customerId)).toBe(before);
      const create = await send({ method: "POST", url: "/api/customer/create_or_update", payload: { name: "Not allowed" } });
      expect(create.statusCode).toBe(403);
    },
  },
  selfOnboardingCreateCustomer: {
    request: () => ({ method: "POST", url: "/api/customer/self_onboarding_create", payload: { name: "My shop" } }),
    expected: { admin: 403, customer: 403, customer_so: 200, none: 401 },
    foreign: async (f, ctx, send) => {
      const before = await customerName(ctx, f.other.customerId);
      const response = await send({ method: "POST", url: "/api/customer/self_onboarding_create", payload: { _id: f.other.customerId, name: "Hijacked" } });
      expect(response.statusCode).toBe(403);
      expect(await customerName(ctx, f.other.customerId)).toBe(before);
    },
  },
  deleteCustomer: {
    request: (f, actor) => ({ method: "DELETE", url: `/api/customers/${f.own[actor].customerId}` }),
    expected: { admin: 200, customer: 403, customer_so: 403, none: 401 },
    foreign: async (f, ctx, send) => {
      expect((await send({ method: "DELETE", url: `/api/customers/${f.other.customerId}` })).statusCode).toBe(404);
      expect(await customerName(ctx, f.other.customerId)).toBeDefined();
    },
  },
  listFaqCorrections: {
    request: (f, actor) => ({ method: "GET", url: `/api/data/dataset/corrections?configurationId=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, _ctx, send) => {
      expect((await send({ method: "GET", url: `/api/data/dataset/corrections?configurationId=${f.other.configurationId}` })).statusCode).toBe(404);
    },
  },
  addFaqCorrection: {
    // Each tenant's FAQ holds one row whose question is the tenant's label and a question mark.
    prepare: async (f, ctx) => {
      const questions: Prepared = {};
      for (const actor of actors) {
        const rows = await ctx.database.db.query<{ question: string }>("SELECT dataset_data->0->>'question' AS question FROM datasets WHERE configuration_id = $1", [f.own[actor].configurationId]);
        questions[actor] = rows[0]?.question ?? "none";
      }
      return questions;
    },
    request: (f, actor, prepared) => ({
      method: "POST",
      url: "/api/data/dataset/corrections",
      payload: { configurationId: f.own[actor].configurationId, question: "how do i?", faqQuestion: prepared[actor] },
    }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const response = await send({ method: "POST", url: "/api/data/dataset/corrections", payload: { configurationId: f.other.configurationId, question: "mine?", faqQuestion: "Bravo?" } });
      expect(response.statusCode).toBe(404);
      expect(await ctx.database.db.query("SELECT 1 FROM faq_corrections WHERE configuration_id = $1", [f.other.configurationId])).toEqual([]);
    },
  },
  deleteFaqCorrection: {
    request: (f, actor) => ({ method: "DELETE", url: "/api/data/dataset/corrections", payload: { configurationId: f.own[actor].configurationId, _id: "00000000-0000-4000-8000-000000000000" } }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const rows = await ctx.database.db.query<{ question: string }>("SELECT dataset_data->0->>'question' AS question FROM datasets WHERE configuration_id = $1", [f.other.configurationId]);
      const kept = await ctx.database.db.query<{ id: string }>(
        "INSERT INTO faq_corrections (configuration_id, question, faq_question) VALUES ($1, 'theirs?', $2) RETURNING id",
        [f.other.configurationId, rows[0]!.question],
      );
      const response = await send({ method: "DELETE", url: "/api/data/dataset/corrections", payload: { configurationId: f.other.configurationId, _id: kept[0]!.id } });
      expect(response.statusCode).toBe(404);
      expect(await ctx.database.db.query("SELECT 1 FROM faq_corrections WHERE id = $1", [kept[0]!.id])).toHaveLength(1);
    },
  },
  getDataset: {
    request: (f, actor) => ({ method: "GET", url: `/api/data/dataset?configurationId=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, _ctx, send) => {
      expect((await send({ method: "GET", url: `/api/data/dataset?configurationId=${f.other.configurationId}` })).statusCode).toBe(404);
    },
  },
  saveDataset: {
    request: (f, actor) => ({
      method: "POST",
      url: "/api/data/dataset",
      payload: {
        configurationId: f.own[actor].configurationId,
        datasetName: "FAQ",
        datasetData: [{ question: "Q", answer: "A" }],
        datasetHeaders: [
          { text: "Question", value: "question" },
          { text: "Answer", value: "answer" },
        ],
      },
    }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const before = await datasetState(ctx, f.other.configurationId);
      const response = await send({
        method: "POST",
        url: "/api/data/dataset",
        payload: {
          configurationId: f.other.configurationId,
          datasetName: "Hijacked",
          datasetData: [],
          datasetHeaders: [{ text: "Question", value: "question" }],
        },
      });
      expect(response.statusCode).toBe(404);
      expect(await datasetState(ctx, f.other.configurationId)).toEqual(before);
    },
  },
  deleteDataset: {
    request: (f, actor) => ({ method: "DELETE", url: `/api/data/dataset?configurationId=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const response = await send({ method: "DELETE", url: `/api/data/dataset?configurationId=${f.other.configurationId}` });
      expect(response.statusCode).toBe(404);
      expect(await datasetState(ctx, f.other.configurationId)).toBeDefined();
    },
  },
  getUrls: {
    request: (f, actor) => ({ method: "GET", url: `/api/training/urls/get?configurationId=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await saveTrainingUrls(ctx.database.db, systemScope, f.other.configurationId, [{ url: "https://bravo.test/secret", subject: "" }]);
      const response = await send({ method: "GET", url: `/api/training/urls/get?configurationId=${f.other.configurationId}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("bravo.test");
    },
  },
  saveUrls: {
    request: (f, actor) => ({
      method: "POST",
      url: "/api/training/urls/save",
      payload: { configurationId: f.own[actor].configurationId, urls: [{ url: "https://own.test/faq", subject: "FAQ" }] },
    }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const kept = [{ url: "https://bravo.test/kept", subject: "" }];
      await saveTrainingUrls(ctx.database.db, systemScope, f.other.configurationId, kept);
      const response = await send({
        method: "POST",
        url: "/api/training/urls/save",
        payload: { configurationId: f.other.configurationId, urls: [{ url: "https://hijacked.test/", subject: "" }] },
      });
      expect(response.statusCode).toBe(404);
      expect(await findTrainingUrls(ctx.database.db, systemScope, f.other.configurationId)).toEqual(kept);
    },
  },
  // Public: a visitor of a customer's website. What a caller reaches is the conversation of the session id
  // they hold, and only within the configuration named in the path.
  sendWidgetMessage: {
    request: (f, actor) => ({ method: "POST", url: `/api/widget/${f.own[actor].configurationId}/messages`, payload: { message: "Hello there" } }),
    expected: publicOk,
    foreign: async (f, ctx, send) => {
      const theirs = await ctx.app.inject({ method: "POST", url: `/api/widget/${f.other.configurationId}/messages`, payload: { message: "bravo secret" } });
      const sessionId = theirs.json().session_id as string;
      const response = await send({ method: "POST", url: `/api/widget/${f.own.customer.configurationId}/messages`, payload: { session_id: sessionId, message: "mine now?" } });
      expect(response.statusCode).toBe(200);
      expect(response.json().session_id).not.toBe(sessionId);
      const kept = await ctx.database.db.query("SELECT m.content FROM conversation_messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.session_id = $1 AND m.role = 'user'", [sessionId]);
      expect(kept).toEqual([{ content: "bravo secret" }]);
    },
  },
  rateWidgetMessage: {
    prepare: async (f, ctx) => {
      const prepared: Prepared = {};
      for (const actor of actors) {
        // A question, whose reply is an answer (a reply to "Hello" is small talk, which cannot be rated).
        const sent = await ctx.app.inject({ method: "POST", url: `/api/widget/${f.own[actor].configurationId}/messages`, payload: { message: "Where is my order?" } });
        prepared[actor] = `${sent.json().session_id} ${sent.json().reply.id}`;
      }
      return prepared;
    },
    request: (f, actor, prepared) => {
      const [sessionId, messageId] = prepared[actor]!.split(" ");
      return { method: "POST", url: `/api/widget/${f.own[actor].configurationId}/messages/${messageId}/rating`, payload: { session_id: sessionId, rating: 1 } };
    },
    expected: publicOk,
    foreign: async (f, ctx, send) => {
      const theirs = (await ctx.app.inject({ method: "POST", url: `/api/widget/${f.other.configurationId}/messages`, payload: { message: "Where is my order?" } })).json();
      const response = await send({ method: "POST", url: `/api/widget/${f.own.customer.configurationId}/messages/${theirs.reply.id}/rating`, payload: { session_id: theirs.session_id, rating: -1 } });
      expect(response.statusCode).toBe(404);
      const rows = await ctx.database.db.query<{ rating: number | null }>("SELECT rating FROM conversation_messages WHERE id = $1", [theirs.reply.id]);
      expect(rows[0]!.rating).toBeNull();
    },
  },
  getWidgetHistory: {
    request: (f, actor) => ({ method: "GET", url: `/api/widget/${f.own[actor].configurationId}/history?session_id=no-such-session-000000000` }),
    expected: publicOk,
    foreign: async (f, ctx, send) => {
      const theirs = await ctx.app.inject({ method: "POST", url: `/api/widget/${f.other.configurationId}/messages`, payload: { message: "bravo secret" } });
      const sessionId = theirs.json().session_id as string;
      const response = await send({ method: "GET", url: `/api/widget/${f.own.customer.configurationId}/history?session_id=${sessionId}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual([]);
    },
  },
  uploadWidgetAttachment: {
    prepare: async (f, ctx) => {
      const sessions: Prepared = {};
      for (const actor of actors) sessions[actor] = await attachmentSessionIn(ctx, f.own[actor].configurationId);
      return sessions;
    },
    request: (f, actor, sessions) => attachmentUploadRequest(f.own[actor].configurationId, sessions[actor]!),
    expected: publicOk,
    foreign: async (f, ctx, send) => {
      const theirs = await attachmentSessionIn(ctx, f.other.configurationId);
      const mine = await attachmentSessionIn(ctx, f.own.customer.configurationId);
      // Their visitor's session under this configuration, and this visitor's session under theirs.
      expect((await send(attachmentUploadRequest(f.own.customer.configurationId, theirs))).statusCode).toBe(404);
      expect((await send(attachmentUploadRequest(f.other.configurationId, mine))).statusCode).toBe(404);
      expect(await ctx.database.db.query("SELECT id FROM conversation_attachments WHERE configuration_id = $1", [f.other.configurationId])).toEqual([]);
    },
  },
  downloadWidgetAttachment: {
    prepare: async (f, ctx) => {
      const prepared: Prepared = {};
      for (const actor of actors) {
        const sessionId = await attachmentSessionIn(ctx, f.own[actor].configurationId);
        const sent = await ctx.app.inject(attachmentUploadRequest(f.own[actor].configurationId, sessionId));
        prepared[actor] = `${sessionId} ${sent.json().attachment.url}`;
      }
      return prepared;
    },
    request: (_f, actor, prepared) => {
      const [sessionId, url] = prepared[actor]!.split(" ");
      return { method: "GET", url: `${url}?session_id=${sessionId}` };
    },
    expected: publicOk,
    foreign: async (f, ctx, send) => {
      const theirs = await attachmentSessionIn(ctx, f.other.configurationId);
      const { attachment } = (await ctx.app.inject(attachmentUploadRequest(f.other.configurationId, theirs))).json();
      const mine = await attachmentSessionIn(ctx, f.own.customer.configurationId);
      const crossed = await send({ method: "GET", url: `/api/widget/${f.own.customer.configurationId}/attachments/${attachment.id}?session_id=${mine}` });
      expect(crossed.statusCode).toBe(404);
      const theirPath = await send({ method: "GET", url: `${attachment.url}?session_id=${mine}` });
      expect(theirPath.statusCode).toBe(404);
      expect(theirPath.rawPayload.includes(pngImage())).toBe(false);
    },
  },
  // Stateless: the pages are fetched and answered, no tenant's data is read or kept (no id, no x-tenant).
  scrapeStaticWebsite: {
    request: () => ({
      method: "POST",
      url: "/api/training/scrape_static_website",
      payload: { tags: ["h1", "p"], url: [`${website.origin}/`, `${website.origin}/contact`], filtered_classes: [] },
    }),
    expected: protectedOk,
  },
  scrapeSitemap: {
    request: () => ({ method: "POST", url: "/api/training/scrape_sitemap", payload: { url: `${website.origin}/` } }),
    expected: protectedOk,
  },
  getWordpressTotalPages: {
    request: () => ({ method: "GET", url: `/api/wordpress/total-pages?url=${encodeURIComponent(wordpress.origin)}` }),
    expected: protectedOk,
  },
  getWordpressTotalPosts: {
    request: () => ({ method: "GET", url: `/api/wordpress/total-posts?url=${encodeURIComponent(wordpress.origin)}` }),
    expected: protectedOk,
  },
  listWordpressPages: {
    request: () => ({ method: "GET", url: `/api/wordpress/pages?url=${encodeURIComponent(wordpress.origin)}&page=1&per_page=10` }),
    expected: protectedOk,
  },
  listWordpressPosts: {
    request: () => ({ method: "GET", url: `/api/wordpress/posts?url=${encodeURIComponent(wordpress.origin)}&page=1&per_page=10` }),
    expected: protectedOk,
  },
  getWordpressIndexedPages: {
    request: (f, actor) => ({ method: "GET", url: `/api/wordpress/get-indexed-pages?configurationId=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await seedArticle(ctx, f.other.configurationId, "bravo wordpress secret");
      const response = await send({ method: "GET", url: `/api/wordpress/get-indexed-pages?configurationId=${f.other.configurationId}` });
      expect(response.statusCode).toBe(404);
    },
  },
  indexWordpressContent: {
    request: (f, actor) => ({
      method: "POST",
      url: "/api/wordpress/index-content",
      payload: { configurationId: f.own[actor].configurationId, wordpressUrl: wordpress.origin, pages: [{ id: 2 }], posts: [] },
    }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const response = await send({
        method: "POST",
        url: "/api/wordpress/index-content",
        payload: { configurationId: f.other.configurationId, wordpressUrl: wordpress.origin, pages: [{ id: 2 }], posts: [] },
      });
      expect(response.statusCode).toBe(404);
      expect((await articleTexts(ctx, f.other.configurationId)).filter((text) => text.includes("seven o'clock"))).toEqual([]);
    },
  },
  deleteWordpressPages: {
    request: (f, actor) => ({ method: "DELETE", url: `/api/wordpress/delete-pages?configurationId=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await seedArticle(ctx, f.other.configurationId, "bravo article to survive the wordpress delete");
      const response = await send({ method: "DELETE", url: `/api/wordpress/delete-pages?configurationId=${f.other.configurationId}` });
      expect(response.statusCode).toBe(404);
      expect(await articleTexts(ctx, f.other.configurationId)).toContain("bravo article to survive the wordpress delete|false");
    },
  },
  getWebshopSettings: {
    request: (f, actor) => webshopGet("webshopsettings", f.own[actor].configurationId),
    expected: protectedOk,
    foreign: foreignWebshop((id) => webshopGet("webshopsettings", id)),
  },
  saveWebshopSettings: {
    request: (f, actor) => ({ method: "POST", url: "/api/webshop/webshopsettings", payload: webshopSettingsBody(f.own[actor].configurationId) }),
    expected: protectedOk,
    foreign: foreignWebshop((id) => ({ method: "POST", url: "/api/webshop/webshopsettings", payload: webshopSettingsBody(id) })),
  },
  saveWebshopCredentials: {
    request: (f, actor) => ({ method: "POST", url: "/api/webshop/webshopcredentials", payload: wooCredentialsBody(f.own[actor].configurationId) }),
    expected: protectedOk,
    foreign: foreignWebshop((id) => ({ method: "POST", url: "/api/webshop/webshopcredentials", payload: wooCredentialsBody(id) })),
  },
  webshopCredentialsExist: {
    request: (f, actor) => webshopGet("webshopcredentials/exists", f.own[actor].configurationId),
    expected: protectedOk,
    foreign: foreignWebshop((id) => webshopGet("webshopcredentials/exists", id)),
  },
  testWebshopConnection: {
    prepare: ownShopCredentials("WooCommerce"),
    request: (f, actor) => webshopGet("test", f.own[actor].configurationId),
    expected: protectedOk,
    foreign: foreignWebshop((id) => webshopGet("test", id)),
  },
  getIndexedProductsCount: {
    request: (f, actor) => webshopGet("indexedproductscount", f.own[actor].configurationId),
    expected: protectedOk,
    foreign: foreignWebshop((id) => webshopGet("indexedproductscount", id)),
  },
  indexWoocommerceProducts: {
    prepare: ownShopCredentials("WooCommerce"),
    request: (f, actor) => webshopGet("index_woocommerce_products", f.own[actor].configurationId, "&page=1&per_page=10"),
    expected: protectedOk,
    foreign: foreignWebshop((id) => webshopGet("index_woocommerce_products", id, "&page=1&per_page=10")),
  },
  indexShopifyProducts: {
    prepare: ownShopCredentials("Shopify"),
    request: (f, actor) => webshopGet("index_shopify_products", f.own[actor].configurationId, "&selectedVendor=Jansen"),
    expected: protectedOk,
    foreign: foreignWebshop((id) => webshopGet("index_shopify_products", id, "&selectedVendor=Jansen")),
  },
  deleteAllProducts: {
    request: (f, actor) => ({ method: "DELETE", url: `/api/webshop/delete_all_products?configurationId=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: foreignWebshop((id) => ({ method: "DELETE", url: `/api/webshop/delete_all_products?configurationId=${id}` })),
  },
  searchProducts: {
    request: (f, actor) => webshopGet("search_products", f.own[actor].configurationId, "&search=loaf"),
    expected: protectedOk,
    foreign: foreignWebshop((id) => webshopGet("search_products", id, "&search=loaf")),
  },
  listArticles: {
    request: (f, actor) => ({ method: "GET", url: `/api/training/articles?_id=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await seedArticle(ctx, f.other.configurationId, "bravo secret article");
      const response = await send({ method: "GET", url: `/api/training/articles?_id=${f.other.configurationId}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("bravo secret");
    },
  },
  createArticle: {
    request: (f, actor) => ({
      method: "POST",
      url: "/api/training/create_article",
      payload: { configurationId: f.own[actor].configurationId, text: `Typed by ${actor}`, source: "manual" },
    }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const kept = await seedArticle(ctx, f.other.configurationId, "bravo kept article");
      const planted = await send({
        method: "POST",
        url: "/api/training/create_article",
        payload: { configurationId: f.other.configurationId, text: "planted", source: "manual" },
      });
      expect(planted.statusCode).toBe(404);
      // Their article named for a replace under our own configuration is not found either.
      const replaced = await send({
        method: "POST",
        url: "/api/training/create_article",
        payload: { _id: kept, configurationId: f.own.customer.configurationId, text: "hijacked", source: "manual" },
      });
      expect(replaced.statusCode).toBe(404);
      expect(await articleTexts(ctx, f.other.configurationId)).toEqual(["bravo kept article|false"]);
    },
  },
  createArticles: {
    request: (f, actor) => ({
      method: "POST",
      url: "/api/training/create_articles",
      payload: { configurationId: f.own[actor].configurationId, articles: [{ text: `Typed in a batch by ${actor}`, source: "manual" }] },
    }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await seedArticle(ctx, f.other.configurationId, "bravo batch article");
      const planted = await send({
        method: "POST",
        url: "/api/training/create_articles",
        payload: { configurationId: f.other.configurationId, articles: [{ text: "planted in a batch", source: "manual" }, { text: "bravo batch article", source: "manual" }] },
      });
      expect(planted.statusCode).toBe(404);
      expect(await articleTexts(ctx, f.other.configurationId)).toEqual(["bravo batch article|false"]);
    },
  },
  indexArticle: {
    request: (f, actor) => ({ method: "POST", url: "/api/training/index_article", payload: { configurationId: f.own[actor].configurationId } }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const theirs = await seedArticle(ctx, f.other.configurationId, "bravo unindexed article");
      expect((await send({ method: "POST", url: "/api/training/index_article", payload: { configurationId: f.other.configurationId } })).statusCode).toBe(404);
      const named = await send({
        method: "POST",
        url: "/api/training/index_article",
        payload: { configurationId: f.own.customer.configurationId, articleIds: [theirs] },
      });
      expect(named.json()).toMatchObject({ indexed: 0, failed: 1 });
      expect(await articleTexts(ctx, f.other.configurationId)).toEqual(["bravo unindexed article|false"]);
    },
  },
  deleteArticle: {
    request: async (f, actor) => ({
      method: "POST",
      url: "/api/training/article/delete",
      payload: { _id: await seedArticle(ctx, f.own[actor].configurationId, `to delete ${actor} ${f.unique}`), configuration_id: f.own[actor].configurationId },
    }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const theirs = await seedArticle(ctx, f.other.configurationId, "bravo article to keep");
      const direct = await send({ method: "POST", url: "/api/training/article/delete", payload: { _id: theirs, configuration_id: f.other.configurationId } });
      expect(direct.statusCode).toBe(404);
      const crossed = await send({ method: "POST", url: "/api/training/article/delete", payload: { _id: theirs, configuration_id: f.own.customer.configurationId } });
      expect(crossed.statusCode).toBe(404);
      expect(await articleTexts(ctx, f.other.configurationId)).toEqual(["bravo article to keep|false"]);
    },
  },
  wipeArticleData: {
    request: (f, actor) => ({
      method: "POST",
      url: "/api/training/articles/wipe_article_data_for_configuration",
      payload: { configuration_id: f.own[actor].configurationId },
    }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await seedArticle(ctx, f.other.configurationId, "bravo article to survive");
      const response = await send({
        method: "POST",
        url: "/api/training/articles/wipe_article_data_for_configuration",
        payload: { configuration_id: f.other.configurationId },
      });
      expect(response.statusCode).toBe(404);
      expect(await articleTexts(ctx, f.other.configurationId)).toEqual(["bravo article to survive|false"]);
    },
  },
  searchInArticles: {
    request: (f, actor) => ({
      method: "POST",
      url: "/api/training/search_in_articles",
      payload: { configurationId: f.own[actor].configurationId, searchText: "opening hours", includeFaq: true },
    }),
    expected: protectedOk,
    foreign: async (f, _ctx, send) => {
      const response = await send({
        method: "POST",
        url: "/api/training/search_in_articles",
        payload: { configurationId: f.other.configurationId, searchText: "bravo", includeFaq: true },
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("bravo");
    },
  },
  getFileNames: {
    request: (f, actor) => ({ method: "GET", url: `/api/files/get_names?configuration_id=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const secret = await trainingFileIn(ctx, f.other.configurationId);
      const response = await send({ method: "GET", url: `/api/files/get_names?configuration_id=${f.other.configurationId}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(secret);
    },
  },
  uploadTrainingFile: {
    request: (f, actor) => uploadRequest(f.own[actor].configurationId),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      expect((await send(uploadRequest(f.other.configurationId))).statusCode).toBe(404);
      expect(await storedNames(ctx, f.other.configurationId)).toEqual([]);
    },
  },
  deleteFile: {
    request: (f, actor, files) => ({
      method: "DELETE",
      url: `/api/files/delete?configuration_id=${f.own[actor].configurationId}&filename=${files[actor]}`,
    }),
    prepare: ownTrainingFiles,
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const kept = await trainingFileIn(ctx, f.other.configurationId);
      const foreign = await send({ method: "DELETE", url: `/api/files/delete?configuration_id=${f.other.configurationId}&filename=${kept}` });
      expect(foreign.statusCode).toBe(404);
      const crossed = await send({ method: "DELETE", url: `/api/files/delete?configuration_id=${f.own.customer.configurationId}&filename=${kept}` });
      expect(crossed.statusCode).toBe(404);
      expect(await storedNames(ctx, f.other.configurationId)).toEqual([kept]);
    },
  },
  scrapeFile: {
    request: (f, actor, files) => scrapeRequest(f.own[actor].configurationId, files[actor]!),
    prepare: ownTrainingFiles,
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const secret = await trainingFileIn(ctx, f.other.configurationId, "Bravo's secret price list.");
      for (const configurationId of [f.other.configurationId, f.own.customer.configurationId]) {
        const response = await send(scrapeRequest(configurationId, secret));
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain("secret price");
      }
    },
  },
  searchConfigurations: {
    request: () => ({ method: "GET", url: "/api/configurations/search?query=" }),
    expected: protectedOk,
    foreign: async (f, _ctx, send) => {
      const all = (await send({ method: "GET", url: "/api/configurations/search" })).json().data.map((c: { _id: string }) => c._id);
      expect(all).toEqual([f.own.customer.configurationId]);
      const filtered = await send({ method: "GET", url: `/api/configurations/search?customerId=${f.other.customerId}` });
      expect(filtered.json().data).toEqual([]);
      const byName = await send({ method: "GET", url: `/api/configurations/search?query=${f.other.configurationName}` });
      expect(byName.json().data).toEqual([]);
    },
  },
  getConfiguration: {
    request: (f, actor) => ({ method: "GET", url: `/api/configuration?configuration_id=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, _ctx, send) => {
      expect((await send({ method: "GET", url: `/api/configuration?configuration_id=${f.other.configurationId}` })).statusCode).toBe(404);
    },
  },
  createOrUpdateConfiguration: {
    request: (f, actor) => ({
      method: "POST",
      url: "/api/configuration/create_or_update",
      payload: { _id: f.own[actor].configurationId, name: `renamed-by-${actor}`, temperature: 0.5 },
    }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const before = await configurationState(ctx, f.other.configurationId);
      const update = await send({
        method: "POST",
        url: "/api/configuration/create_or_update",
        payload: { _id: f.other.configurationId, name: "hijacked" },
      });
      expect(update.statusCode).toBe(404);
      const create = await send({
        method: "POST",
        url: "/api/configuration/create_or_update",
        payload: { name: "planted", customerId: f.other.customerId },
      });
      expect(create.statusCode).toBe(404);
      expect(await configurationState(ctx, f.other.configurationId)).toEqual(before);
      const planted = await ctx.database.db.query("SELECT 1 FROM configurations WHERE name = 'planted'");
      expect(planted).toHaveLength(0);
    },
  },
  createWidgetTestTicket: {
    request: (f, actor) => ({ method: "POST", url: "/api/widget/test-ticket", payload: { configuration_id: f.own[actor].configurationId } }),
    expected: protectedOk,
    foreign: async (f, _ctx, send) => {
      // No ticket for another tenant's configuration: its test conversations stay its own customer's.
      const response = await send({ method: "POST", url: "/api/widget/test-ticket", payload: { configuration_id: f.other.configurationId } });
      expect(response.statusCode).toBe(404);
    },
  },
  getUsage: {
    request: (f, actor) => ({ method: "GET", url: `/api/dashboard/usage?configuration_id=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, _ctx, send) => {
      const response = await send({ method: "GET", url: `/api/dashboard/usage?configuration_id=${f.other.configurationId}` });
      expect(response.statusCode).toBe(404);
      const all = await send({ method: "GET", url: "/api/dashboard/usage" });
      expect(all.json().data).toMatchObject({ configurations: 1, customers: 1 });
    },
  },
  getConversationsOverview: {
    request: (f, actor) => ({ method: "GET", url: `/api/dashboard/conversations?configuration_id=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await conversationOf(ctx, f.other.configurationId);
      const response = await send({ method: "GET", url: `/api/dashboard/conversations?configuration_id=${f.other.configurationId}` });
      expect(response.statusCode).toBe(404);
      const all = await send({ method: "GET", url: "/api/dashboard/conversations" });
      expect(all.statusCode).toBe(200);
      expect(all.json().data.reduce((sum: number, month: { conversations: number }) => sum + month.conversations, 0)).toBe(0);
    },
  },
  getGptCost: {
    request: (f, actor) => ({ method: "GET", url: `/api/dashboard/gpt-cost?configuration_id=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await conversationOf(ctx, f.other.configurationId);
      const response = await send({ method: "GET", url: `/api/dashboard/gpt-cost?configuration_id=${f.other.configurationId}` });
      expect(response.statusCode).toBe(404);
      const all = await send({ method: "GET", url: "/api/dashboard/gpt-cost" });
      expect(all.json().data.messages).toBe(0);
    },
  },
  submitContactPremium: {
    request: () => ({ method: "POST", url: "/api/contact-premium", payload: { selectedFeatures: ["whatsapp_ai"], message: "Tell me more" } }),
    expected: protectedOk,
  },
  resetUsage: {
    request: (f, actor) => ({ method: "POST", url: "/api/configuration/reset_usage", payload: { configuration_id: f.own[actor].configurationId } }),
    expected: { admin: 200, customer: 403, customer_so: 403, none: 401 },
    foreign: async (f, ctx, send) => {
      await ctx.database.db.query("UPDATE configurations SET remaining_messages = 1 WHERE id = $1", [f.other.configurationId]);
      const response = await send({ method: "POST", url: "/api/configuration/reset_usage", payload: { configuration_id: f.other.configurationId } });
      expect(response.statusCode).toBe(404);
      const rows = await ctx.database.db.query<{ remaining_messages: number }>("SELECT remaining_messages FROM configurations WHERE id = $1", [f.other.configurationId]);
      expect(rows[0]?.remaining_messages).toBe(1);
    },
  },
  listLeads: {
    request: () => ({ method: "GET", url: "/api/leads" }),
    expected: { admin: 200, customer: 403, customer_so: 403, none: 401 },
    foreign: async (f, _ctx, send) => {
      const response = await send({ method: "GET", url: `/api/leads?search=${encodeURIComponent(f.other.configurationName)}` });
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain(f.other.configurationName);
    },
  },
  listWorkflows: {
    request: (f, actor) => ({ method: "GET", url: `/api/workflows?configuration_id=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await workflowOf(ctx, f.other.configurationId, "Bravo secret flow");
      const response = await send({ method: "GET", url: `/api/workflows?configuration_id=${f.other.configurationId}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("Bravo secret flow");
    },
  },
  createWorkflow: {
    request: (f, actor) => ({ method: "POST", url: "/api/workflows", payload: workflowBody(f.own[actor].configurationId) }),
    expected: { admin: 200, customer: 403, customer_so: 403, none: 401 },
    foreign: async (f, ctx, send) => {
      const response = await send({ method: "POST", url: "/api/workflows", payload: workflowBody(f.other.configurationId, "Planted") });
      expect(response.statusCode).toBe(404);
      expect(await listWorkflows(ctx.database.db, systemScope, f.other.configurationId)).toEqual([]);
    },
  },
  getWorkflow: {
    request: (_f, actor, workflows) => ({ method: "GET", url: `/api/workflows/${workflows[actor]}` }),
    prepare: ownWorkflows,
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const foreign = await workflowOf(ctx, f.other.configurationId, "Bravo secret flow");
      const response = await send({ method: "GET", url: `/api/workflows/${foreign._id}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("Bravo secret flow");
    },
  },
  updateWorkflow: {
    request: (f, actor, workflows) => ({ method: "PUT", url: `/api/workflows/${workflows[actor]}`, payload: workflowBody(f.own[actor].configurationId, `Renamed by ${actor}`) }),
    prepare: ownWorkflows,
    expected: { admin: 200, customer: 403, customer_so: 403, none: 401 },
    foreign: async (f, ctx, send) => {
      const foreign = await workflowOf(ctx, f.other.configurationId, "Kept");
      const response = await send({ method: "PUT", url: `/api/workflows/${foreign._id}`, payload: workflowBody(f.other.configurationId, "Hijacked") });
      expect(response.statusCode).toBe(404);
      expect((await findWorkflowInScope(ctx.database.db, systemScope, foreign._id))?.name).toBe("Kept");
    },
  },
  deleteWorkflow: {
    request: (_f, actor, workflows) => ({ method: "DELETE", url: `/api/workflows/${workflows[actor]}` }),
    prepare: ownWorkflows,
    expected: { admin: 200, customer: 403, customer_so: 403, none: 401 },
    foreign: async (f, ctx, send) => {
      const foreign = await workflowOf(ctx, f.other.configurationId);
      expect((await send({ method: "DELETE", url: `/api/workflows/${foreign._id}` })).statusCode).toBe(404);
      expect(await findWorkflowInScope(ctx.database.db, systemScope, foreign._id)).toBeDefined();
    },
  },
  listAiFunctions: {
    request: (f, actor) => ({ method: "GET", url: `/api/ai-functions?configuration_id=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, _ctx, send) => {
      expect((await send({ method: "GET", url: `/api/ai-functions?configuration_id=${f.other.configurationId}` })).statusCode).toBe(404);
      expect((await send({ method: "GET", url: "/api/ai-functions" })).statusCode).toBe(200);
    },
  },
  getChatbotSettings: {
    request: (f, actor) => ({ method: "GET", url: `/api/chatbot/settings/byConfigurationId?configuration_id=${f.own[actor].configurationId}` }),
    prepare: ownDesigns,
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await designIn(ctx, f.other.configurationId, "Bravo's secret assistant");
      const response = await send({ method: "GET", url: `/api/chatbot/settings/byConfigurationId?configuration_id=${f.other.configurationId}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("secret assistant");
    },
  },
  saveChatbotSettings: {
    request: (f, actor) => ({ method: "POST", url: "/api/chatbot/settings", payload: designBody(f.own[actor].configurationId, "Mine") }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await designIn(ctx, f.other.configurationId, "Bravo");
      const response = await send({ method: "POST", url: "/api/chatbot/settings", payload: designBody(f.other.configurationId, "Hijacked") });
      expect(response.statusCode).toBe(404);
      expect((await findDesign(ctx.database.db, systemScope, f.other.configurationId))?.settings).toEqual({ name: "Bravo" });
    },
  },
  uploadChatbotImage: {
    request: (f, actor) => imageUploadRequest(f.own[actor].configurationId),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      expect((await send(imageUploadRequest(f.other.configurationId))).statusCode).toBe(404);
      expect(await designImageNames(ctx, f.other.configurationId)).toEqual([]);
    },
  },
  listChatbotImages: {
    request: (f, actor) => ({ method: "GET", url: `/api/chatbot/settings/image/list?configuration_id=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const secret = await designImageIn(ctx, f.other.configurationId);
      const response = await send({ method: "GET", url: `/api/chatbot/settings/image/list?configuration_id=${f.other.configurationId}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(secret);
    },
  },
  downloadChatbotImage: {
    request: (f, actor, names) => ({
      method: "GET",
      url: `/api/chatbot/settings/image/download?configuration_id=${f.own[actor].configurationId}&filename=${names[actor]}`,
    }),
    prepare: ownDesignImages,
    expected: publicOk,
    foreign: async (f, ctx, send) => {
      // Public like the widget that shows it, but only under the configuration that holds it.
      const theirs = await designImageIn(ctx, f.other.configurationId);
      const crossed = await send({ method: "GET", url: `/api/chatbot/settings/image/download?configuration_id=${f.own.customer.configurationId}&filename=${theirs}` });
      expect(crossed.statusCode).toBe(404);
    },
  },
  deleteChatbotImage: {
    request: (f, actor, names) => ({
      method: "DELETE",
      url: "/api/chatbot/settings/image/delete",
      payload: { configuration_id: f.own[actor].configurationId, filename: names[actor] },
    }),
    prepare: ownDesignImages,
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const kept = await designImageIn(ctx, f.other.configurationId);
      const foreign = await send({ method: "DELETE", url: "/api/chatbot/settings/image/delete", payload: { configuration_id: f.other.configurationId, filename: kept } });
      expect(foreign.statusCode).toBe(404);
      const crossed = await send({ method: "DELETE", url: "/api/chatbot/settings/image/delete", payload: { configuration_id: f.own.customer.configurationId, filename: kept } });
      expect(crossed.statusCode).toBe(404);
      expect(await designImageNames(ctx, f.other.configurationId)).toEqual([kept]);
    },
  },
  uploadChatbotScript: {
    request: (f, actor) => scriptUploadRequest(f.own[actor].configurationId),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      expect((await send(scriptUploadRequest(f.other.configurationId))).statusCode).toBe(404);
      expect(await ctx.database.db.query("SELECT 1 FROM chatbot_scripts WHERE configuration_id = $1", [f.other.configurationId])).toEqual([]);
    },
  },
  uploadChatbotDemo: {
    request: (f, actor) => demoUploadRequest(f.own[actor].configurationId),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      expect((await send(demoUploadRequest(f.other.configurationId))).statusCode).toBe(404);
      expect(await demoRows(ctx, f.other.configurationId)).toEqual([]);
    },
  },
  getChatbotDemo: {
    request: (_f, actor, ids) => ({ method: "GET", url: `/api/chatbot/settings/demo/${ids[actor]}` }),
    prepare: async (f, ctx) => {
      // One page per configuration: the roles that share a configuration share its page.
      const byConfiguration = new Map<string, string>();
      const ids: Prepared = {};
      for (const actor of actors) {
        const configurationId = f.own[actor].configurationId;
        if (!byConfiguration.has(configurationId)) {
          const demoId = randomBytes(16).toString("hex");
          await saveDemoPage(ctx.database.db, systemScope, configurationId, demoId, Buffer.from("<p>Demo</p>"));
          byConfiguration.set(configurationId, demoId);
        }
        ids[actor] = byConfiguration.get(configurationId);
      }
      return ids;
    },
    expected: publicOk,
  },
  getChatbotScript: {
    request: (f, actor) => ({ method: "GET", url: `/api/chatbot/settings/script?configuration_id=${f.own[actor].configurationId}` }),
    expected: publicOk,
    foreign: async (f, _ctx, send) => {
      // The snippet is what the other tenant's website publishes anyway: it names only that configuration.
      const response = await send({ method: "GET", url: `/api/chatbot/settings/script?configuration_id=${f.other.configurationId}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(f.own.customer.configurationId);
    },
  },
  getWidgetSettings: {
    request: (f, actor) => ({ method: "GET", url: `/api/widget/${f.own[actor].configurationId}/settings` }),
    expected: publicOk,
    foreign: async (f, ctx, send) => {
      // Public by design (the widget on the other tenant's website shows it), and nothing but the design.
      await designIn(ctx, f.other.configurationId, "Bravo");
      const response = await send({ method: "GET", url: `/api/widget/${f.other.configurationId}/settings` });
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json() as object).sort()).toEqual(["data", "online", "status"]);
      expect(response.body).not.toContain(f.other.customerId);
    },
  },
  listNotifications: {
    request: (f, actor) => ({ method: "GET", url: `/api/notifications?configuration_id=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await notificationOf(ctx, f.other.configurationId, "Bravo's visitor");
      expect((await send({ method: "GET", url: `/api/notifications?configuration_id=${f.other.configurationId}` })).statusCode).toBe(404);
      const all = await send({ method: "GET", url: "/api/notifications" });
      expect(all.statusCode).toBe(200);
      expect(all.body).not.toContain("Bravo's visitor");
    },
  },
  markNotificationRead: {
    request: (_f, _actor, ids) => ({ method: "POST", url: `/api/notifications/${ids[_actor]}/read` }),
    prepare: ownNotifications,
    expected: protectedOk,
    foreign: foreignNotification("read"),
  },
  markNotificationUnread: {
    request: (_f, _actor, ids) => ({ method: "POST", url: `/api/notifications/${ids[_actor]}/unread` }),
    prepare: ownNotifications,
    expected: protectedOk,
    foreign: foreignNotification("unread"),
  },
  hideNotification: {
    request: (_f, _actor, ids) => ({ method: "POST", url: `/api/notifications/${ids[_actor]}/hide` }),
    prepare: ownNotifications,
    expected: protectedOk,
    foreign: foreignNotification("hide"),
  },
  markAllNotificationsRead: {
    request: (f, actor) => ({ method: "POST", url: "/api/notifications/read-all", payload: { configuration_id: f.own[actor].configurationId } }),
    prepare: ownNotifications,
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const theirs = await notificationOf(ctx, f.other.configurationId);
      expect((await send({ method: "POST", url: "/api/notifications/read-all", payload: { configuration_id: f.other.configurationId } })).statusCode).toBe(404);
      expect((await send({ method: "POST", url: "/api/notifications/read-all", payload: {} })).statusCode).toBe(200);
      expect(await notificationState(ctx, theirs)).toEqual([]);
    },
  },
  listLiveConversations: {
    request: (f, actor) => ({ method: "GET", url: `/api/conversations/live?configuration_id=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await ctx.database.db.query("INSERT INTO conversations (configuration_id, session_id, language) VALUES ($1, $2, 'en')", [
        f.other.configurationId,
        `bravo-live-${f.unique.replace(/[^A-Za-z0-9]/g, "")}-0000000000`,
      ]);
      expect((await send({ method: "GET", url: `/api/conversations/live?configuration_id=${f.other.configurationId}` })).statusCode).toBe(404);
      const all = await send({ method: "GET", url: "/api/conversations/live" });
      expect(all.statusCode).toBe(200);
      expect(all.body).not.toContain(f.other.configurationId);
    },
  },
  listConversationHistory: {
    request: (f, actor) => ({ method: "GET", url: `/api/conversations/history?configuration_id=${f.own[actor].configurationId}&${lastWeek()}` }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await bravoConversation(f, ctx);
      const response = await send({ method: "GET", url: `/api/conversations/history?configuration_id=${f.other.configurationId}&${lastWeek()}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("Bravo's visitor");
    },
  },
  exportConversationHistory: {
    request: (f, actor) => ({ method: "GET", url: `/api/conversations/history/export?configuration_id=${f.own[actor].configurationId}&${lastWeek()}` }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await bravoConversation(f, ctx);
      const response = await send({ method: "GET", url: `/api/conversations/history/export?configuration_id=${f.other.configurationId}&${lastWeek()}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("Bravo's visitor");
    },
  },
  listPostProcessedConversations: {
    request: (f, actor) => ({ method: "GET", url: `/api/conversations/postprocessed?configuration_id=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await bravoConversation(f, ctx);
      const response = await send({ method: "GET", url: `/api/conversations/postprocessed?configuration_id=${f.other.configurationId}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("Bravo's visitor");
    },
  },
  getConversation: {
    request: (f, actor, sessions) => ({ method: "GET", url: `/api/conversations/${sessions[actor]}?configuration_id=${f.own[actor].configurationId}` }),
    prepare: async (f, ctx) => {
      const sessions: Prepared = {};
      for (const actor of actors) sessions[actor] = await conversationIn(ctx, f.own[actor].configurationId, `own-${actor}-${f.unique}`);
      return sessions;
    },
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const theirs = await bravoConversation(f, ctx);
      // Asked for as the caller's own configuration's, and as the other's: neither answers it.
      for (const configurationId of [f.own.customer.configurationId, f.other.configurationId]) {
        const response = await send({ method: "GET", url: `/api/conversations/${theirs}?configuration_id=${configurationId}` });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain("Bravo's visitor");
      }
    },
  },
  downloadConversationAttachment: {
    prepare: async (f, ctx) => {
      const prepared: Prepared = {};
      for (const actor of actors) {
        const sessionId = await attachmentSessionIn(ctx, f.own[actor].configurationId);
        prepared[actor] = (await ctx.app.inject(attachmentUploadRequest(f.own[actor].configurationId, sessionId))).json().attachment.id;
      }
      return prepared;
    },
    request: (f, actor, prepared) => ({ method: "GET", url: `/api/conversations/attachments/${prepared[actor]}?configuration_id=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const theirs = await attachmentSessionIn(ctx, f.other.configurationId);
      const { attachment } = (await ctx.app.inject(attachmentUploadRequest(f.other.configurationId, theirs))).json();
      // Asked for as the caller's own configuration's, and as the other's: neither serves it.
      for (const configurationId of [f.own.customer.configurationId, f.other.configurationId]) {
        const response = await send({ method: "GET", url: `/api/conversations/attachments/${attachment.id}?configuration_id=${configurationId}` });
        expect(response.statusCode).toBe(404);
        expect(response.rawPayload.includes(pngImage())).toBe(false);
      }
    },
  },
  getHealth: { request: () => ({ method: "GET", url: "/api/health" }), expected: publicOk },
  getClientSettings: { request: () => ({ method: "GET", url: "/api/client-settings" }), expected: publicOk },
  getClientSetting: { request: () => ({ method: "GET", url: "/api/client-settings/chatbotHostUrl" }), expected: publicOk },
  // With SMTP configured (as here) the dev mailbox does not exist; app.test.ts covers the embedded mailer.
  showDevMailbox: {
    request: () => ({ method: "GET", url: "/api/dev/mailbox" }),
    expected: { admin: 404, customer: 404, customer_so: 404, none: 404 },
  },
  listDevMailbox: {
    request: () => ({ method: "GET", url: "/api/dev/mailbox.json" }),
    expected: { admin: 404, customer: 404, customer_so: 404, none: 404 },
  },
  checkOnboardingUrl: {
    request: (f) => ({ method: "POST", url: "/api/onboarding/check_url", payload: { url: `${website.origin}/`, userId: f.otherUser.id } }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      // A sent userId is ignored: the attempt is the caller's, never the named user's.
      const response = await send({ method: "POST", url: "/api/onboarding/check_url", payload: { url: `${website.origin}/`, userId: f.otherUser.id } });
      expect(response.json()).toMatchObject({ valid: true });
      const owners = await ctx.database.db.query<{ user_id: string }>("SELECT user_id FROM onboarding_attempts WHERE id = $1", [response.json().attempt_id]);
      expect(owners.map((row) => row.user_id)).toEqual([f.users.customer.id]);
    },
  },
  discoverBranding: {
    prepare: ownAttempts,
    request: (f, actor, prepared) => attemptStep("discover_branding")(prepared[actor]!, f),
    expected: protectedOk,
    foreign: foreignAttempt(attemptStep("discover_branding")),
  },
  generateAssistantPersona: {
    prepare: ownAttempts,
    request: (f, actor, prepared) => attemptStep("generate_assistant_persona", { languageCode: "en" })(prepared[actor]!, f),
    expected: protectedOk,
    foreign: foreignAttempt(attemptStep("generate_assistant_persona", { languageCode: "en" })),
  },
  extractFaq: {
    prepare: ownAttempts,
    request: (f, actor, prepared) => attemptStep("extract_faq", { languageCode: "en" })(prepared[actor]!, f),
    expected: protectedOk,
    foreign: foreignAttempt(attemptStep("extract_faq", { languageCode: "en" })),
  },
  extractUrls: {
    prepare: ownAttempts,
    request: (f, actor, prepared) => attemptStep("extract_urls", { languageCode: "en" })(prepared[actor]!, f),
    expected: protectedOk,
    foreign: foreignAttempt(attemptStep("extract_urls", { languageCode: "en" })),
  },
  getOnboardingAttempt: attemptReadCase("attempt"),
  getOnboardingScreenshot: attemptReadCase("screenshot"),
  globalSearch: {
    request: () => ({ method: "GET", url: "/api/global-search?q=assistant" }),
    expected: protectedOk,
    foreign: async (f, _ctx, send) => {
      const hits = (await send({ method: "GET", url: `/api/global-search?q=${f.other.configurationName}` })).json().data;
      expect(hits).toEqual([]);
    },
  },
  getSubscription: {
    request: (f, actor) => ({ method: "GET", url: `/api/orders/get-subscription?configuration_id=${f.own[actor].configurationId}` }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await seedSubscription(ctx.database.db, f.other);
      const response = await send({ method: "GET", url: `/api/orders/get-subscription?configuration_id=${f.other.configurationId}` });
      expect(response.statusCode).toBe(404);
    },
  },
  listLocalSubscriptions: {
    request: () => ({ method: "GET", url: "/api/orders/get-local-subscriptions" }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await seedSubscription(ctx.database.db, f.other);
      expect((await send({ method: "GET", url: `/api/orders/get-local-subscriptions?customer_id=${f.other.customerId}` })).statusCode).toBe(404);
      const own = await send({ method: "GET", url: "/api/orders/get-local-subscriptions" });
      expect(own.body).not.toContain(f.other.configurationId);
    },
  },
  createOrUpdateSubscription: {
    request: (f, actor) => ({ method: "POST", url: "/api/orders/create_or_update_subscription", payload: subscriptionBody(f.own[actor]) }),
    expected: { admin: 200, customer: 403, customer_so: 403, none: 401 },
    foreign: async (f, ctx, send) => {
      const response = await send({ method: "POST", url: "/api/orders/create_or_update_subscription", payload: subscriptionBody(f.other) });
      expect(response.statusCode).toBe(404);
      expect(await ctx.database.db.query("SELECT 1 FROM subscriptions WHERE configuration_id = $1", [f.other.configurationId])).toEqual([]);
    },
  },
  cancelSubscription: {
    request: (f, actor) => cancelRequest(f.own[actor].customerId),
    prepare: async (f, ctx) => {
      await seedSubscription(ctx.database.db, f.own.customer);
      await seedSubscription(ctx.database.db, f.own.customer_so);
      return {};
    },
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await seedSubscription(ctx.database.db, f.other);
      expect((await send(cancelRequest(f.other.customerId))).statusCode).toBe(404);
      const rows = await ctx.database.db.query<{ is_active: boolean }>("SELECT is_active FROM subscriptions WHERE configuration_id = $1", [f.other.configurationId]);
      expect(rows[0]?.is_active).toBe(true);
    },
  },
  getStripeSubscription: {
    request: (f, actor) => ({ method: "GET", url: `/api/orders/get-stripe-subscription?customer_id=${f.own[actor].customerId}` }),
    expected: protectedOk,
    foreign: async (f, _ctx, send) => {
      expect((await send({ method: "GET", url: `/api/orders/get-stripe-subscription?customer_id=${f.other.customerId}` })).statusCode).toBe(404);
    },
  },
  createCheckoutSession: {
    request: (f, actor) => ({ method: "POST", url: "/api/orders/create-checkout-session", payload: { customer_id: f.own[actor].customerId, is_annual: false } }),
    prepare: completeOwnDetails,
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      await completeCustomerDetails(ctx.database.db, f.other.customerId);
      const response = await send({ method: "POST", url: "/api/orders/create-checkout-session", payload: { customer_id: f.other.customerId, is_annual: false } });
      expect(response.statusCode).toBe(404);
      expect(await ctx.database.db.query("SELECT 1 FROM checkout_sessions WHERE customer_id = $1", [f.other.customerId])).toEqual([]);
    },
  },
  createFixedCheckoutSession: {
    request: (f, actor) => ({
      method: "POST",
      url: "/api/orders/create-fixed-checkout-session",
      payload: { customer_id: f.own[actor].customerId, stripe_price_id: localPriceIds.monthly },
    }),
    prepare: completeOwnDetails,
    // The fixed Basic price is self-onboarding's; a customer with a negotiated subscription is refused.
    expected: { admin: 200, customer: 400, customer_so: 200, none: 401 },
    foreign: async (f, ctx, send) => {
      await completeCustomerDetails(ctx.database.db, f.other.customerId);
      const response = await send({
        method: "POST",
        url: "/api/orders/create-fixed-checkout-session",
        payload: { customer_id: f.other.customerId, stripe_price_id: localPriceIds.monthly },
      });
      expect(response.statusCode).toBe(404);
      expect(await ctx.database.db.query("SELECT 1 FROM checkout_sessions WHERE customer_id = $1", [f.other.customerId])).toEqual([]);
    },
  },
  checkPaymentStatus: {
    request: (f, actor) => ({ method: "GET", url: `/api/orders/check-payment-status?customerId=${f.own[actor].customerId}` }),
    expected: protectedOk,
    foreign: async (f, _ctx, send) => {
      expect((await send({ method: "GET", url: `/api/orders/check-payment-status?customerId=${f.other.customerId}` })).statusCode).toBe(404);
    },
  },
  activateProduct: {
    request: (_f, actor, sessions) => ({ method: "POST", url: "/api/orders/activate-product", payload: { session_id: sessions[actor] } }),
    prepare: ownCheckoutSessions,
    expected: publicOk,
  },
  showLocalCheckout: {
    request: (_f, actor, sessions) => ({ method: "GET", url: `/api/orders/local-checkout/${sessions[actor]}` }),
    prepare: ownCheckoutSessions,
    expected: publicOk,
  },
  completeLocalCheckout: {
    request: (_f, actor, sessions) => ({ method: "POST", url: `/api/orders/local-checkout/${sessions[actor]}/complete` }),
    prepare: ownCheckoutSessions,
    expected: { admin: 303, customer: 303, customer_so: 303, none: 303 },
  },
  handlePaymentWebhook: {
    request: () => {
      const body = JSON.stringify({ id: `evt_${randomBytes(8).toString("hex")}`, type: "invoice.paid", data: { object: {} } });
      return { method: "POST", url: "/api/orders/webhook", headers: signedWebhookHeaders(body, testWebhookSecret), payload: body };
    },
    expected: publicOk,
    foreign: async (f, ctx, send) => {
      // A signed-in customer cannot pay another tenant's session through the webhook without the secret.
      const sessionId = await seedCheckoutSession(ctx.database.db, f.other);
      const body = JSON.stringify({ id: `evt_${randomBytes(8).toString("hex")}`, type: "checkout.session.completed", data: { object: { id: sessionId } } });
      const response = await send({ method: "POST", url: "/api/orders/webhook", headers: signedWebhookHeaders(body, "a guessed secret"), payload: body });
      expect(response.statusCode).toBe(400);
      const rows = await ctx.database.db.query<{ status: string }>("SELECT status FROM checkout_sessions WHERE id = $1", [sessionId]);
      expect(rows[0]?.status).toBe("pending");
    },
  },
  listInvoices: {
    request: () => ({ method: "GET", url: "/api/orders/invoices" }),
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const invoice = await seedInvoice(ctx.database.db, f.other);
      expect((await send({ method: "GET", url: `/api/orders/invoices?customer_id=${f.other.customerId}` })).statusCode).toBe(404);
      expect((await send({ method: "GET", url: "/api/orders/invoices" })).body).not.toContain(invoice.number);
    },
  },
  getInvoice: {
    request: (_f, actor, invoices) => ({ method: "GET", url: `/api/orders/invoices/${invoices[actor]}` }),
    prepare: async (f, ctx) => {
      const customer = (await seedInvoice(ctx.database.db, f.own.customer)).id;
      return { admin: customer, customer, customer_so: (await seedInvoice(ctx.database.db, f.own.customer_so)).id, none: customer };
    },
    expected: protectedOk,
    foreign: async (f, ctx, send) => {
      const invoice = await seedInvoice(ctx.database.db, f.other);
      const response = await send({ method: "GET", url: `/api/orders/invoices/${invoice.id}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(invoice.number);
    },
  },
};

let ctx: TestContext;
const createFixture = () => createRoleFixture(ctx);

beforeAll(async () => {
  website = await startTestWebsite();
  wordpress = await startTestWordpress();
  woocommerce = await startTestWoocommerce([{ id: 1, name: "Spelt loaf", price: "3.95" }]);
  shopify = await startTestShopify([{ id: 2, title: "Jansen rye", vendor: "Jansen", price: "3.10" }]);
  ctx = await createTestContext({ outboundAllowedHosts: [website.host, wordpress.host, woocommerce.host, shopify.host] });
});
afterAll(async () => {
  await ctx?.close();
  await website?.close();
  await wordpress?.close();
  await woocommerce?.close();
  await shopify?.close();
  guard.restore();
});

const idLike = /^(_?id|(configuration|customer|user|dataset|conversation)(Id|_id))$/;

/** The names of an operation's parameters and top-level JSON body fields that hold an id. */
function idInputs(document: OpenApiDocument, op: ContractOperation): string[] {
  const names = op.parameters.filter((parameter) => parameter.in !== "header").map((parameter) => parameter.name);
  const content = op.requestBody?.content;
  const body = (content?.["application/json"] ?? content?.["multipart/form-data"])?.schema;
  if (body) names.push(...Object.keys(deref<JsonSchema>(document, body as JsonSchema).properties ?? {}));
  return names.filter((name) => idLike.test(name));
}

// Operations that take an id without acting on the object it names, and why.
const idWithoutTenant: Record<string, string> = {
  searchConfigurations: "customerId only filters a search that is scoped in SQL",
  selfOnboardingCreateCustomer: "acts on the caller's own customer; a sent _id is ignored",
  checkOnboardingUrl: "starts the caller's own attempt; a sent userId is ignored",
  sendWidgetMessage: "public (a website's visitor): the conversation is reached by the visitor's secret session id within the configuration",
  getWidgetHistory: "public (a website's visitor): the conversation is reached by the visitor's secret session id within the configuration",
  rateWidgetMessage: "public (a website's visitor): the answer is reached by the visitor's secret session id within the configuration",
  uploadWidgetAttachment: "public (a website's visitor): the conversation is reached by the visitor's secret session id within the configuration",
  downloadWidgetAttachment: "public (a website's visitor): the file is reached by its id within the conversation of the visitor's secret session id and the configuration",
  markNotificationRead: "a notification is the caller's own: reached by its id and the caller's user id in SQL, another user's answers 404",
  markNotificationUnread: "a notification is the caller's own: reached by its id and the caller's user id in SQL, another user's answers 404",
  hideNotification: "a notification is the caller's own: reached by its id and the caller's user id in SQL, another user's answers 404",
  listLocalSubscriptions: "customer_id only filters a list scoped in SQL; a customer naming another customer is refused (403, which the contract declares; 404 it does not)",
  handlePaymentWebhook: "public (the payment provider): `id` is the provider's event id; the checkout session it names is reached by its unguessable id",
  getInvoice: "an invoice is reached by its id within the caller's scope in SQL; another customer's answers 404",
};

describe("route table", () => {
  it("every operation that takes an id loads its object through x-tenant, and has a foreign-tenant case", () => {
    const document = loadContract();
    const registered = new Set(ctx.app.operations.map((op) => op.operationId));
    const withIds = listOperations(document).filter((op) => registered.has(op.operationId) && idInputs(document, op).length > 0);
    const undeclared = withIds.filter((op) => !op.operation["x-tenant"] && !idWithoutTenant[op.operationId]);
    expect(undeclared.map((op) => `${op.operationId} (${idInputs(document, op).join(", ")})`), "ids without x-tenant").toEqual([]);
    const withoutForeignCase = withIds.filter((op) => !cases[op.operationId]?.foreign).map((op) => op.operationId);
    expect(withoutForeignCase, "operations with an id but no foreign-tenant case").toEqual([]);
  });

  it("every registered operation has role cases, and none is registered twice", () => {
    const registered = ctx.app.operations.map((op) => op.operationId);
    expect(new Set(registered).size).toBe(registered.length);
    const missing = registered.filter((id) => !cases[id]);
    expect(missing, "operations without a role/tenancy case").toEqual([]);
    const stale = Object.keys(cases).filter((id) => !registered.includes(id));
    expect(stale, "cases for operations the server does not register").toEqual([]);
  });
});

describe.each(Object.entries(cases))("%s", (operationId, operationCase) => {
  it.each(actors)("as %s answers as the role table says", async (actor) => {
    const fixture = await createFixture();
    const prepared = (await operationCase.prepare?.(fixture, ctx)) ?? {};
    const options = await operationCase.request(fixture, actor, prepared);
    const response = await ctx.app.inject({
      ...options,
      headers: { ...(options.headers ?? {}), ...(actor === "none" ? {} : bearer(fixture.tokens[actor])) },
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(operationCase.expected[actor]);
    expectToMatchContract(operationId, response);
  });

  if (operationCase.foreign) {
    it("keeps another tenant's data out of reach", async () => {
      const fixture = await createFixture();
      await operationCase.foreign!(fixture, ctx, async (options) => {
        const response = await ctx.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...bearer(fixture.tokens.customer) } });
        expectToMatchContract(operationId, response);
        return response;
      });
    });
  }
});
