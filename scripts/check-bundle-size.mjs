#!/usr/bin/env node
/**
 * Size budget of a portal's first route: the entry script of the built index.html and every chunk it
 * imports statically (followed through Vite's manifest, or the modulepreload links when there is no
 * manifest), each gzipped. Fails above the budget and prints the figures.
 *
 * Usage: node scripts/check-bundle-size.mjs <distDir> [budgetKB]
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

// Two thirds of the widely used 300 KB budget for a first route's JavaScript (issue 5).
const defaultBudgetKB = 200;

const [distArgument, budgetArgument] = process.argv.slice(2);
if (!distArgument) {
  console.error("Usage: node scripts/check-bundle-size.mjs <distDir> [budgetKB]");
  process.exit(2);
}
const distDir = resolve(distArgument);
// Kilobytes of 1000 bytes, as Vite reports them.
const budgetBytes = Number(budgetArgument ?? defaultBudgetKB) * 1000;
const indexPath = join(distDir, "index.html");
if (!existsSync(indexPath)) {
  console.error(`No ${indexPath}: build the app first (vite build).`);
  process.exit(2);
}

const html = readFileSync(indexPath, "utf8");

/** Paths in index.html carry the app's base (`/admin/assets/…`); the manifest's files do not. */
function fileFromUrl(url) {
  const path = url.split(/[?#]/)[0];
  const assetsAt = path.indexOf("assets/");
  return assetsAt >= 0 ? path.slice(assetsAt) : path.replace(/^\/+/, "");
}

const entryScripts = [...html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/g)].map((match) =>
  fileFromUrl(match[1]),
);
if (entryScripts.length === 0) {
  console.error("index.html has no module entry script.");
  process.exit(1);
}

function staticGraphFromManifest() {
  const manifestPath = [join(distDir, ".vite", "manifest.json"), join(distDir, "manifest.json")].find(existsSync);
  if (!manifestPath) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, { key, chunk }]));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const file of entryScripts) {
    const found = byFile.get(file);
    if (!found) throw new Error(`The manifest does not list the entry ${file}.`);
    visit(found.key);
  }
  return [...files];
}

function staticGraphFromHtml() {
  const preloads = [...html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/g)].map((match) =>
    fileFromUrl(match[1]),
  );
  return [...new Set([...entryScripts, ...preloads])];
}

const files = (staticGraphFromManifest() ?? staticGraphFromHtml()).filter((file) => file.endsWith(".js"));
const rows = files.map((file) => {
  const content = readFileSync(join(distDir, file));
  return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
});
rows.sort((left, right) => right.gzip - left.gzip);

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const width = Math.max(...rows.map((row) => row.file.length), 4);
console.log(`First-route JavaScript of ${distDir}`);
console.log(`${"file".padEnd(width)}  ${"raw".padStart(11)}  ${"gzip".padStart(11)}`);
for (const row of rows) console.log(`${row.file.padEnd(width)}  ${kb(row.raw).padStart(11)}  ${kb(row.gzip).padStart(11)}`);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
console.log(`${"total".padEnd(width)}  ${"".padStart(11)}  ${kb(total).padStart(11)}  (budget ${kb(budgetBytes)})`);

if (total > budgetBytes) {
  console.error(`Over budget by ${kb(total - budgetBytes)}: split routes with React.lazy or drop dependencies from the entry.`);
  process.exit(1);
}
console.log("Within budget.");
