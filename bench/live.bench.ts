/**
 * Live conversations (issue 16, "Tests and benchmark"), the real app in-process on a loopback port, driven with
 * socket.io-client, on PGlite and on PostgreSQL:
 *
 * 1. Fan-out: BENCH_AGENTS (50) agents of one customer on `/live`; BENCH_VISITORS (10) visitors on `/chat`, each in a
 *    conversation an agent has taken over (so the assistant stays silent and every visitor message is exactly
 *    one `conversation_update` to each agent), each sending BENCH_MESSAGES (20) messages one after the other,
 *    the next as soon as all agents have that message's update. Measured: delivered `conversation_update`
 *    events per second summed over the agents. Beside it, in the same process and run, alternating rounds:
 *    a bare socket.io server (the app's own socket.io copy and options) doing the same thing with no
 *    product code — the same visitors' loop, an ack, and a broadcast to a room of the same number of
 *    clients of a payload of the same size (the app's recorded `conversation_update` for that message index,
 *    with the session id and last message replaced).
 * 2. Round trip: an agent sends `human_agent_message` on a taken-over conversation; the time until the visitor's
 *    socket has the `agent_message`; BENCH_ROUND_TRIPS (300) measured after 30 unmeasured, rotating over 10
 *    conversations; first with no other sockets, then with BENCH_IDLE (2,000) idle widget sockets held open on
 *    `/chat` (each connected to the configuration and given its session).
 *
 *   ulimit -n 8192 && pnpm --filter @parley/bench bench:live      # PGlite, then PostgreSQL when reachable
 *
 * Aims: fan-out at least 70 % of the bare broadcast's events per second; round-trip p99 at most 100 ms with the
 * idle sockets open. Settings also: BENCH_ROUNDS (3 measured rounds of each side), BENCH_DATABASE_URL
 * (PostgreSQL; default postgres://postgres@127.0.0.1:5432/test; `none` skips it), BENCH_ONLY (pglite|postgres),
 * BENCH_PROFILE=true (one more round of each side, its measured loop only under the CPU profiler, into
 * bench/results/live-*.cpuprofile). Beside the rates the table gives each side's main-thread CPU per message
 * (Linux), a figure that other work on the machine disturbs far less than the rates.
 * Every socket opened here is in the same process as the server (2,000 idle sockets are 4,000 descriptors).
 */
import { createServer, type Server as HttpServer } from "node:http";
import { createRequire } from "node:module";
import { mkdir, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import { Session } from "node:inspector/promises";
import pg from "pg";
import type * as SocketIo from "socket.io";
import type { Server as SocketServer, Socket as ServerSocket } from "socket.io";
import { io, type Socket } from "socket.io-client";
import { createTestContext, type TestContext } from "../apps/server/src/test/context";
import { createTenant, type Tenant } from "../apps/server/src/test/fixture";

const here = dirname(fileURLToPath(import.meta.url));
// The socket.io copy the app itself runs (bench/ has only the client).
const { Server } = createRequire(join(here, "..", "apps", "server", "package.json"))(
  "socket.io",
) as typeof SocketIo;

const agentCount = Number(process.env.BENCH_AGENTS ?? 50);
const visitorCount = Number(process.env.BENCH_VISITORS ?? 10);
const messagesPerVisitor = Number(process.env.BENCH_MESSAGES ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const idleCount = Number(process.env.BENCH_IDLE ?? 2_000);
const roundTrips = Number(process.env.BENCH_ROUND_TRIPS ?? 300);
const roundTripWarmup = 30;
const conversationsForRoundTrips = 10;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const only = process.env.BENCH_ONLY;
const profile = process.env.BENCH_PROFILE === "true";
/** The profiler's sampling interval, µs (`BENCH_PROFILE_INTERVAL`; V8's default of 1,000 is coarse for a message of 2–3 ms). */
const profileIntervalUs = Number(process.env.BENCH_PROFILE_INTERVAL ?? 100);
const log = (message: string) => process.stderr.write(`${message}\n`);
const load = () => loadavg()[0]!.toFixed(1);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const median = (values: number[]) => percentile(values, 50);
const quiet = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface LiveMessage {
  id: string;
  role: string;
  content: string;
}
interface LiveUpdate {
  session_id: string;
  messages: LiveMessage[];
  [key: string]: unknown;
}

const socketOptions = {
  path: "/socket.io",
  transports: ["websocket"],
  reconnection: false,
  forceNew: true,
} as const;

function connected(socket: Socket, firstEvent: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    socket.once(firstEvent, resolve);
    socket.once("connect_error", reject);
  });
}

/**
 * Counts each update by its session and last message at every watching socket; `delivered(key)` resolves when
 * all of them have it.
 */
function deliveries(watchers: number) {
  const counts = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  let total = 0;
  return {
    get total() {
      return total;
    },
    seen(update: LiveUpdate) {
      total += 1;
      const key = `${update.session_id}\n${update.messages.at(-1)?.content}`;
      const count = (counts.get(key) ?? 0) + 1;
      if (count === watchers) {
        counts.delete(key);
        waiting.get(key)?.();
        waiting.delete(key);
      } else counts.set(key, count);
    },
    delivered(sessionId: string, content: string): Promise<void> {
      const key = `${sessionId}\n${content}`;
      return new Promise((resolve) => waiting.set(key, resolve));
    },
  };
}

type Deliveries = ReturnType<typeof deliveries>;

// BENCH_REPEAT_TEXT=true (a diagnostic): every visitor sends the same text, so every chat notification after the
// first is a suppressed duplicate and the app stores and sends none.
const repeatText = process.env.BENCH_REPEAT_TEXT === "true";
const messageText = (round: string, visitor: number, index: number) =>
  repeatText && !round.startsWith("warm") && !round.startsWith("bare")
    ? "Hello, I ordered a phone charger last week and it has not arrived yet, can you check it? (same text in every message)"
    : `Hello, I ordered a phone charger last week and it has not arrived yet, can you check it? (${round} v${visitor} m${index})`;

interface Sender {
  sessionId: string;
  /** Sends the visitor's message and resolves with the server's acknowledgement. */
  send(text: string, index: number, clientMessageId: string): Promise<{ status: string }>;
}

/** Every visitor sends its messages one after the other, the next once all watchers have the last. Events per second. */
async function drive(
  visitors: Sender[],
  tracker: Deliveries,
  round: string,
  profileTo?: string,
): Promise<{ rate: number; seconds: number; mainCpuPerMessage: number | undefined }> {
  // Profiled: only the measured loop (not the round's set-up: takeovers, the assistant's first answers, waits).
  const session = profileTo ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: profileIntervalUs });
    await session.post("Profiler.start");
  }
  const before = tracker.total;
  const cpuBefore = mainThreadCpuMs();
  const started = performance.now();
  await Promise.all(
    visitors.map(async ({ send, sessionId }, visitor) => {
      for (let index = 0; index < messagesPerVisitor; index += 1) {
        const text = messageText(round, visitor, index);
        const delivered = tracker.delivered(sessionId, text);
        const ack = await send(text, index, `${round}-${visitor}-${index}`);
        if (ack.status !== "success") throw new Error(`visitor_message answered ${JSON.stringify(ack)}`);
        await delivered;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const rate = (tracker.total - before) / seconds;
  const cpuAfter = mainThreadCpuMs();
  const mainCpuPerMessage = cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / (visitors.length * messagesPerVisitor);
  if (session && profileTo) {
    const { profile: taken } = await session.post("Profiler.stop");
    session.disconnect();
    await mkdir(dirname(profileTo), { recursive: true });
    await writeFile(profileTo, JSON.stringify(taken));
  }
  return { rate, seconds, mainCpuPerMessage };
}

/**
 * CPU time of the main thread so far (Linux: its own line in /proc), in ms at the kernel's 10 ms tick.
 * Beside the rates: what each message costs the thread that every socket shares, which holds when other
 * work on the machine makes the rates noisy. Undefined where /proc has no such line.
 */
function mainThreadCpuMs(): number | undefined {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

const sender = (
  socket: Socket,
  sessionId: string,
  extra: (index: number) => Record<string, unknown> = () => ({}),
): Sender => ({
  sessionId,
  send: (text, index, clientMessageId) =>
    socket
      .timeout(30_000)
      .emitWithAck("visitor_message", {
        message: text,
        client_message_id: clientMessageId,
        ...extra(index),
      }) as Promise<{ status: string }>,
});

interface Figures {
  database: string;
  parleyRates: number[];
  bareRates: number[];
  /** Main-thread CPU per visitor message, ms, per measured round. */
  parleyCpu: number[];
  bareCpu: number[];
  payloadBytes: number;
  loadStart: string;
  loadEnd: string;
  quietTrips: number[];
  idleTrips: number[];
  idleOpenSeconds: number;
}

/** A bare socket.io server: the same loop's ack and broadcast, nothing else. */
async function startBare(templates: LiveUpdate[]) {
  const http: HttpServer = createServer();
  const server: SocketServer = new Server(http, {
    path: "/socket.io",
    transports: ["websocket"],
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
  });
  server.on("connection", (socket: ServerSocket) => {
    if (socket.handshake.query.watch === "1") void socket.join("watchers");
    socket.on(
      "visitor_message",
      (payload: { message: string; session_id: string; index: number }, ack: (reply: unknown) => void) => {
        ack({ status: "success" });
        const template = templates[Math.min(payload.index, templates.length - 1)]!;
        const messages = template.messages.slice();
        messages[messages.length - 1] = { ...messages.at(-1)!, content: payload.message };
        server
          .to("watchers")
          .emit("conversation_update", { ...template, session_id: payload.session_id, messages });
      },
    );
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    url,
    async close() {
      await server.close();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

async function run(database: "pglite" | "postgres"): Promise<Figures> {
  process.env.PARLEY_TEST_DATABASE = database;
  if (database === "postgres") process.env.TEST_DATABASE_URL = postgresUrl;
  const ctx: TestContext = await createTestContext({ chatLimits: false, rateLimits: false });
  const sockets: Socket[] = [];
  const open = (url: string, query: Record<string, string>) => {
    const socket = io(url, { ...socketOptions, query });
    sockets.push(socket);
    return socket;
  };
  let bare: Awaited<ReturnType<typeof startBare>> | undefined;
  const loadStart = load();
  log(`${database}: app started, load ${loadStart}`);
  try {
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const tenant: Tenant = await createTenant(ctx, "Bench Live");
    await ctx.database.db.query(
      "UPDATE configurations SET message_limit = 0, settings = settings || $2::jsonb WHERE id = $1",
      [
        tenant.configurationId,
        JSON.stringify({
          language: "en",
          anonimize_input: false,
          use_alert_triggers: false,
          use_live_chat_monitor: false,
        }),
      ],
    );
    const agents: { socket: Socket; ready: Promise<unknown> }[] = [];
    const tracker = deliveries(agentCount);
    for (let index = 0; index < agentCount; index += 1) {
      const { token } = await ctx.createUser({ role: "customer", customerId: tenant.customerId });
      const socket = open(`${base}/live`, { token, firstname: `Agent${index}`, lastname: "Bench" });
      socket.on("conversation_update", (update: LiveUpdate) => tracker.seen(update));
      agents.push({ socket, ready: connected(socket, "initial_conversations") });
    }
    await Promise.all(agents.map(({ ready }) => ready));
    const operator = agents[0]!.socket;
    log(`${database}: ${agentCount} agents connected`);

    /** Visitors in conversations the operator has taken over (one answered message each, then the takeover). */
    async function takenOverVisitors(count: number, label: string) {
      return Promise.all(
        Array.from({ length: count }, async (_, index) => {
          const socket = open(`${base}/chat`, { configuration_id: tenant.configurationId });
          await connected(socket, "session");
          const answered = new Promise<void>((resolve) =>
            socket.on("assistant_message", (payload: { done: boolean }) => {
              if (payload.done) resolve();
            }),
          );
          const joined = new Promise<void>((resolve) => socket.once("agent_message", () => resolve()));
          const ack = (await socket
            .timeout(30_000)
            .emitWithAck("visitor_message", { message: `Hi, ${label} ${index} here` })) as {
            session_id: string;
          };
          await answered;
          const taken = (await operator.timeout(30_000).emitWithAck("manual_takeover", {
            configuration_id: tenant.configurationId,
            session_id: ack.session_id,
            first_name: "Anna",
            last_name: "Bench",
          })) as { status: string };
          if (taken.status !== "success")
            throw new Error(`manual_takeover answered ${JSON.stringify(taken)}`);
          await joined;
          return { socket, sessionId: ack.session_id };
        }),
      );
    }

    // Warm-up round of the app, which also records the update of each message index (the bare server's payloads).
    const templates: LiveUpdate[] = [];
    const record = (update: LiveUpdate) => {
      const match = /\(warm v0 m(\d+)\)$/.exec(update.messages.at(-1)?.content ?? "");
      if (match) templates[Number(match[1])] = update;
    };
    operator.on("conversation_update", record);
    const parleyRound = async (label: string, profileTo?: string) => {
      const visitors = await takenOverVisitors(visitorCount, label);
      await quiet(300); // the takeovers' updates have arrived
      const result = await drive(
        visitors.map(({ socket, sessionId }) => sender(socket, sessionId)),
        tracker,
        label,
        profileTo,
      );
      for (const visitor of visitors) visitor.socket.disconnect();
      return result;
    };
    await parleyRound("warm");
    operator.off("conversation_update", record);
    const payloadBytes =
      templates.reduce((sum, update) => sum + Buffer.byteLength(JSON.stringify(update)), 0) /
      templates.length;
    log(`${database}: warm-up done, mean conversation_update ${payloadBytes.toFixed(0)} bytes`);

    bare = await startBare(templates);
    const bareTracker = deliveries(agentCount);
    const watchers = Array.from({ length: agentCount }, () => {
      const socket = open(bare!.url, { watch: "1" });
      socket.on("conversation_update", (update: LiveUpdate) => bareTracker.seen(update));
      return socket;
    });
    await Promise.all(watchers.map((socket) => connected(socket, "connect")));
    const bareRound = async (label: string, profileTo?: string) => {
      const visitors = await Promise.all(
        Array.from({ length: visitorCount }, async (_, index) => {
          const socket = open(bare!.url, {});
          await connected(socket, "connect");
          const sessionId = `${label}-${index}`;
          // The same loop as the app's visitors; the payload also names the session and the message index.
          return {
            socket,
            ...sender(socket, sessionId, (message) => ({ session_id: sessionId, index: message })),
          };
        }),
      );
      const result = await drive(visitors, bareTracker, label, profileTo);
      for (const visitor of visitors) visitor.socket.disconnect();
      return result;
    };
    await bareRound("bare-warm");

    const parleyRates: number[] = [];
    const bareRates: number[] = [];
    const parleyCpu: number[] = [];
    const bareCpu: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? (["bare", "parley"] as const) : (["parley", "bare"] as const);
      for (const side of order) {
        const result =
          side === "bare" ? await bareRound(`bare-${round}`) : await parleyRound(`parley-${round}`);
        (side === "bare" ? bareRates : parleyRates).push(result.rate);
        if (result.mainCpuPerMessage !== undefined) (side === "bare" ? bareCpu : parleyCpu).push(result.mainCpuPerMessage);
        log(
          `${database}: round ${round + 1} ${side}: ${result.rate.toFixed(0)} updates/s (${result.seconds.toFixed(2)} s), main thread ${result.mainCpuPerMessage?.toFixed(2) ?? "?"} ms per message, load ${load()}`,
        );
      }
    }
    if (profile) {
      // One more round of each side under the profiler (after the measured ones, so they are not slowed).
      for (const side of ["bare", "parley"] as const) {
        const to = join(here, "results", `live-${database}-${side}.cpuprofile`);
        if (side === "bare") await bareRound("bare-profiled", to);
        else await parleyRound("parley-profiled", to);
      }
      log(`${database}: profiles of the measured loop in bench/results/live-${database}-{bare,parley}.cpuprofile`);
    }
    for (const socket of watchers) socket.disconnect();
    await bare.close();
    bare = undefined;
    for (const { socket } of agents.slice(1)) socket.disconnect();

    // Round trips: the operator answers in turn in conversations it has taken over.
    const conversations = await takenOverVisitors(conversationsForRoundTrips, "trip");
    let trip = 0;
    const roundTrip = async () => {
      trip += 1;
      const { socket, sessionId } = conversations[trip % conversations.length]!;
      const text = `Thanks for waiting, I am looking at your order now (${trip}).`;
      const arrived = new Promise<number>((resolve) => {
        const onMessage = (payload: { message: { role: string; content: string } }) => {
          if (payload.message.role === "human_agent" && payload.message.content.includes(`(${trip}).`)) {
            socket.off("agent_message", onMessage);
            resolve(performance.now());
          }
        };
        socket.on("agent_message", onMessage);
      });
      const started = performance.now();
      const ack = (await operator.timeout(30_000).emitWithAck("human_agent_message", {
        configurationId: tenant.configurationId,
        conversationId: sessionId,
        messageContent: text,
        client_message_id: `trip-${trip}`,
      })) as { status: string };
      if (ack.status !== "success") throw new Error(`human_agent_message answered ${JSON.stringify(ack)}`);
      return (await arrived) - started;
    };
    const measureTrips = async () => {
      for (let i = 0; i < roundTripWarmup; i += 1) await roundTrip();
      const times: number[] = [];
      for (let i = 0; i < roundTrips; i += 1) times.push(await roundTrip());
      return times;
    };
    const quietTrips = await measureTrips();
    log(`${database}: round trips without idle sockets p99 ${percentile(quietTrips, 99).toFixed(1)} ms`);

    const idleStarted = performance.now();
    for (let opened = 0; opened < idleCount; opened += 100) {
      const batch = Array.from({ length: Math.min(100, idleCount - opened) }, () =>
        connected(open(`${base}/chat`, { configuration_id: tenant.configurationId }), "session"),
      );
      await Promise.all(batch);
    }
    const idleOpenSeconds = (performance.now() - idleStarted) / 1000;
    log(`${database}: ${idleCount} idle widget sockets open in ${idleOpenSeconds.toFixed(1)} s`);
    const idleTrips = await measureTrips();
    const stillOpen = sockets.filter((socket) => socket.connected).length;
    log(
      `${database}: round trips with ${idleCount} idle sockets p99 ${percentile(idleTrips, 99).toFixed(1)} ms (${stillOpen} sockets still connected)`,
    );
    if (stillOpen < idleCount) throw new Error(`only ${stillOpen} sockets were still connected`);

    return {
      database,
      parleyRates,
      bareRates,
      parleyCpu,
      bareCpu,
      payloadBytes,
      loadStart,
      loadEnd: load(),
      quietTrips,
      idleTrips,
      idleOpenSeconds,
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
    await bare?.close();
    await ctx.close();
  }
}

async function postgresReachable(): Promise<boolean> {
  if (postgresUrl === "none") return false;
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    log(`PostgreSQL not reachable at ${postgresUrl}; PGlite only`);
    return false;
  }
}

const results: Figures[] = [];
if (only !== "postgres") results.push(await run("pglite"));
if (only !== "pglite" && (await postgresReachable())) results.push(await run("postgres"));

let commit = "unknown";
try {
  commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: here, encoding: "utf8" }).trim();
} catch {
  // not a checkout
}
const ms = (value: number) => value.toFixed(1);
const fanOutRatio = (r: Figures) => median(r.parleyRates) / median(r.bareRates);
const cpuColumn = (r: Figures) =>
  r.bareCpu.length === 0 || r.parleyCpu.length === 0
    ? "—"
    : `${median(r.bareCpu).toFixed(2)} / ${median(r.parleyCpu).toFixed(2)} ms (${((100 * median(r.bareCpu)) / median(r.parleyCpu)).toFixed(0)} %)`;
const lines = [
  `Live conversations, commit ${commit}, ${new Date().toISOString().slice(0, 10)}; ${cpus().length} cores; Node ${process.version}`,
  "",
  `Fan-out: ${agentCount} agents, ${visitorCount} visitors × ${messagesPerVisitor} messages per round in taken-over conversations; medians of ${rounds} rounds (every round in brackets), conversation_update events delivered per second summed over the agents`,
  "",
  "| database | bare socket.io broadcast | Parley /chat → /live | vs bare | aim ≥ 70 % | main-thread CPU per message, bare / Parley (ratio) | mean payload | load start → end |",
  "|---|---:|---:|---:|---|---:|---:|---|",
  ...results.map(
    (r) =>
      `| ${r.database} | ${median(r.bareRates).toFixed(0)} /s (${r.bareRates.map((v) => v.toFixed(0)).join(", ")}) | ${median(r.parleyRates).toFixed(0)} /s (${r.parleyRates.map((v) => v.toFixed(0)).join(", ")}) | ${(100 * fanOutRatio(r)).toFixed(1)} % | ${fanOutRatio(r) >= 0.7 ? "met" : "MISSED"} | ${cpuColumn(r)} | ${r.payloadBytes.toFixed(0)} B | ${r.loadStart} → ${r.loadEnd} |`,
  ),
  "",
  `Agent → visitor round trip (human_agent_message sent → agent_message at the visitor), ${roundTrips} after ${roundTripWarmup} unmeasured, over ${conversationsForRoundTrips} taken-over conversations`,
  "",
  "| database | idle widget sockets | p50 | p95 | p99 | max | aim p99 ≤ 100 ms |",
  "|---|---:|---:|---:|---:|---:|---|",
  ...results.flatMap((r) => [
    `| ${r.database} | 0 | ${ms(percentile(r.quietTrips, 50))} ms | ${ms(percentile(r.quietTrips, 95))} ms | ${ms(percentile(r.quietTrips, 99))} ms | ${ms(percentile(r.quietTrips, 100))} ms | |`,
    `| ${r.database} | ${idleCount} (opened in ${r.idleOpenSeconds.toFixed(1)} s) | ${ms(percentile(r.idleTrips, 50))} ms | ${ms(percentile(r.idleTrips, 95))} ms | ${ms(percentile(r.idleTrips, 99))} ms | ${ms(percentile(r.idleTrips, 100))} ms | ${percentile(r.idleTrips, 99) <= 100 ? "met" : "MISSED"} |`,
  ]),
];
process.stdout.write(`${lines.join("\n")}\n`);
await mkdir(join(here, "results"), { recursive: true });
await writeFile(join(here, "results", "live.md"), `${lines.join("\n")}\n`);
process.exit(0);
