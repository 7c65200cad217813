import { addDays, toIsoDate } from "@parley/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { createTenant, type Tenant } from "../../test/fixture";
import { findConversationBySession, insertAgentMessage, insertVisitorMessageAndRead, insertVisitorMessageInSession, notifiableConversation, updateConversationState } from "./repository";
import { conversationsCsv, csvCell, type ConversationDetail } from "./service";

let ctx: TestContext;
let alpha: Tenant;
let bravo: Tenant;
let alphaToken: string;
let adminToken: string;
const unique = `${Date.now()}`.slice(-10);
const today = toIsoDate(new Date());
const daysAgo = (days: number) => toIsoDate(addDays(new Date(), -days));
let sequence = 0;

/** A conversation written straight to the database, started `days` ago (at noon UTC, or now for today). */
async function seedConversation(
  configurationId: string,
  days: number,
  messages: { role: string; content: string; rating?: 1 | -1; sources?: unknown[] }[],
  status: "Ongoing" | "Closed" = "Closed",
  isTest = false,
): Promise<string> {
  sequence += 1;
  const sessionId = `history-${unique}-${String(sequence).padStart(6, "0")}-abcdef`;
  const started = days === 0 ? new Date() : new Date(`${daysAgo(days)}T12:00:00Z`);
  const [row] = await ctx.database.db.query<{ id: string }>(
    `INSERT INTO conversations (configuration_id, session_id, language, status, time_started, last_activity, client_ip, is_test)
     VALUES ($1, $2, 'en', $3, $4, $4, '203.0.113.7', $5) RETURNING id`,
    [configurationId, sessionId, status, started, isTest],
  );
  for (const message of messages) {
    await ctx.database.db.query(
      "INSERT INTO conversation_messages (conversation_id, role, content, rating, sources, created_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6)",
      [row!.id, message.role, message.content, message.rating ?? null, JSON.stringify(message.sources ?? []), started],
    );
  }
  return sessionId;
}

let rated: string;
let older: string;
let weekOld: string;
let tooOld: string;
let ongoing: string;
let theirs: string;
let tested: string;

beforeAll(async () => {
  ctx = await createTestContext();
  alpha = await createTenant(ctx, `HistAlpha${unique}`);
  bravo = await createTenant(ctx, `HistBravo${unique}`);
  alphaToken = (await ctx.createUser({ role: "customer", customerId: alpha.customerId })).token;
  adminToken = (await ctx.createUser({ role: "admin" })).token;
  rated = await seedConversation(alpha.configurationId, 0, [
    { role: "user", content: "When do you open on Sunday?" },
    {
      role: "assistant",
      content: "<p>We open at ten.</p>",
      rating: 1,
      sources: [{ kind: "faq", title: "Opening hours", url: null }, { kind: "url", title: "Contact", url: "https://shop.test/contact" }],
    },
    { role: "user", content: "And 100% on holidays_?" },
    { role: "assistant", content: "Closed on holidays.", rating: -1 },
  ]);
  older = await seedConversation(alpha.configurationId, 2, [{ role: "user", content: "Do you ship to Belgium?" }], "Closed");
  weekOld = await seedConversation(alpha.configurationId, 7, [{ role: "user", content: "Return policy please" }]);
  tooOld = await seedConversation(alpha.configurationId, 9, [{ role: "user", content: "Return policy again" }]);
  ongoing = await seedConversation(alpha.configurationId, 1, [{ role: "user", content: "Still typing" }], "Ongoing");
  theirs = await seedConversation(bravo.configurationId, 0, [{ role: "user", content: "Bravo's secret question" }]);
  tested = await seedConversation(alpha.configurationId, 4, [{ role: "user", content: "Portal test question" }], "Closed", true);
});
afterAll(async () => {
  await ctx?.close();
});

async function get(operationId: string, url: string, token = alphaToken) {
  const response = await ctx.app.inject({ method: "GET", url, headers: bearer(token) });
  expectToMatchContract(operationId, response);
  return response;
}
const historyUrl = (query: string, configurationId = alpha.configurationId) => `/api/conversations/history?configuration_id=${configurationId}&${query}`;
const sessionsOf = (body: { items: { session_id: string }[] }) => body.items.map((item) => item.session_id);

describe("conversation history", () => {
  it("lists the configuration's conversations of the range, newest first, with messages, sources and ratings", async () => {
    const response = await get("listConversationHistory", historyUrl(`from=${daysAgo(7)}&to=${today}`));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(sessionsOf(body)).toEqual([rated, ongoing, older, tested, weekOld]);
    expect(body).toMatchObject({ total: 5, page: 1, page_size: 10 });
    const first = body.items[0];
    expect(first).toMatchObject({ status: "Closed", message_count: 4, first_user_message: "When do you open on Sunday?", thumbs_up: 1, thumbs_down: 1, client_ip: "203.0.113.7" });
    expect(first.messages.map((message: { role: string; rating: number | null }) => [message.role, message.rating])).toEqual([
      ["user", null],
      ["assistant", 1],
      ["user", null],
      ["assistant", -1],
    ]);
    expect(first.messages[1].sources).toEqual([
      { kind: "faq", title: "Opening hours", url: null },
      { kind: "url", title: "Contact", url: "https://shop.test/contact" },
    ]);
    expect(typeof first.messages[1].id).toBe("string");
  });

  it("filters by status and by text in any message, its wildcards taken literally", async () => {
    const range = `from=${daysAgo(7)}&to=${today}`;
    expect(sessionsOf((await get("listConversationHistory", historyUrl(`${range}&status=Ongoing`))).json())).toEqual([ongoing]);
    expect(sessionsOf((await get("listConversationHistory", historyUrl(`${range}&search=belgium`))).json())).toEqual([older]);
    expect(sessionsOf((await get("listConversationHistory", historyUrl(`${range}&search=${encodeURIComponent("100% on holidays_")}`))).json())).toEqual([rated]);
    expect(sessionsOf((await get("listConversationHistory", historyUrl(`${range}&search=${encodeURIComponent("1%0")}`))).json())).toEqual([]);
    expect(sessionsOf((await get("listConversationHistory", historyUrl(`${range}&search=return`))).json())).toEqual([weekOld]);
  });

  it("pages with the page sizes 10, 25, 50 and 100 only", async () => {
    for (let day = 0; day < 12; day += 1) await seedConversation(alpha.configurationId, 3, [{ role: "user", content: `Paging question ${day}` }]);
    const range = `from=${daysAgo(3)}&to=${daysAgo(3)}&search=paging`;
    const first = (await get("listConversationHistory", historyUrl(`${range}&page_size=10`))).json();
    const second = (await get("listConversationHistory", historyUrl(`${range}&page_size=10&page=2`))).json();
    expect(first.total).toBe(12);
    expect(first.items).toHaveLength(10);
    expect(second).toMatchObject({ total: 12, page: 2, page_size: 10 });
    expect(second.items).toHaveLength(2);
    expect(new Set([...sessionsOf(first), ...sessionsOf(second)]).size).toBe(12);
    expect((await get("listConversationHistory", historyUrl(`${range}&page_size=25`))).json().items).toHaveLength(12);
    expect((await get("listConversationHistory", historyUrl(`${range}&page=3`))).json()).toMatchObject({ items: [], total: 12 });
    expect((await get("listConversationHistory", historyUrl(`${range}&page_size=20`))).statusCode).toBe(400);
  });

  it.each([
    ["without dates", "", [["from", "This field is required"], ["to", "This field is required"]]],
    ["without a start", `to=${today}`, [["from", "This field is required"]]],
    ["with from after to", `from=${today}&to=${daysAgo(1)}`, [["from", "The start date cannot be after the end date"]]],
    ["with an end in the future", `from=${today}&to=${toIsoDate(addDays(new Date(), 1))}`, [["to", "The end date cannot be in the future"]]],
    ["with more than 7 days", `from=${daysAgo(8)}&to=${today}`, [["from", "The period can span at most 7 days"]]],
  ])("refuses a range %s with the catalogue's words", async (_label, query, fields) => {
    const response = await get("listConversationHistory", historyUrl(query));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("validation_failed");
    if (query !== "" && !query.startsWith("to=")) expect(body.errors.map((error: { path: string; message: string }) => [error.path, error.message])).toEqual(fields);
    else expect(body.errors.map((error: { path: string }) => error.path).sort()).toEqual((fields as string[][]).map(([path]) => path).sort());
  });

  it("keeps another tenant's conversations out of reach", async () => {
    const range = `from=${daysAgo(7)}&to=${today}`;
    expect((await get("listConversationHistory", historyUrl(range, bravo.configurationId))).statusCode).toBe(404);
    const own = await get("listConversationHistory", historyUrl(`${range}&search=secret`));
    expect(own.json().items).toEqual([]);
    expect(own.body).not.toContain(theirs);
    const detail = await get("getConversation", `/api/conversations/${theirs}?configuration_id=${alpha.configurationId}`);
    expect(detail.statusCode).toBe(404);
    expect(detail.body).not.toContain("Bravo's secret");
    expect((await get("getConversation", `/api/conversations/${theirs}?configuration_id=${bravo.configurationId}`)).statusCode).toBe(404);
    expect((await get("exportConversationHistory", `/api/conversations/history/export?configuration_id=${bravo.configurationId}&${range}`)).statusCode).toBe(404);
    expect((await get("listPostProcessedConversations", `/api/conversations/postprocessed?configuration_id=${bravo.configurationId}`)).statusCode).toBe(404);
    // An admin reaches every tenant.
    expect(sessionsOf((await get("listConversationHistory", historyUrl(`${range}&search=secret`, bravo.configurationId), adminToken)).json())).toEqual([theirs]);
  });
});

describe("test conversations (started from the portal's test environment)", () => {
  it("are listed and answered with is_test, and the export says so in its own column", async () => {
    const range = `from=${daysAgo(7)}&to=${today}`;
    const items = (await get("listConversationHistory", historyUrl(`${range}&page_size=100`))).json().items as { session_id: string; is_test: boolean }[];
    const seeded = [rated, ongoing, older, tested, weekOld];
    expect(items.filter((item) => seeded.includes(item.session_id)).map((item) => [item.session_id, item.is_test])).toEqual([
      [rated, false],
      [ongoing, false],
      [older, false],
      [tested, true],
      [weekOld, false],
    ]);
    const detail = await get("getConversation", `/api/conversations/${tested}?configuration_id=${alpha.configurationId}`);
    expect(detail.json().data).toMatchObject({ session_id: tested, is_test: true });
    const csv = (await get("exportConversationHistory", `/api/conversations/history/export?configuration_id=${alpha.configurationId}&${range}`)).body;
    const lines = csv.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    const testLine = lines.find((line) => line.startsWith(`${tested},`))!;
    expect(testLine.startsWith(`${tested},Closed,true,`), testLine).toBe(true);
    const visitorLine = lines.find((line) => line.startsWith(`${older},`))!;
    expect(visitorLine.startsWith(`${older},Closed,false,`), visitorLine).toBe(true);
  });
});

describe("one conversation", () => {
  it("answers a conversation of the configuration with its messages and ratings", async () => {
    const response = await get("getConversation", `/api/conversations/${rated}?configuration_id=${alpha.configurationId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ session_id: rated, status: "Closed", message_count: 4, thumbs_up: 1, thumbs_down: 1 });
    expect(response.json().data.messages).toHaveLength(4);
    expect((await get("getConversation", `/api/conversations/no-such-session-0000000000?configuration_id=${alpha.configurationId}`)).statusCode).toBe(404);
    expect((await get("getConversation", `/api/conversations/${rated}`)).statusCode).toBe(400);
  });
});

describe("CSV export", () => {
  it("exports every conversation of the filters, one row per message, oldest first", async () => {
    const response = await get("exportConversationHistory", `/api/conversations/history/export?configuration_id=${alpha.configurationId}&from=${daysAgo(2)}&to=${today}&search=sunday`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="conversations-${daysAgo(2)}-${today}.csv"`);
    const lines = response.body.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe("session_id,conversation_status,is_test,started_at,client_ip,message_time,role,agent_name,content,rating,sources");
    expect(lines).toHaveLength(5);
    expect(lines[2]).toContain(",assistant,,We open at ten.,1,Opening hours | Contact (https://shop.test/contact)");
    expect(lines[4]).toContain(",assistant,,Closed on holidays.,-1,");
  });

  it("refuses a broken range like the history", async () => {
    const response = await get("exportConversationHistory", `/api/conversations/history/export?configuration_id=${alpha.configurationId}&from=${daysAgo(10)}&to=${today}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: "from", message: "The period can span at most 7 days" }]);
  });

  it("quotes what needs quoting and defuses formulas", () => {
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell("=HYPERLINK(\"x\")")).toBe("\"'=HYPERLINK(\"\"x\"\")\"");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell(-1)).toBe("-1");
    expect(csvCell(null)).toBe("");
    expect(conversationsCsv([])).toBe("\uFEFFsession_id,conversation_status,is_test,started_at,client_ip,message_time,role,agent_name,content,rating,sources\r\n");
  });

  it("writes answers as a reader sees them, and a visitor's own text as typed", () => {
    const at = "2026-11-26T10:00:00.000Z";
    const csv = conversationsCsv([
      {
        session_id: "s1",
        status: "Closed",
        started_at: at,
        client_ip: null,
        messages: [
          { role: "user", content: "Is 2 < 3 & <b>bold</b>?", timestamp: at },
          {
            role: "assistant",
            content: '<p>Yes &amp; more:</p><ul><li>Fast <strong>delivery</strong></li><li>See <a href="https://shop.test/terms" target="_parent">our terms</a></li></ul><p>Mail <a href="mailto:help@shop.test">help@shop.test</a><br>or call.</p>',
            timestamp: at,
          },
        ],
        // Only the fields the CSV reads.
      } as unknown as ConversationDetail,
    ]);
    const rows = csv.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(rows[1]).toContain(",user,,Is 2 < 3 & <b>bold</b>?,");
    expect(rows.slice(2).join("\r\n")).toContain(',assistant,,"Yes & more:\n- Fast delivery\n- See our terms (https://shop.test/terms)\nMail help@shop.test\nor call.",');
  });
});

describe("post-processed conversations", () => {
  it("lists closed conversations as not processed, with no invented summary or labels", async () => {
    const response = await get("listPostProcessedConversations", `/api/conversations/postprocessed?configuration_id=${alpha.configurationId}&from=${daysAgo(2)}&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(sessionsOf(body)).toEqual([rated, older]);
    expect(body.items[0]).toMatchObject({ status: "not_processed", summary: null, labels: [], processed_at: null, sent_to: null, message_count: 4 });
  });

  it("takes no dates, or both by the same rules", async () => {
    const all = (await get("listPostProcessedConversations", `/api/conversations/postprocessed?configuration_id=${alpha.configurationId}&page_size=100`)).json();
    expect(sessionsOf(all)).toEqual(expect.arrayContaining([rated, older, weekOld, tooOld]));
    expect(sessionsOf(all)).not.toContain(ongoing);
    const half = await get("listPostProcessedConversations", `/api/conversations/postprocessed?configuration_id=${alpha.configurationId}&from=${today}`);
    expect(half.statusCode).toBe(400);
    expect(half.json().errors).toEqual([{ path: "to", message: "This field is required" }]);
  });
});

describe("a visitor's message stored in the session's conversation (one statement)", () => {
  const idOf = async (sessionId: string) =>
    (await ctx.database.db.query<{ id: string; user_message_count: number; language: string }>("SELECT id, user_message_count, language FROM conversations WHERE session_id = $1", [sessionId]))[0]!;
  const message = (text: string, clientMessageId: string | null = null, language: "en" | "nl" | null = null) => ({ content: text, rawInput: text, clientMessageId, language });

  it("finds the ongoing conversation of the configuration, counts the message and sets the language only when one was detected", async () => {
    const sessionId = await seedConversation(alpha.configurationId, 0, [{ role: "user", content: "Hello" }], "Ongoing");
    const first = await insertVisitorMessageInSession(ctx.database.db, { sessionId, configurationId: alpha.configurationId }, message("Where is my parcel?"));
    expect(first).toMatchObject({ duplicate: false, message: { role: "user", content: "Where is my parcel?" }, conversation: { session_id: sessionId, language: "en" } });
    expect(first!.conversation.user_message_count).toBe((await idOf(sessionId)).user_message_count);
    const second = await insertVisitorMessageInSession(ctx.database.db, { sessionId, configurationId: alpha.configurationId }, message("Waar is mijn pakket?", null, "nl"));
    expect(second!.conversation.language).toBe("nl");
    expect(second!.conversation.user_message_count).toBe(first!.conversation.user_message_count + 1);
    expect(new Date(second!.message.timestamp).getTime()).toBeGreaterThanOrEqual(new Date(first!.message.timestamp).getTime());
  });

  it("stores a resent message once, also when both arrive at once", async () => {
    const sessionId = await seedConversation(alpha.configurationId, 0, [], "Ongoing");
    const target = { sessionId, configurationId: alpha.configurationId };
    const both = await Promise.all([
      insertVisitorMessageInSession(ctx.database.db, target, message("Twice", "client-1")),
      insertVisitorMessageInSession(ctx.database.db, target, message("Twice", "client-1")),
    ]);
    expect(both.map((stored) => stored!.duplicate).sort()).toEqual([false, true]);
    expect(both[0]!.message.id).toBe(both[1]!.message.id);
    const again = await insertVisitorMessageInSession(ctx.database.db, target, message("Twice", "client-1"));
    expect(again).toMatchObject({ duplicate: true, message: { id: both[0]!.message.id } });
    const { id, user_message_count } = await idOf(sessionId);
    expect(user_message_count).toBe(1);
    expect(await ctx.database.db.query("SELECT id FROM conversation_messages WHERE conversation_id = $1", [id])).toHaveLength(1);
  });

  it("stores nothing for a closed conversation, another configuration's session or an unknown one", async () => {
    const closed = await seedConversation(alpha.configurationId, 0, [], "Closed");
    const bravos = await seedConversation(bravo.configurationId, 0, [], "Ongoing");
    expect(await insertVisitorMessageInSession(ctx.database.db, { sessionId: closed, configurationId: alpha.configurationId }, message("Hello?"))).toBeUndefined();
    expect(await insertVisitorMessageInSession(ctx.database.db, { sessionId: bravos, configurationId: alpha.configurationId }, message("Hello?"))).toBeUndefined();
    expect(await insertVisitorMessageInSession(ctx.database.db, { sessionId: "no-such-session-000000000000", configurationId: alpha.configurationId }, message("Hello?"))).toBeUndefined();
    for (const sessionId of [closed, bravos]) {
      const { id, user_message_count } = await idOf(sessionId);
      expect(user_message_count).toBe(0);
      expect(await ctx.database.db.query("SELECT id FROM conversation_messages WHERE conversation_id = $1", [id])).toEqual([]);
    }
  });
});

describe("a visitor's message stored with the read for the agents' update (one statement)", () => {
  it("reads the snapshot before the message, records an alert, and runs the extra work only when a message was stored", async () => {
    const sessionId = await seedConversation(alpha.configurationId, 0, [{ role: "user", content: "First" }, { role: "assistant", content: "Hi" }], "Ongoing");
    const target = { sessionId, configurationId: alpha.configurationId };
    const also = (marker: string) => ({ with: `probe AS (SELECT ${notifiableConversation} AS id, $9::text AS marker)`, select: "(SELECT row_to_json(probe) FROM probe)", params: [marker] });
    const first = await insertVisitorMessageAndRead(ctx.database.db, target, { content: "I have a complaint", rawInput: null, clientMessageId: "c-1", language: null, alert: "I have a complaint" }, 0, also("one"));
    expect(first).toMatchObject({ duplicate: false, message: { role: "user", content: "I have a complaint", raw_input: null } });
    // The read is of the snapshot before the message: the two seeded ones, counted without it.
    expect(first!.read.newer.map((message) => message.content)).toEqual(["First", "Hi"]);
    expect(first!.read.messageCount).toBe(2);
    expect(first!.seq).toBeGreaterThan(first!.read.lastSeq);
    // The conversation as the message left it.
    expect(first!.read.conversation).toMatchObject({ session_id: sessionId, user_message_count: 1, alert_triggered: true, alert_message: "I have a complaint" });
    expect(first!.read.also).toMatchObject({ id: first!.read.conversation.id, marker: "one" });

    const later = await insertVisitorMessageAndRead(ctx.database.db, target, { content: "Thanks", rawInput: "Thanks", clientMessageId: null, language: null, alert: null }, first!.seq, also("two"));
    expect(later!.read.newer).toEqual([]);
    expect(later!.read.messageCount).toBe(3);
    expect(later!.read.conversation).toMatchObject({ user_message_count: 2, alert_triggered: true, alert_message: "I have a complaint" });

    const resent = await insertVisitorMessageAndRead(ctx.database.db, target, { content: "I have a complaint", rawInput: null, clientMessageId: "c-1", language: null, alert: "I have a complaint" }, 0, also("three"));
    expect(resent).toMatchObject({ duplicate: true, message: { id: first!.message.id } });
    expect(resent!.read.also).toMatchObject({ id: null, marker: "three" });
    expect(resent!.read.conversation.user_message_count).toBe(2);

    const closed = await seedConversation(alpha.configurationId, 0, [], "Closed");
    expect(await insertVisitorMessageAndRead(ctx.database.db, { sessionId: closed, configurationId: alpha.configurationId }, { content: "Hello?", rawInput: null, clientMessageId: null, language: null, alert: null }, 0)).toBeUndefined();
  });
});

describe("an agent's change of a conversation another agent changed since it was read", () => {
  it("changes and stores nothing once the conversation is closed or handed back, so a second close is no second close", async () => {
    const db = ctx.database.db;
    const sessionId = await seedConversation(alpha.configurationId, 0, [{ role: "user", content: "Hello" }], "Ongoing");
    const { id } = (await findConversationBySession(db, sessionId))!;
    const agentId = (await ctx.createUser({ role: "customer", customerId: alpha.customerId })).user.id;
    // Handing back a conversation no agent has changes nothing.
    expect(await updateConversationState(db, id, { is_locked: false, is_manual: false, taken_over_by: null }, true)).toBeUndefined();
    // An answer to a conversation not taken over is not stored.
    expect(await insertAgentMessage(db, id, { content: "<p>Too early</p>", agentName: "Anna", clientMessageId: "early-1" })).toBeUndefined();
    expect(await updateConversationState(db, id, { is_locked: true, is_manual: true, taken_over_by: agentId })).toMatchObject({ is_manual: true, taken_over_by: agentId });
    const answered = await insertAgentMessage(db, id, { content: "<p>Hi</p>", agentName: "Anna", clientMessageId: "answer-1" });
    expect(answered).toMatchObject({ duplicate: false });

    expect(await updateConversationState(db, id, { status: "Closed", is_locked: false })).toMatchObject({ status: "Closed" });
    // The second of two closes, a takeover or a hand-back read before the close: nothing changes.
    expect(await updateConversationState(db, id, { status: "Closed", is_locked: false })).toBeUndefined();
    expect(await updateConversationState(db, id, { is_locked: true, is_manual: true, taken_over_by: agentId })).toBeUndefined();
    expect(await updateConversationState(db, id, { is_locked: false, is_manual: false, taken_over_by: null }, true)).toBeUndefined();
    // An answer read before the close is not stored; a resend of one stored before still is the same message.
    expect(await insertAgentMessage(db, id, { content: "<p>Too late</p>", agentName: "Anna", clientMessageId: null })).toBeUndefined();
    expect(await insertAgentMessage(db, id, { content: "<p>Hi</p>", agentName: "Anna", clientMessageId: "answer-1" })).toMatchObject({ duplicate: true, message: { id: answered!.message.id } });
    const rows = await db.query<{ role: string; content: string }>("SELECT role, content FROM conversation_messages WHERE conversation_id = $1 ORDER BY seq", [id]);
    expect(rows.map((row) => `${row.role}: ${row.content}`)).toEqual(["user: Hello", "human_agent: <p>Hi</p>"]);
    expect(await findConversationBySession(db, sessionId)).toMatchObject({ status: "Closed", is_locked: false });
  });
});
