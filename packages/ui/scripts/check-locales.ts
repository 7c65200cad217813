/**
 * Fails when a translation lacks a key of the English source, has one English does not, or leaves a
 * text empty, in any namespace. Run by the package's `check` script (part of the root `pnpm test`).
 */
import { languageCodes } from "@parley/domain/locale";
import { compareNamespaces } from "../src/i18n/locale-keys";

const failures = await compareNamespaces(languageCodes);
for (const failure of failures) console.error(failure);
if (failures.length > 0) {
  console.error("Locale check failed: every language must have exactly the keys of English in every namespace.");
  process.exit(1);
}
console.log(`Locales ok: ${languageCodes.join(", ")} have every key of every namespace.`);
