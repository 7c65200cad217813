import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as domain from "./index";

/** Every source module below src/, as a path relative to src without extension. */
function sourceModules(folder = ""): string[] {
  const url = new URL(`./${folder}`, import.meta.url);
  return readdirSync(url, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return sourceModules(`${folder}${entry.name}/`);
    // Tests and what only tests import (`*.test-support.ts`) are not part of the package.
    if (!entry.name.endsWith(".ts") || /\.test(-support)?\.ts$/.test(entry.name)) return [];
    return [`${folder}${entry.name.slice(0, -3)}`];
  });
}

describe("package entry", () => {
  it("re-exports every export of every module", async () => {
    const missing: string[] = [];
    const modules = sourceModules();
    expect(modules).toEqual(
      expect.arrayContaining(["training", "products", "validation/auth", "validation/urls"]),
    );
    for (const module of modules) {
      if (module === "index" || module === "validation/index") continue;
      const exported = (await import(
        /* @vite-ignore */ new URL(`./${module}.ts`, import.meta.url).href
      )) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exported)) {
        if ((domain as Record<string, unknown>)[name] !== value) missing.push(`${module}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
