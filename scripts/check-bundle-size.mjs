#!/usr/bin/env node
/**
 * Size budget of a portal's first route, measured the way a visitor meets it: the built app is served
 * from `dist` by a small static server (SPA fallback; every `/api` call fails with 503, as when the API
 * is down, which the sign-in page survives), headless Chromium opens the first route, and every
 * JavaScript file the browser fetches until the page is ready and the network has been quiet for a
 * while is gzipped (level 9) and summed: the entry, its static imports and the lazily loaded route
 * chunks with theirs. Prints the per-file figures and fails above the budget.
 *
 * Usage: node scripts/check-bundle-size.mjs <distDir> [budgetKB] [--path /admin/login] [--ready <css selector>]
 *   --path   the first route (default: `<base>login`, the base taken from index.html's entry script)
 *   --ready  what marks the route as rendered (default: the password field of the sign-in form)
 * Chromium: CHROMIUM_PATH or /usr/bin/chromium; playwright-core is resolved from the app's own
 * dependencies (the working directory's package.json).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { extname, join, normalize, resolve, sep } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

// Two thirds of the widely used 300 KB budget for a first route's JavaScript (issue 5).
const defaultBudgetKB = 200;
// Kilobytes of 1000 bytes, as Vite reports them.
const bytesPerKB = 1000;
// Lazy chunks requested right after the first paint (toasts, idle work) still belong to the first visit.
const quietPeriodMs = 1500;

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { path: { type: "string" }, ready: { type: "string", default: 'input[type="password"]' } },
});
const [distArgument, budgetArgument] = positionals;
if (!distArgument) {
  console.error("Usage: node scripts/check-bundle-size.mjs <distDir> [budgetKB] [--path /login] [--ready selector]");
  process.exit(2);
}
const distDir = resolve(distArgument);
const budgetBytes = Number(budgetArgument ?? defaultBudgetKB) * bytesPerKB;
const indexPath = join(distDir, "index.html");
if (!existsSync(indexPath)) {
  console.error(`No ${indexPath}: build the app first (vite build).`);
  process.exit(2);
}
const indexHtml = readFileSync(indexPath);

const entrySource = /<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/.exec(indexHtml.toString("utf8"))?.[1];
if (!entrySource) {
  console.error("index.html has no module entry script.");
  process.exit(1);
}
// `/admin/assets/index-x.js` → `/admin/`: the app's base, which the server strips before looking in dist.
const base = entrySource.slice(0, entrySource.indexOf("assets/")) || "/";
const firstRoute = options.path ?? `${base}login`;

const contentTypes = {
  ".js": "text/javascript",
  ".css": "text/css",
  ".html": "text/html",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

/** The dist file a URL path names, or null when it names none. */
function distFileOf(urlPath) {
  if (!urlPath.startsWith(base)) return null;
  const relative = normalize(decodeURIComponent(urlPath.slice(base.length)));
  const file = join(distDir, relative);
  if (!file.startsWith(distDir + sep)) return null;
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

const server = createServer((request, response) => {
  const urlPath = new URL(request.url ?? "/", "http://localhost").pathname;
  if (urlPath.startsWith("/api/") || urlPath.startsWith(`${base}api/`)) {
    response.writeHead(503, { "content-type": "application/problem+json" });
    response.end(JSON.stringify({ type: "about:blank", title: "Service Unavailable", status: 503, code: "service_unavailable", message: "Service unavailable" }));
    return;
  }
  const file = distFileOf(urlPath);
  if (file) {
    response.writeHead(200, { "content-type": contentTypes[extname(file)] ?? "application/octet-stream" });
    response.end(readFileSync(file));
    return;
  }
  if (urlPath.includes(".") && !urlPath.endsWith(".html")) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { "content-type": "text/html" });
  response.end(indexHtml);
});

const requireFromApp = createRequire(join(process.cwd(), "package.json"));
const { chromium } = requireFromApp("playwright-core");

await new Promise((resolveListening) => server.listen(0, "127.0.0.1", resolveListening));
const address = server.address();
const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const scriptUrls = new Set();
const pageErrors = [];
let lastRequestAt = Date.now();
let failure;
try {
  const page = await browser.newPage();
  // A size check, not a speed check: CI runs it beside the test suites on two cores, where the
  // first render has taken more than 15 s; only a page that never renders should fail it.
  page.setDefaultTimeout(120_000);
  page.setDefaultNavigationTimeout(120_000);
  page.on("request", () => (lastRequestAt = Date.now()));
  page.on("response", (response) => {
    const url = new URL(response.url());
    const isScript = url.pathname.endsWith(".js") || url.pathname.endsWith(".mjs") || /javascript/.test(response.headers()["content-type"] ?? "");
    if (url.origin === origin && isScript) scriptUrls.add(url.pathname);
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(`${origin}${firstRoute}`, { waitUntil: "networkidle" });
  await page.locator(options.ready).first().waitFor({ state: "visible" });
  while (Date.now() - lastRequestAt < quietPeriodMs) await page.waitForTimeout(250);
} catch (error) {
  failure = error;
} finally {
  await browser.close();
  server.close();
}
if (failure) {
  console.error(`${firstRoute} did not render (${options.ready} never appeared): ${failure instanceof Error ? failure.message : String(failure)}`);
  if (pageErrors.length > 0) console.error(`Page errors:\n  ${pageErrors.join("\n  ")}`);
  process.exit(1);
}

const rows = [...scriptUrls].map((urlPath) => {
  const file = distFileOf(urlPath);
  if (!file) throw new Error(`The browser loaded ${urlPath}, which is not in ${distDir}.`);
  const content = readFileSync(file);
  return { file: urlPath.slice(base.length), raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
});
rows.sort((left, right) => right.gzip - left.gzip);

const kb = (bytes) => `${(bytes / bytesPerKB).toFixed(1)} kB`;
const width = Math.max(...rows.map((row) => row.file.length), 5);
console.log(`JavaScript a browser loads for ${firstRoute} of ${distDir} (gzip -9, 1 kB = ${bytesPerKB} bytes)`);
console.log(`${"file".padEnd(width)}  ${"raw".padStart(11)}  ${"gzip".padStart(11)}`);
for (const row of rows) console.log(`${row.file.padEnd(width)}  ${kb(row.raw).padStart(11)}  ${kb(row.gzip).padStart(11)}`);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
console.log(`${`total (${rows.length} files)`.padEnd(width)}  ${kb(rows.reduce((sum, row) => sum + row.raw, 0)).padStart(11)}  ${kb(total).padStart(11)}  (budget ${kb(budgetBytes)})`);
if (pageErrors.length > 0) console.log(`Page errors seen (the route still rendered):\n  ${pageErrors.join("\n  ")}`);

if (total > budgetBytes) {
  console.error(`Over budget by ${kb(total - budgetBytes)}: load more of the route on demand (React.lazy, dynamic import()).`);
  process.exit(1);
}
console.log("Within budget.");
