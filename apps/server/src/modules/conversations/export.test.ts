/**
 * The history's CSV export as bytes: the same file for a known data set (quoting, formulas, non-Latin text,
 * answers as text, sources, ratings, the order of conversations started at the same instant), a large
 * export that other tenants' requests are not held up by, and formulas behind leading whitespace.
 */
import { addDays, toIsoDate } from "@parley/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { createTenant, type Tenant } from "../../test/fixture";
import { csvCell } from "./service";

let ctx: TestContext;
let alpha: Tenant;
let bravo: Tenant;
let charlie: Tenant;
let alphaToken: string;
let bravoToken: string;
let charlieToken: string;
const unique = `${Date.now()}`.slice(-10);
const today = toIsoDate(new Date());
const daysAgo = (days: number) => toIsoDate(addDays(new Date(), -days));

interface SeedMessage {
  role: "user" | "assistant" | "human_agent" | "system";
  content: string;
  rating?: 1 | -1;
  sources?: unknown[];
  agentName?: string;
  /** Milliseconds after the conversation started. */
  after?: number;
}

/** A conversation written straight to the database; its id is given, so that ties of time_started sort predictably. */
async function seedConversation(
  configurationId: string,
  id: string,
  sessionId: string,
  started: string,
  messages: SeedMessage[],
  options: { status?: "Ongoing" | "Closed"; clientIp?: string | null; isTest?: boolean } = {},
): Promise<void> {
  await ctx.database.db.query(
    `INSERT INTO conversations (id, configuration_id, session_id, language, status, time_started, last_activity, client_ip, is_test)
     VALUES ($1, $2, $3, 'en', $4, $5::timestamptz, $5::timestamptz, $6, $7)`,
    [id, configurationId, sessionId, options.status ?? "Closed", started, options.clientIp === undefined ? "203.0.113.7" : options.clientIp, options.isTest ?? false],
  );
  for (const message of messages) {
    await ctx.database.db.query(
      `INSERT INTO conversation_messages (conversation_id, role, content, rating, sources, agent_name, created_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7::timestamptz + $8 * interval '1 millisecond')`,
      [id, message.role, message.content, message.rating ?? null, JSON.stringify(message.sources ?? []), message.agentName ?? null, started, message.after ?? 0],
    );
  }
}

const exportUrl = (configurationId: string, query: string) => `/api/conversations/history/export?configuration_id=${configurationId}&${query}`;

async function exportOf(configurationId: string, query: string, token = alphaToken) {
  const response = await ctx.app.inject({ method: "GET", url: exportUrl(configurationId, query), headers: bearer(token) });
  expectToMatchContract("exportConversationHistory", response);
  return response;
}

const header = "session_id,conversation_status,is_test,started_at,client_ip,message_time,role,agent_name,content,rating,sources";
const sessionOf = (name: string) => `export-${unique}-${name}-abcdefghijkl`;
const twoDaysAgo = daysAgo(2);
const yesterday = daysAgo(1);

beforeAll(async () => {
  ctx = await createTestContext();
  alpha = await createTenant(ctx, `ExpAlpha${unique}`);
  bravo = await createTenant(ctx, `ExpBravo${unique}`);
  charlie = await createTenant(ctx, `ExpCharlie${unique}`);
  alphaToken = (await ctx.createUser({ role: "customer", customerId: alpha.customerId })).token;
  bravoToken = (await ctx.createUser({ role: "customer", customerId: bravo.customerId })).token;
  charlieToken = (await ctx.createUser({ role: "customer", customerId: charlie.customerId })).token;

  // Two conversations started at the same instant (microseconds included): the one with the smaller id first.
  const sameInstant = `${twoDaysAgo}T09:15:30.123456Z`;
  await seedConversation(alpha.configurationId, "00000000-0000-4000-8000-00000000000b", sessionOf("second"), sameInstant, [
    { role: "user", content: "مرحبا، هل أنتم مفتوحون؟" },
    { role: "assistant", content: "Plain answer, no markup", rating: -1, after: 1500 },
  ], { status: "Ongoing", clientIp: null });
  await seedConversation(alpha.configurationId, "00000000-0000-4000-8000-00000000000a", sessionOf("first"), sameInstant, [
    { role: "user", content: "Grüße aus Köln — 日本語のテキスト 🙂, \"quoted\"" },
    {
      role: "assistant",
      content: "<p>Danke &amp; willkommen in <strong>Zürich</strong>:</p><ul><li>Eins</li><li>Zwei</li></ul>",
      rating: 1,
      sources: [{ kind: "faq", title: "Öffnungszeiten", url: null }, { kind: "url", title: "Контакты", url: "https://shop.test/kontakty" }],
      after: 2000,
    },
    { role: "human_agent", content: "<p>=1+1, said the agent</p>", agentName: "Zoë Ñandú", after: 3000 },
    { role: "user", content: "-5 degrees\r\nand @here", after: 4000 },
    { role: "user", content: "+31 6 1234\t5678", after: 5000 },
  ]);
  await seedConversation(alpha.configurationId, "00000000-0000-4000-8000-00000000000c", sessionOf("tested"), `${yesterday}T23:59:59.999Z`, [
    { role: "user", content: "\tTabbed start" },
    { role: "system", content: "<p>Conversation closed</p>", after: 1 },
  ], { isTest: true });
  // No messages: no rows.
  await seedConversation(alpha.configurationId, "00000000-0000-4000-8000-00000000000d", sessionOf("empty"), `${yesterday}T10:00:00Z`, []);
  // Another tenant's conversation in the same days, and one of this tenant's before the range.
  await seedConversation(bravo.configurationId, "00000000-0000-4000-8000-0000000000b1", sessionOf("bravo"), `${yesterday}T11:00:00Z`, [{ role: "user", content: "Bravo's question" }]);
  await seedConversation(alpha.configurationId, "00000000-0000-4000-8000-0000000000a0", sessionOf("older"), `${daysAgo(5)}T11:00:00Z`, [{ role: "user", content: "Too old for the range" }]);
});
afterAll(async () => {
  await ctx?.close();
});

describe("the CSV export's bytes", () => {
  it("are those of the file as it always was, for a known data set", async () => {
    const response = await exportOf(alpha.configurationId, `from=${twoDaysAgo}&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="conversations-${twoDaysAgo}-${today}.csv"`);
    const started = `${twoDaysAgo}T09:15:30.123Z`;
    const at = (ms: number) => new Date(new Date(`${twoDaysAgo}T09:15:30.123Z`).getTime() + ms).toISOString();
    const expected =
      "\uFEFF" +
      [
        header,
        `${sessionOf("first")},Closed,false,${started},203.0.113.7,${at(0)},user,,"Grüße aus Köln — 日本語のテキスト 🙂, ""quoted""",,`,
        `${sessionOf("first")},Closed,false,${started},203.0.113.7,${at(2000)},assistant,,"Danke & willkommen in Zürich:\n- Eins\n- Zwei",1,Öffnungszeiten | Контакты (https://shop.test/kontakty)`,
        `${sessionOf("first")},Closed,false,${started},203.0.113.7,${at(3000)},human_agent,Zoë Ñandú,"'=1+1, said the agent",,`,
        `${sessionOf("first")},Closed,false,${started},203.0.113.7,${at(4000)},user,,"'-5 degrees\r\nand @here",,`,
        `${sessionOf("first")},Closed,false,${started},203.0.113.7,${at(5000)},user,,'+31 6 1234\t5678,,`,
        `${sessionOf("second")},Ongoing,false,${started},,${at(0)},user,,مرحبا، هل أنتم مفتوحون؟,,`,
        `${sessionOf("second")},Ongoing,false,${started},,${at(1500)},assistant,,"Plain answer, no markup",-1,`,
        `${sessionOf("tested")},Closed,true,${yesterday}T23:59:59.999Z,203.0.113.7,${yesterday}T23:59:59.999Z,user,,'\tTabbed start,,`,
        `${sessionOf("tested")},Closed,true,${yesterday}T23:59:59.999Z,203.0.113.7,${today}T00:00:00.000Z,system,,Conversation closed,,`,
      ].join("\r\n") +
      "\r\n";
    expect(response.rawPayload.toString("utf8")).toBe(expected);
    // The bytes themselves: UTF-8 with its byte order mark.
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(Buffer.compare(response.rawPayload, Buffer.from(expected, "utf8"))).toBe(0);
  });

  it("holds only what the filters find, and the header alone when they find nothing", async () => {
    const searched = await exportOf(alpha.configurationId, `from=${twoDaysAgo}&to=${today}&search=${encodeURIComponent("köln")}&status=Closed`);
    expect(searched.statusCode).toBe(200);
    expect(searched.body.startsWith(`\uFEFF${header}\r\n${sessionOf("first")},`)).toBe(true);
    expect(searched.body.split(`\r\n${sessionOf("first")},`)).toHaveLength(6);
    for (const other of ["second", "tested", "empty", "bravo", "older"]) expect(searched.body).not.toContain(sessionOf(other));
    const none = await exportOf(alpha.configurationId, `from=${today}&to=${today}`);
    expect(none.rawPayload.toString("utf8")).toBe(`\uFEFF${header}\r\n`);
  });
});

describe("a large export", () => {
  const conversations = 3_000;

  it("streams every conversation in order while another tenant's requests are answered at once", async () => {
    const db = ctx.database.db;
    // Three conversations per second started at the same instant (microseconds included), so that ties fall across pages.
    await db.query(
      `INSERT INTO conversations (configuration_id, session_id, language, status, time_started, last_activity, client_ip)
       SELECT $1, 'bulk-' || $2 || '-' || lpad(g::text, 6, '0') || '-abcdefghij', 'en', 'Closed', t, t, '198.51.100.' || (g % 250)
         FROM generate_series(1, $3::int) g, LATERAL (SELECT $4::timestamptz + (g / 3) * interval '1.000123 second' AS t) started`,
      [charlie.configurationId, unique, conversations, `${yesterday}T00:00:00Z`],
    );
    const messages: [string, string, number | null][] = [
      ["user", "Where is order ", null],
      ["assistant", "<p>Order <strong>shipped</strong>, see <a href=\"https://shop.test/track\">tracking</a> for ", 1],
      ["user", "=Thanks for ", null],
    ];
    for (const [index, [role, content, rating]] of messages.entries()) {
      await db.query(
        `INSERT INTO conversation_messages (conversation_id, role, content, rating, created_at)
         SELECT id, $2, $3 || session_id, $4::smallint, time_started + $5 * interval '1 second' FROM conversations WHERE configuration_id = $1 ORDER BY id`,
        [charlie.configurationId, role, content, rating, index],
      );
    }
    const order = (await db.query<{ session_id: string }>("SELECT session_id FROM conversations WHERE configuration_id = $1 ORDER BY time_started, id", [charlie.configurationId])).map(
      (row) => row.session_id,
    );
    expect(order).toHaveLength(conversations);

    const notificationsUrl = `/api/notifications?configuration_id=${bravo.configurationId}`;
    expect((await ctx.app.inject({ method: "GET", url: notificationsUrl, headers: bearer(bravoToken) })).statusCode).toBe(200);

    const began = performance.now();
    let exportMs = 0;
    const exported = exportOf(charlie.configurationId, `from=${daysAgo(2)}&to=${today}`, charlieToken).then((response) => {
      exportMs = performance.now() - began;
      return response;
    });
    // Another tenant asks for its notifications, one request after the other, for as long as the export runs.
    // Each wait counts, also that of the last request, asked while the export ran and answered after it.
    const waits: number[] = [];
    let answeredDuring = 0;
    while (exportMs === 0) {
      const asked = performance.now();
      const answer = await ctx.app.inject({ method: "GET", url: notificationsUrl, headers: bearer(bravoToken) });
      expect(answer.statusCode).toBe(200);
      waits.push(performance.now() - asked);
      if (exportMs === 0) answeredDuring += 1;
    }
    const response = await exported;
    console.info(
      `export of ${conversations} conversations: ${Math.round(exportMs)} ms, ${response.rawPayload.length} bytes; ` +
        `${answeredDuring} notifications answered during it, slowest after ${Math.round(Math.max(...waits))} ms, median ${Math.round([...waits].sort((a, b) => a - b)[Math.floor(waits.length / 2)]!)} ms`,
    );

    expect(response.statusCode).toBe(200);
    const lines = response.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(header);
    expect(lines.at(-1)).toBe("");
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(conversations * messages.length);
    expect(rows.filter((_, index) => index % 3 === 0).map((row) => row.split(",")[0])).toEqual(order);
    for (const [index, row] of rows.entries()) {
      const session = order[Math.floor(index / 3)]!;
      const expected = [
        `,user,,Where is order ${session},,`,
        `,assistant,,"Order shipped, see tracking (https://shop.test/track) for ${session}",1,`,
        `,user,,'=Thanks for ${session},,`,
      ][index % 3]!;
      if (!row.startsWith(`${session},Closed,false,`) || !row.endsWith(expected)) expect(row).toBe(`${session},Closed,false,…${expected}`);
    }
    // Other tenants were served while it ran, each without waiting for the export to end.
    expect(answeredDuring).toBeGreaterThanOrEqual(3);
    expect(Math.max(...waits)).toBeLessThan(exportMs / 3);
  });
});

describe("formulas behind leading white space", () => {
  it("are defused like any other: the first character other than white space counts", async () => {
    expect(csvCell("  =1+2")).toBe("'  =1+2");
    expect(csvCell(" \u00a0@SUM(A1)")).toBe("' \u00a0@SUM(A1)");
    expect(csvCell("   -2+3")).toBe("'   -2+3");
    expect(csvCell("\u3000+1")).toBe("'\u3000+1");
    expect(csvCell("\n=cmd")).toBe("\"'\n=cmd\"");
    expect(csvCell(" \t=1")).toBe("' \t=1");
    expect(csvCell("  =HYPERLINK(\"x\", \"y\")")).toBe("\"'  =HYPERLINK(\"\"x\"\", \"\"y\"\")\"");
    // As before: a tab or carriage return first, and the four characters first.
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("\rx")).toBe("\"'\rx\"");
    expect(csvCell("+31")).toBe("'+31");
    // Nothing else changes.
    expect(csvCell("   plain text")).toBe("   plain text");
    expect(csvCell(" 42")).toBe(" 42");
    expect(csvCell("a = b + c")).toBe("a = b + c");
    expect(csvCell("   ")).toBe("   ");
    expect(csvCell(-1)).toBe("-1");

    await seedConversation(bravo.configurationId, "00000000-0000-4000-8000-0000000000b2", sessionOf("spaced"), `${yesterday}T12:00:00Z`, [
      { role: "user", content: "   =cmd|' /C calc'!A0" },
      { role: "assistant", content: "<p>  @SUM(1+1)</p>", after: 1 },
    ]);
    const response = await exportOf(bravo.configurationId, `from=${yesterday}&to=${yesterday}`, bravoToken);
    expect(response.statusCode).toBe(200);
    const rows = response.body.replace(/^\uFEFF/, "").split("\r\n").filter((line) => line.startsWith(`${sessionOf("spaced")},`));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/,user,,' {3}=cmd\|' \/C calc'!A0,,$/);
    // The answer as text has no leading spaces left; its formula is defused all the same.
    expect(rows[1]).toMatch(/,assistant,,'\s*@SUM\(1\+1\),,$/);
  });
});

describe("the export's limits", () => {
  it("pages through a conversation longer than a batch of messages, in order", async () => {
    const db = ctx.database.db;
    const id = "00000000-0000-4000-8000-0000000000c1";
    await seedConversation(charlie.configurationId, id, sessionOf("long"), `${daysAgo(3)}T08:00:00Z`, []);
    await db.query(
      `INSERT INTO conversation_messages (conversation_id, role, content, created_at)
       SELECT $1, 'user', 'Message ' || g, $2::timestamptz + g * interval '1 millisecond' FROM generate_series(1, 4500) g ORDER BY g`,
      [id, `${daysAgo(3)}T08:00:00Z`],
    );
    const response = await exportOf(charlie.configurationId, `from=${daysAgo(3)}&to=${daysAgo(3)}`, charlieToken);
    expect(response.statusCode).toBe(200);
    const rows = response.body.replace(/^\uFEFF/, "").split("\r\n").slice(1, -1);
    expect(rows).toHaveLength(4500);
    expect(rows.map((row) => row.split(",")[8])).toEqual(Array.from({ length: 4500 }, (_, index) => `Message ${index + 1}`));
  });

  it("holds at most 10,000 conversations, the oldest", async () => {
    const delta = await createTenant(ctx, `ExpDelta${unique}`);
    const deltaToken = (await ctx.createUser({ role: "customer", customerId: delta.customerId })).token;
    const db = ctx.database.db;
    await db.query(
      `INSERT INTO conversations (configuration_id, session_id, language, status, time_started, last_activity)
       SELECT $1, 'limit-' || $2 || '-' || lpad(g::text, 6, '0') || '-abcdefghij', 'en', 'Closed', t, t
         FROM generate_series(1, 10001) g, LATERAL (SELECT $3::timestamptz + g * interval '1 second' AS t) started`,
      [delta.configurationId, unique, `${yesterday}T00:00:00Z`],
    );
    await db.query(
      `INSERT INTO conversation_messages (conversation_id, role, content, created_at)
       SELECT id, 'user', 'Hello', time_started FROM conversations WHERE configuration_id = $1`,
      [delta.configurationId],
    );
    const response = await exportOf(delta.configurationId, `from=${yesterday}&to=${yesterday}`, deltaToken);
    const sessions = response.body.replace(/^\uFEFF/, "").split("\r\n").slice(1, -1).map((row) => row.split(",")[0]);
    expect(sessions).toHaveLength(10_000);
    expect(sessions[0]).toBe(`limit-${unique}-000001-abcdefghij`);
    expect(sessions.at(-1)).toBe(`limit-${unique}-010000-abcdefghij`);
  });
});
