/**
 * Fails when a translation lacks a key of the English source, has one English does not, or leaves a
 * text empty. Run by the package's `check` script (part of the root `pnpm test`).
 */
import { readFileSync } from "node:fs";
import { compareLocale } from "../src/i18n/locale-keys";
import { languageCodes } from "../src/i18n/languages";

function load(code: string): unknown {
  return JSON.parse(readFileSync(new URL(`../src/locales/${code}.json`, import.meta.url), "utf8"));
}

const source = load("en");
let failed = false;
for (const code of languageCodes.filter((language) => language !== "en")) {
  const { missing, extra, empty } = compareLocale(source, load(code));
  if (missing.length + extra.length + empty.length === 0) {
    console.log(`${code}: ok`);
    continue;
  }
  failed = true;
  for (const key of missing) console.error(`${code}: missing ${key}`);
  for (const key of extra) console.error(`${code}: not in English ${key}`);
  for (const key of empty) console.error(`${code}: empty ${key}`);
}
if (failed) {
  console.error("Locale check failed: every language must have exactly the keys of en.json.");
  process.exit(1);
}
