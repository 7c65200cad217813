/**
 * What the server does with input no portal sends: text PostgreSQL cannot hold, values nested
 * thousands of levels deep, over-long text, unknown properties, and bodies of another type or size.
 * Each answer is one the contract declares for the operation.
 */
import { execFile } from "node:child_process";
import { connect } from "node:net";
import { promisify } from "node:util";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { createTenant, type Tenant } from "../../test/fixture";
import { jsonShapeFault, maxJsonKeyNames, maxJsonMembers, maxJsonNesting, maxJsonValues, nestsDeeperThan } from "./json-body";
import { publicJsonBodyMaxBytes } from "./operations";
import { maxReportedFields } from "./problem";
import { unsafeTextMessage, unsafeTextPaths } from "./request-text";

let ctx: TestContext;
let admin: string;
let tenant: Tenant;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.createUser({ role: "admin" })).token;
  tenant = await createTenant(ctx, "Input");
});
afterAll(async () => {
  await ctx?.close();
});

async function send(operationId: string, options: InjectOptions) {
  const response = await ctx.app.inject({ ...options, headers: { ...bearer(admin), ...(options.headers ?? {}) } });
  expectToMatchContract(operationId, response);
  return response;
}

const registration = (email: string) => ({
  firstname: "Ada",
  lastname: "Lovelace",
  email,
  password: "Good-pass1!",
  confirmPassword: "Good-pass1!",
  languageCode: "en",
});

describe("text PostgreSQL cannot hold (NUL, unpaired surrogates)", () => {
  it("is refused in any body field with 400 validation_failed naming the field, public calls included", async () => {
    const cases: [string, InjectOptions, string][] = [
      ["login", { method: "POST", url: "/api/login", payload: { username: "a\u0000@b.test", password: "x" } }, "username"],
      ["register", { method: "POST", url: "/api/register", payload: { ...registration("nul@example.test"), lastname: "Love\u0000lace" } }, "lastname"],
      ["createOrUpdateCustomer", { method: "POST", url: "/api/customer/create_or_update", payload: { _id: tenant.customerId, name: "Ba\u0000kery" } }, "name"],
      [
        "createOrUpdateConfiguration",
        {
          method: "POST",
          url: "/api/configuration/create_or_update",
          payload: { _id: tenant.configurationId, rag_settings: { example_questions: ["fine", "not\u0000fine"] } },
        },
        "rag_settings.example_questions.1",
      ],
    ];
    for (const [operationId, options, path] of cases) {
      const response = await send(operationId, options);
      expect(response.statusCode, operationId).toBe(400);
      expect(response.json(), operationId).toMatchObject({ code: "validation_failed", errors: [{ path, message: unsafeTextMessage }] });
    }
    expect(ctx.smtp.received.filter((mail) => mail.to.includes("nul@example.test"))).toEqual([]);
  });

  it("is refused in query strings, path parameters and the X-Session-Id header", async () => {
    const cases: [string, InjectOptions, string][] = [
      ["searchConfigurations", { method: "GET", url: "/api/configurations/search?query=a%00b" }, "query"],
      ["globalSearch", { method: "GET", url: "/api/global-search?q=%00" }, "q"],
      ["deleteCustomer", { method: "DELETE", url: "/api/customers/a%00b" }, "id"],
      ["getAuthMethods", { method: "GET", url: "/api/auth/methods", headers: { "x-session-id": "a\u0000b" } }, "x-session-id"],
    ];
    for (const [operationId, options, path] of cases) {
      const response = await send(operationId, options);
      expect(response.statusCode, operationId).toBe(400);
      expect(response.json().errors, operationId).toEqual([{ path, message: unsafeTextMessage }]);
    }
  });

  it("refuses unpaired surrogates in values and in keys, and keeps paired ones", async () => {
    const lone = await send("createOrUpdateCustomer", {
      method: "POST",
      url: "/api/customer/create_or_update",
      payload: { _id: tenant.customerId, name: "Bakery \uD83D" },
    });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().errors).toEqual([{ path: "name", message: unsafeTextMessage }]);

    const key = await send("saveDataset", {
      method: "POST",
      url: "/api/data/dataset",
      payload: {
        configurationId: tenant.configurationId,
        datasetName: "FAQ",
        datasetData: [{ ["q\uDC00"]: "?" }],
        datasetHeaders: [{ text: "Question", value: "question" }],
      },
    });
    expect(key.statusCode).toBe(400);
    expect(key.json().errors).toEqual([{ path: "datasetData.0.q\uFFFD", message: unsafeTextMessage }]);

    const emoji = await send("createOrUpdateCustomer", {
      method: "POST",
      url: "/api/customer/create_or_update",
      payload: { _id: tenant.customerId, name: "Bakery \uD83D\uDE00" },
    });
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json().updated_customer.name).toBe("Bakery 😀");
  });

  it("finds every offending string and key at any depth without recursion", () => {
    let deep: unknown = "x\u0000";
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(unsafeTextPaths(deep)).toHaveLength(1);
    expect(unsafeTextPaths({ a: ["ok", "\uDFFF"], "b\u0000": 1, c: { d: "\uD800\uDC00" } })).toEqual(["a.1", "b\uFFFD"]);
  });

  it("keeps text that only reads like an escape: a backslash followed by u0000", async () => {
    const response = await send("createOrUpdateCustomer", {
      method: "POST",
      url: "/api/customer/create_or_update",
      payload: { _id: tenant.customerId, name: "C:\\u0000 Bakery" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().updated_customer.name).toBe("C:\\u0000 Bakery");
  });
});

describe("values nested too deeply", () => {
  const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
  const deepArray = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

  it("answers 400, never 500, for a body thousands of levels deep on any operation", async () => {
    const cases: [string, InjectOptions][] = [
      ["login", { method: "POST", url: "/api/login", payload: `{"username":${deepArray(10_000)},"password":"x"}` }],
      [
        "createOrUpdateConfiguration",
        { method: "POST", url: "/api/configuration/create_or_update", payload: `{"name":"deep","rag_settings":${deepObject(10_000)}}` },
      ],
      ["saveDataset", { method: "POST", url: "/api/data/dataset", payload: deepArray(1_000_000) }],
      ["deleteCustomer", { method: "DELETE", url: `/api/customers/${tenant.customerId}`, payload: deepObject(5_000) }],
    ];
    for (const [operationId, options] of cases) {
      const response = await send(operationId, { ...options, headers: { "content-type": "application/json" } });
      expect(response.statusCode, operationId).toBe(400);
      expect(response.json().message, operationId).toBe(`The request body nests more than ${maxJsonNesting} levels deep`);
    }
  });

  it("counts only brackets, keys and values outside strings", () => {
    const text = JSON.stringify({ "a,b:c{[": "x,y:z]}", quoted: '\\",:[', list: [1, 2] });
    expect(jsonShapeFault(text, 64, { members: 3, values: 3 })).toBeUndefined();
    expect(jsonShapeFault(text, 64, { members: 2, values: 3 })).toBe("too_many_members");
    expect(jsonShapeFault(text, 64, { members: 3, values: 2 })).toBe("too_many_values");
    expect(jsonShapeFault(text, 1, { members: 3, values: 3 })).toBe("too_deep");
    // Key names count once however often they are used, and a string that is a value is no key name.
    const rows = JSON.stringify([{ q: "a", a: "q" }, { q: "b", a: "c" }, { "q\"": "x" }]);
    expect(jsonShapeFault(rows, 64, { keyNames: 3 })).toBeUndefined();
    expect(jsonShapeFault(rows, 64, { keyNames: 2 })).toBe("too_many_key_names");
    // An unterminated string is the parser's to refuse.
    expect(jsonShapeFault('{"a":"open', 64, { members: 0, values: 0 })).toBe("too_many_members");
    expect(jsonShapeFault('["open', 64, { members: 0, values: 0 })).toBeUndefined();
    expect(nestsDeeperThan(deepArray(64), 64)).toBe(false);
    expect(nestsDeeperThan(deepArray(65), 64)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ text: "[".repeat(1000), quoted: '\\"[[[' }), 2)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify([[[`"\\`]]]), 2)).toBe(true);
  });
});

describe("a body with a hundred thousand wrong values", () => {
  it("is answered 400 with a short list of the fields at fault, not one entry per value", async () => {
    const many = Array.from({ length: maxJsonValues - 10 }, () => "a");
    const cases: [string, InjectOptions][] = [
      ["submitContactPremium", { method: "POST", url: "/api/contact-premium", payload: { selectedFeatures: many } }],
      ["saveUrls", { method: "POST", url: "/api/training/urls/save", payload: Object.fromEntries(many.slice(0, maxJsonKeyNames - 10).map((value, index) => [`k${index}`, value])) }],
    ];
    for (const [operationId, options] of cases) {
      const response = await send(operationId, options);
      expect(response.statusCode, operationId).toBe(400);
      expect(response.json().errors.length, operationId).toBeLessThanOrEqual(maxReportedFields);
      // Before: a 90 MB answer, and the server serving no one else for 10 s while it was written.
      expect(response.body.length, operationId).toBeLessThan(16 * 1024);
    }
  });
});

describe("a body of more keys or values than any screen sends", () => {
  it("is refused with 413 before it is parsed, and a large FAQ within the limits is saved", async () => {
    const keys = await send("saveUrls", {
      method: "POST",
      url: "/api/training/urls/save",
      payload: { urls: Array.from({ length: maxJsonMembers / 2 + 1 }, () => ({ url: "a", text: "b" })) },
    });
    expect(keys.statusCode).toBe(413);
    expect(keys.json()).toMatchObject({ code: "payload_too_large", message: "The request body has more than 100,000 keys; send the data in smaller parts" });
    const names = await send("saveUrls", {
      method: "POST",
      url: "/api/training/urls/save",
      payload: Object.fromEntries(Array.from({ length: maxJsonKeyNames + 1 }, (_, index) => [`k${index}`, 1])),
    });
    expect(names.statusCode).toBe(413);
    expect(names.json().message).toBe("The request body has more than 10,000 different key names; send the data in smaller parts");
    const values = await send("submitContactPremium", {
      method: "POST",
      url: "/api/contact-premium",
      payload: { selectedFeatures: Array.from({ length: maxJsonValues + 2 }, () => 1) },
    });
    expect(values.statusCode).toBe(413);
    expect(values.json().message).toBe("The request body has more than 250,000 values; send the data in smaller parts");

    // 20,000 rows of four columns: 80,000 cells, well within both limits.
    const columns = ["question", "answer", "category", "link"];
    const rows = Array.from({ length: 20_000 }, (_, index) => Object.fromEntries(columns.map((column) => [column, `${column} ${index}`])));
    const faq = await send("saveDataset", {
      method: "POST",
      url: "/api/data/dataset",
      payload: { configurationId: tenant.configurationId, datasetName: "FAQ", datasetData: rows, datasetHeaders: columns.map((value) => ({ text: value, value })) },
    });
    expect(faq.statusCode).toBe(200);
    expect(faq.json().data.dataset_data).toHaveLength(20_000);
  });

  it("keeps the bodies of calls anyone may make small, and a payment provider's event may be larger", async () => {
    const padding = "x".repeat(publicJsonBodyMaxBytes);
    const login = await ctx.app.inject({ method: "POST", url: "/api/login", payload: { username: "a@b.test", password: padding } });
    expectToMatchContract("login", login);
    expect(login.statusCode).toBe(413);
    const register = await ctx.app.inject({ method: "POST", url: "/api/register", payload: { ...registration("padded@example.test"), firstname: padding } });
    expectToMatchContract("register", register);
    expect(register.statusCode).toBe(413);
    const widget = await ctx.app.inject({ method: "POST", url: `/api/widget/${tenant.configurationId}/messages`, payload: { message: "hi", page_url: padding } });
    expectToMatchContract("sendWidgetMessage", widget);
    expect(widget.statusCode).toBe(413);
    // The longest message a visitor may send, every character written as a JSON escape, still fits.
    const escaped = `{"message":"${"\\ud83d\\ude00".repeat(4000)}"}`;
    expect(escaped.length).toBeGreaterThan(48_000);
    const longest = await ctx.app.inject({
      method: "POST",
      url: `/api/widget/${tenant.configurationId}/messages`,
      payload: escaped,
      headers: { "content-type": "application/json" },
    });
    expect(longest.statusCode).not.toBe(413);
    const webhook = await ctx.app.inject({
      method: "POST",
      url: "/api/orders/webhook",
      payload: { id: "evt_1", type: "checkout.session.completed", data: { object: { metadata: { note: padding } } } },
      headers: { "stripe-signature": "t=1,v1=00" },
    });
    expectToMatchContract("handlePaymentWebhook", webhook);
    expect(webhook.statusCode).not.toBe(413);
    expect(webhook.statusCode).toBeLessThan(500);
    expect(ctx.smtp.received.filter((mail) => mail.to.includes("padded@example.test"))).toEqual([]);
  });
});

describe("text longer than the contract allows", () => {
  const megabyte = "x".repeat(1024 * 1024);

  it("is refused with the field and its limit, and neither stored nor e-mailed", async () => {
    const register = await send("register", {
      method: "POST",
      url: "/api/register",
      payload: { ...registration("long@example.test"), firstname: "x".repeat(10_000) },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().errors).toEqual([{ path: "firstname", message: "Use at most 100 characters" }]);

    const customer = await send("createOrUpdateCustomer", {
      method: "POST",
      url: "/api/customer/create_or_update",
      payload: { name: "Long Co", contactPersonEmail: `${"a".repeat(250)}@b.test` },
    });
    expect(customer.statusCode).toBe(400);
    expect(customer.json().errors).toContainEqual({ path: "contactPersonEmail", message: "Use at most 254 characters" });

    const instruction = await send("createOrUpdateConfiguration", {
      method: "POST",
      url: "/api/configuration/create_or_update",
      payload: { _id: tenant.configurationId, answer_instruction: megabyte },
    });
    expect(instruction.statusCode).toBe(400);
    expect(instruction.json().errors).toEqual([{ path: "answer_instruction", message: "Use at most 10000 characters" }]);

    const stored = await ctx.database.db.query("SELECT 1 FROM users WHERE email = 'long@example.test'");
    expect(stored).toEqual([]);
    expect(ctx.smtp.received.filter((mail) => mail.to.includes("long@example.test"))).toEqual([]);
  });
});

describe("numbers beyond what the contract allows", () => {
  it("are refused with the field, not stored into a column too small for them", async () => {
    const response = await send("createOrUpdateConfiguration", {
      method: "POST",
      url: "/api/configuration/create_or_update",
      payload: { _id: tenant.configurationId, message_limit: 1e308 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: "message_limit", message: "Enter a number of at most 2147483647" }]);
    const negative = await send("createOrUpdateConfiguration", {
      method: "POST",
      url: "/api/configuration/create_or_update",
      payload: { _id: tenant.configurationId, message_limit: -1 },
    });
    expect(negative.json().errors).toEqual([{ path: "message_limit", message: "Enter a number of at least 0" }]);
  });

  it("says a list that must not be empty is required, in the forms' words", async () => {
    const response = await send("saveDataset", {
      method: "POST",
      url: "/api/data/dataset",
      payload: { configurationId: tenant.configurationId, datasetName: "FAQ", datasetData: [], datasetHeaders: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: "datasetHeaders", message: "This field is required" }]);
  });
});

describe("a value that fits none of a field's alternatives", () => {
  it("is said once per field with what the field takes, and a branch's own limit stays", async () => {
    const messages = `/api/widget/${tenant.configurationId}/messages`;
    const rating = await send("rateWidgetMessage", { method: "POST", url: `${messages}/00000000-0000-4000-8000-000000000000/rating`, payload: { session_id: "s", rating: 5 } });
    expect(rating.statusCode).toBe(400);
    expect(rating.json().errors).toEqual([{ path: "rating", message: "must be one of: 1, -1, null" }]);
    expect(rating.json().message).toBe("rating: must be one of: 1, -1, null");
    const session = await send("sendWidgetMessage", { method: "POST", url: messages, payload: { session_id: 42, message: "hi" } });
    expect(session.json().errors).toEqual([{ path: "session_id", message: "must be one of: a string, null" }]);
    const long = await send("sendWidgetMessage", { method: "POST", url: messages, payload: { session_id: "s".repeat(200), message: "hi" } });
    expect(long.json().errors).toEqual([{ path: "session_id", message: "Use at most 128 characters" }]);
  });

  it("names the values of a plain list too (page sizes 10, 25, 50, 100), not 'one of the allowed values'", async () => {
    const search = await send("searchProducts", {
      method: "GET",
      url: `/api/webshop/search_products?configurationId=${tenant.configurationId}&itemsPerPage=7`,
    });
    expect(search.statusCode).toBe(400);
    expect(search.json().errors).toEqual([{ path: "itemsPerPage", message: "must be one of: 10, 25, 50, 100" }]);
  });

  it("calls an empty text where one is needed 'This field is required', not 'must NOT have fewer than 1 characters'", async () => {
    const search = await send("searchInArticles", {
      method: "POST",
      url: "/api/training/search_in_articles",
      payload: { configurationId: tenant.configurationId, searchText: "" },
    });
    expect(search.statusCode).toBe(400);
    expect(search.json().errors).toEqual([{ path: "searchText", message: "This field is required" }]);
  });
});

describe("unknown properties", () => {
  it("are dropped: neither stored nor echoed back", async () => {
    const configuration = await send("createOrUpdateConfiguration", {
      method: "POST",
      url: "/api/configuration/create_or_update",
      payload: { name: "unknown-props", customerId: tenant.customerId, injected: "<script>", rag_settings: { injected: 1 } },
    });
    expect(configuration.statusCode).toBe(200);
    const id = configuration.json().inserted_id as string;
    expect(configuration.json().data).not.toHaveProperty("injected");
    expect(configuration.json().data.rag_settings).not.toHaveProperty("injected");
    const [row] = await ctx.database.db.query<{ settings: Record<string, unknown> }>("SELECT settings FROM configurations WHERE id = $1", [id]);
    expect(JSON.stringify(row?.settings)).not.toContain("injected");

    const customer = await send("createOrUpdateCustomer", {
      method: "POST",
      url: "/api/customer/create_or_update",
      payload: { _id: tenant.customerId, name: "Known", injected: "x" },
    });
    expect(customer.statusCode).toBe(200);
    expect(customer.json().updated_customer).not.toHaveProperty("injected");

    const dataset = await send("saveDataset", {
      method: "POST",
      url: "/api/data/dataset",
      payload: {
        configurationId: tenant.configurationId,
        datasetName: "FAQ",
        datasetData: [{ question: "Q?" }],
        datasetHeaders: [{ text: "Question", value: "question", injected: true }],
        injected: true,
      },
    });
    expect(dataset.statusCode).toBe(200);
    expect(dataset.json().data.dataset_headers).toEqual([{ text: "Question", value: "question" }]);
    const [headers] = await ctx.database.db.query<{ dataset_headers: unknown }>(
      "SELECT dataset_headers FROM datasets WHERE configuration_id = $1",
      [tenant.configurationId],
    );
    expect(JSON.stringify(headers?.dataset_headers)).not.toContain("injected");
  });
});

describe("bodies of another type, too large or malformed", () => {
  it("answer 415, 413 and 400 as the contract declares for the operation", async () => {
    const url = "/api/customer/create_or_update";
    const html = await send("createOrUpdateCustomer", { method: "POST", url, payload: "<p>", headers: { "content-type": "text/html" } });
    expect(html.statusCode).toBe(415);
    const text = await send("createOrUpdateCustomer", { method: "POST", url, payload: '{"name":"x"}', headers: { "content-type": "text/plain" } });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: "validation_failed", message: "Unsupported Media Type: text/plain, expected application/json" });
    const boundary = "----parley";
    const form = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--${boundary}--\r\n`;
    const multipart = await send("createOrUpdateCustomer", { method: "POST", url, payload: form, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } });
    expect(multipart.statusCode).toBe(415);
    expect(multipart.json().message).toContain("expected application/json");
    const multipartRemoval = await send("deleteCustomer", {
      method: "DELETE",
      url: `/api/customers/${tenant.customerId}`,
      payload: form,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(multipartRemoval.statusCode).toBe(415);
    const removal = await send("deleteCustomer", {
      method: "DELETE",
      url: `/api/customers/${tenant.customerId}`,
      payload: "<p>",
      headers: { "content-type": "application/xml" },
    });
    expect(removal.statusCode).toBe(415);
    const large = await send("createOrUpdateCustomer", { method: "POST", url, payload: { name: "x".repeat(6 * 1024 * 1024) } });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ code: "payload_too_large", message: "The request body is too large: this operation takes at most 5 MB; send the data in smaller parts" });
    const publicLarge = await send("login", { method: "POST", url: "/api/login", payload: { username: "a@b.test", password: "x".repeat(70 * 1024) } });
    expect(publicLarge.statusCode).toBe(413);
    expect(publicLarge.json().message).toContain("at most 64 kB");
    const empty = await send("createOrUpdateCustomer", { method: "POST", url, payload: "", headers: { "content-type": "application/json" } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: "validation_failed", message: expect.stringMatching(/^The request body is empty: send a JSON object/) });
    const malformed = await send("createOrUpdateCustomer", { method: "POST", url, payload: '{"name":', headers: { "content-type": "application/json" } });
    expect(malformed.statusCode).toBe(400);
    const session = await send("getAuthMethods", { method: "GET", url: "/api/auth/methods", headers: { "x-session-id": "s".repeat(129) } });
    expect(session.statusCode).toBe(400);
  });
});

describe("URLs the router refuses before any route runs", () => {
  it("answer 400 problems the contract declares: no valid percent-encoding, an over-long path parameter", async () => {
    const badEncoding = await send("deleteCustomer", { method: "DELETE", url: "/api/customers/%ED%A0%80" });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toMatchObject({ code: "validation_failed", message: "The address is not a valid URL" });
    const longId = await send("deleteCustomer", { method: "DELETE", url: `/api/customers/${"k".repeat(101)}` });
    expect(longId.statusCode).toBe(400);
    expect(longId.json()).toMatchObject({ code: "validation_failed", message: "A path parameter is too long" });
    expect(longId.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe("requests Node refuses before Fastify sees them", () => {
  /** The raw answer to `request` sent as it is to the listening server. */
  async function sendRaw(port: number, request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => socket.end(request));
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk.toString("utf8")));
      socket.on("close", () => resolve(answer));
      socket.on("error", reject);
    });
  }
  function asResponse(raw: string) {
    const [head = "", body = ""] = raw.split("\r\n\r\n");
    const [statusLine = "", ...lines] = head.split("\r\n");
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
    return { statusCode: Number(statusLine.split(" ")[1]), headers, body } as unknown as LightMyRequestResponse;
  }

  it("answer 400 problems the contract declares: a query over Node's header limit, a request that is no HTTP", async () => {
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = ctx.app.server.address() as { port: number };
    // A 100 kB search text: Node counts the request line towards its 16 kB header limit (431 otherwise).
    const longQuery = asResponse(await sendRaw(port, `GET /api/global-search?q=${"a".repeat(100_000)} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${admin}\r\n\r\n`));
    expect(longQuery.statusCode).toBe(400);
    expectToMatchContract("globalSearch", longQuery);
    expect(JSON.parse(longQuery.body)).toMatchObject({ code: "validation_failed", message: "The address or the headers are too long" });
    expect(longQuery.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    const notHttp = asResponse(await sendRaw(port, "GET /api/health HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n"));
    expect(notHttp.statusCode).toBe(400);
    expectToMatchContract("getHealth", notHttp);
    expect(JSON.parse(notHttp.body)).toMatchObject({ code: "validation_failed", message: "The request is not valid HTTP" });
  });
});

describe("a body over the size limit sent over the network", () => {
  it("gets its 413 problem every time, not a connection reset while the client is still sending", async () => {
    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = ctx.app.server.address() as { port: number };
    // The client runs in its own process, as a real one does: in this one, its writes and the server's
    // close would take turns on one event loop and the reset would never overtake the answer.
    const client = `
      const body = JSON.stringify({ name: "x".repeat(20 * 1024 * 1024) });
      const answers = [];
      for (let attempt = 0; attempt < 12; attempt += 1) {
        answers.push(await fetch("http://127.0.0.1:${port}/api/customer/create_or_update", {
          method: "POST",
          headers: { authorization: "Bearer ${admin}", "content-type": "application/json" },
          body,
        }).then(async (response) => response.status + " " + (await response.json()).code, (error) => "failed: " + (error.cause?.code ?? error.message)));
      }
      console.log(JSON.stringify(answers));`;
    const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", client], { maxBuffer: 1024 * 1024 });
    expect(JSON.parse(stdout)).toEqual(Array.from({ length: 12 }, () => "413 payload_too_large"));
  });
});
