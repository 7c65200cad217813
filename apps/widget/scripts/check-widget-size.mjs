#!/usr/bin/env node
/**
 * Size budgets of the widget (issue 15), measured on the build:
 *   - dist/loader.js, the script every customer page loads: at most 5 kB gzipped;
 *   - the JavaScript the chat frame loads first (index.html's module entry and the modules it preloads,
 *     i.e. its static imports; lazily imported chunks come later): at most 100 kB gzipped.
 * gzip level 9, 1 kB = 1000 bytes (as Vite and scripts/check-bundle-size.mjs report). Prints the figures and
 * fails above a budget.
 *
 * Usage: node scripts/check-widget-size.mjs <distDir>
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const loaderBudget = 5_000;
const frameBudget = 100_000;
const base = "/widget/";

const distDir = resolve(process.argv[2] ?? "dist");
const indexPath = join(distDir, "index.html");
const loaderPath = join(distDir, "loader.js");
for (const required of [indexPath, loaderPath]) {
  if (!existsSync(required)) {
    console.error(`No ${required}: build the widget first (pnpm --filter @parley/widget build).`);
    process.exit(2);
  }
}

const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

const html = readFileSync(indexPath, "utf8");
const entries = [
  ...html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/g),
  ...html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/g),
].map((match) => match[1]);
if (entries.length === 0) {
  console.error("index.html names no module script.");
  process.exit(1);
}

const rows = [
  {
    file: "loader.js",
    raw: readFileSync(loaderPath).length,
    gzip: gzipSize(loaderPath),
    budget: loaderBudget,
  },
];
let frameTotal = 0;
for (const url of new Set(entries)) {
  if (!url.startsWith(base)) throw new Error(`${url} is not under the widget's base ${base}.`);
  const file = join(distDir, url.slice(base.length));
  const gzip = gzipSize(file);
  frameTotal += gzip;
  rows.push({ file: url.slice(base.length), raw: readFileSync(file).length, gzip });
}

const width = Math.max(...rows.map((row) => row.file.length), "chat frame's first JavaScript".length);
console.log(`Widget sizes in ${distDir} (gzip -9, 1 kB = 1000 bytes)`);
console.log(`${"file".padEnd(width)}  ${"raw".padStart(9)}  ${"gzip".padStart(9)}`);
for (const row of rows)
  console.log(`${row.file.padEnd(width)}  ${kb(row.raw).padStart(9)}  ${kb(row.gzip).padStart(9)}`);
console.log(
  `${"loader".padEnd(width)}  ${"".padStart(9)}  ${kb(rows[0].gzip).padStart(9)}  (budget ${kb(loaderBudget)})`,
);
console.log(
  `${"chat frame's first JavaScript".padEnd(width)}  ${"".padStart(9)}  ${kb(frameTotal).padStart(9)}  (budget ${kb(frameBudget)})`,
);

let failed = false;
if (rows[0].gzip > loaderBudget) {
  console.error(
    `The loader is over budget by ${kb(rows[0].gzip - loaderBudget)}: every customer page pays for it.`,
  );
  failed = true;
}
if (frameTotal > frameBudget) {
  console.error(
    `The chat frame's first JavaScript is over budget by ${kb(frameTotal - frameBudget)}: load more on demand (dynamic import()).`,
  );
  failed = true;
}
if (failed) process.exit(1);
console.log("Within budget.");
