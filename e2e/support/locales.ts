import { interfaceLanguages } from "@parley/domain/locale";
import { pageGroups, pageTitles } from "@parley/domain/pages";
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";

/** One language's texts of the UI: `namespace:key` → text, from the locale files of packages/ui. */
export type Catalogue = Map<string, string>;

const uiSources = resolve(import.meta.dirname, "../../packages/ui/src");

function flatten(node: unknown, prefix: string, into: Catalogue, namespace: string): void {
  if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, into, namespace);
  } else if (typeof node === "string") {
    into.set(`${namespace}:${prefix}`, node);
  }
}

/** A locale folder's namespace as the UI registers it (the parent folder's name; `pages` for navigation). */
function namespaceOf(localesFolder: string): string {
  const parent = localesFolder.split(/[\\/]/).at(-2) ?? "";
  return parent === "navigation" ? "pages" : parent;
}

/**
 * Every text of the UI in a language. English page titles and group names come from the page manifest
 * (the portals derive their English `pages` namespace from it).
 */
export function catalogue(language: string): Catalogue {
  const texts: Catalogue = new Map();
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === `${language}.json` && directory.endsWith("locales")) {
        flatten(JSON.parse(readFileSync(path, "utf8")), "", texts, namespaceOf(directory));
      }
    }
  };
  walk(uiSources);
  if (language === "en") {
    flatten({ titles: pageTitles, groups: Object.fromEntries(Object.entries(pageGroups).map(([id, group]) => [id, group.title])) }, "", texts, "pages");
  }
  return texts;
}

/** Every translation key of the UI (`namespace:key` and `key`), from the English files. */
export function translationKeys(): Set<string> {
  const keys = new Set<string>();
  for (const key of catalogue("en").keys()) {
    keys.add(key);
    keys.add(key.slice(key.indexOf(":") + 1));
  }
  return keys;
}

const normalise = (text: string) => text.replace(/<\/?\d+>|<\/?(strong|b|i|em|code|br|link)\s*\/?>/g, "").replace(/\s+/g, " ").trim();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export interface EnglishLeak {
  text: string;
  key: string;
}

const templateOf = (text: string) => new RegExp(`^${text.split(/\{\{[^}]+\}\}/).map(escape).join(".+?")}$`, "u");

/**
 * Finds English UI texts on a page in another language. A text counts when it is, as a whole, the English text
 * of a key whose translation differs, and no text of the language is the same (so "Dashboard", "Status" or a
 * product name that the language keeps does not count, nor does user data, which is never a whole UI text).
 * Texts with placeholders match with anything in their place, as long as they have words of their own and no
 * text of the language matches too ("{{month}} : {{count}} conversation" is French as well). Example addresses
 * are no language, and language pickers name each language in itself ("English" among "Nederlands", "Deutsch").
 * The caller leaves out the parts of the page marked with another `lang` (the widget preview in its language).
 */
export function englishLeakFinder(language: string): (texts: string[]) => EnglishLeak[] {
  const english = catalogue("en");
  const translated = catalogue(language);
  const ownTexts = new Set([...translated.values()].map(normalise));
  const ownTemplates = [...translated.values()].map(normalise).filter((text) => text.includes("{{")).map(templateOf);
  const endonyms = new Set<string>(interfaceLanguages.map((entry) => entry.name));
  const exact = new Map<string, string>();
  const templates: { pattern: RegExp; key: string }[] = [];
  for (const [key, value] of english) {
    const text = normalise(value);
    const translation = translated.get(key);
    if (translation === undefined || normalise(translation) === text || ownTexts.has(text) || endonyms.has(text)) continue;
    if (/^https?:\/\/\S+$/.test(text)) continue;
    const literal = text.replace(/\{\{[^}]+\}\}/g, " ");
    // A word of at least three letters of its own; a lone "OK" or "{{count}} %" says nothing about the language.
    if (!/\p{L}{3,}/u.test(literal)) continue;
    if (text.includes("{{")) {
      templates.push({ pattern: templateOf(text), key });
    } else {
      exact.set(text, key);
    }
  }
  return (texts) => {
    const leaks: EnglishLeak[] = [];
    for (const raw of texts) {
      const text = normalise(raw);
      if (ownTexts.has(text)) continue;
      const key =
        exact.get(text) ??
        (ownTemplates.some((template) => template.test(text)) ? undefined : templates.find((template) => template.pattern.test(text))?.key);
      if (key) leaks.push({ text, key });
    }
    return leaks;
  };
}
