import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { defaultConfig } from "@chakra-ui/react";
import { describe, expect, it } from "vitest";
import { fullSystem } from "./fullSystem";
import { firstRouteSystem } from "./system";

const sourceRoot = resolve(import.meta.dirname, "..");

// Chakra components whose recipe has another name than the component.
const recipeOfComponent: Record<string, string> = { IconButton: "button", CloseButton: "button", Toaster: "toast" };
const chakraRecipes = new Set(Object.keys(defaultConfig.theme?.recipes ?? {}));
const chakraSlotRecipes = new Set(Object.keys(defaultConfig.theme?.slotRecipes ?? {}));

/** The recipe key of a Chakra component, when Chakra styles it with a recipe. */
function recipeKeyOf(component: string): string | null {
  const key = recipeOfComponent[component] ?? component.charAt(0).toLowerCase() + component.slice(1);
  return chakraRecipes.has(key) || chakraSlotRecipes.has(key) ? key : null;
}

function sourceFiles(folder = sourceRoot): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The Chakra components a source file imports. */
function chakraComponentsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/^import\s+\{([^}]*)\}\s+from\s+"@chakra-ui\/react";/gm)].flatMap((match) =>
    (match[1] ?? "")
      .split(",")
      .map((name) => name.trim())
      .filter((name) => /^[A-Z]/.test(name)),
  );
}

/** A file and every file of ours it imports statically (what renders with it on its route). */
function staticImportsOf(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  for (const match of source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+"(\.[^"]+)";/gm)) {
    const base = resolve(dirname(file), match[1] ?? "");
    const found = [".tsx", ".ts", "/index.ts"].map((ending) => `${base}${ending}`).find((candidate) => sourceFiles().includes(candidate));
    if (found) staticImportsOf(found, seen);
  }
  return seen;
}

function missingRecipes(files: Iterable<string>, system: typeof fullSystem): string[] {
  const missing: string[] = [];
  for (const file of files) {
    for (const component of chakraComponentsOf(file)) {
      const key = recipeKeyOf(component);
      if (key && !system.isRecipe(key) && !system.isSlotRecipe(key)) missing.push(`${file.slice(sourceRoot.length + 1)}: ${component} (${key})`);
    }
  }
  return missing;
}

describe("Chakra recipes in the systems", () => {
  it("has a recipe in the full system for every Chakra component a screen uses", () => {
    expect(missingRecipes(sourceFiles(), fullSystem)).toEqual([]);
  });

  it("has a recipe in the first route's system for every component the sign-in page and its layout use", () => {
    const firstRoute = new Set([...staticImportsOf(join(sourceRoot, "features/auth/LoginPage.tsx")), ...staticImportsOf(join(sourceRoot, "portal.tsx"))]);
    expect(firstRoute.size).toBeGreaterThan(5);
    expect(missingRecipes(firstRoute, firstRouteSystem)).toEqual([]);
  });

  it("has the recipes the design, training, history and live screens will use", () => {
    for (const key of ["colorPicker", "datePicker", "progress", "tagsInput", "scrollArea", "timeline"]) expect(fullSystem.isSlotRecipe(key), key).toBe(true);
  });

  it("notices a component without a recipe", () => {
    expect(recipeKeyOf("ColorPicker")).toBe("colorPicker");
    expect(recipeKeyOf("Box")).toBeNull();
    expect(firstRouteSystem.isSlotRecipe("colorPicker")).toBe(false);
  });
});
