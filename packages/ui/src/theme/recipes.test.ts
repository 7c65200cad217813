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

describe("form controls' outlines in both modes", () => {
  const hex = (name: string) => String(fullSystem.tokens.getByName(`colors.${name}`)?.value);
  const luminance = (color: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(color.slice(at, at + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light! + 0.05) / (dark! + 0.05);
  };
  const semantic = (name: string) => {
    const [group, variant = "DEFAULT"] = name.split(".");
    const colors = fullSystem._config.theme?.semanticTokens?.colors as Record<string, Record<string, { value: { _light: string; _dark: string } | string }>>;
    const value = colors[group!]![variant]!.value;
    const shade = (reference: string) => hex(reference.replace(/^\{colors\.|\}$/g, ""));
    return typeof value === "string" ? { light: shade(value), dark: shade(value) } : { light: shade(value._light), dark: shade(value._dark) };
  };

  it("draws inputs, textareas, selects and comboboxes with the emphasized border, not the faint default", () => {
    const outline = (recipe: unknown, slot?: string) => {
      const variant = (recipe as { variants: { variant: { outline: Record<string, Record<string, unknown>> } } }).variants.variant.outline;
      return slot ? variant[slot]?.borderColor : (variant as Record<string, unknown>).borderColor;
    };
    expect(outline(fullSystem._config.theme?.recipes?.input)).toBe("border.emphasized");
    expect(outline(fullSystem._config.theme?.recipes?.textarea)).toBe("border.emphasized");
    expect(outline(fullSystem._config.theme?.slotRecipes?.nativeSelect, "field")).toBe("border.emphasized");
    expect(outline(fullSystem._config.theme?.slotRecipes?.select, "trigger")).toBe("border.emphasized");
    expect(outline(fullSystem._config.theme?.slotRecipes?.combobox, "input")).toBe("border.emphasized");
    const flushed = (recipe: unknown) => (recipe as { variants: { variant: { flushed: Record<string, unknown> } } }).variants.variant.flushed.borderBottomColor;
    expect(flushed(fullSystem._config.theme?.recipes?.input)).toBe("border.emphasized");
    expect(flushed(fullSystem._config.theme?.recipes?.textarea)).toBe("border.emphasized");
  });

  it("gives that border at least 3:1 against the page and panels in light and in dark (WCAG 1.4.11)", () => {
    const border = semantic("border.emphasized");
    const page = semantic("bg");
    const panel = semantic("bg.panel");
    for (const mode of ["light", "dark"] as const) {
      expect(contrast(border[mode], page[mode]), `${mode} page`).toBeGreaterThanOrEqual(3);
      expect(contrast(border[mode], panel[mode]), `${mode} panel`).toBeGreaterThanOrEqual(3);
    }
  });

  it("shows an off switch's track in the same outline colour", () => {
    const control = (fullSystem.getSlotRecipe("switch").variants as { variant: { solid: { control: { bg: string } } } }).variant.solid.control;
    expect(control.bg).toBe("border.emphasized");
  });
});
