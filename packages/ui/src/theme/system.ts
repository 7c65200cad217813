import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs, type RecipeDefinition, type SlotRecipeConfig } from "@chakra-ui/react";
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  buttonRecipe,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  linkRecipe,
  separatorRecipe,
  spinnerRecipe,
  semanticTokens,
  textStyles,
  tokens,
  alertSlotRecipe,
  cardSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
} from "@chakra-ui/react/theme";
import { paletteShades } from "./presets";

/**
 * The outline of a form control (input, textarea, select) is `border.emphasized`, not Chakra's `border`: in dark
 * mode `border` (gray.800 on black, 1.4:1) left empty fields all but invisible (inputs, textareas, selects, comboboxes), and a control's boundary needs
 * 3:1 against its background (WCAG 1.4.11). Parley's `border.emphasized` (below) has that in both modes.
 */
export function withVisibleOutline<Variant extends Record<string, unknown>>(outline: Variant): Variant {
  return { ...outline, borderColor: "border.emphasized" };
}

/**
 * Chakra's input recipe with the visible outline, and the flushed variant's underline (the FAQ editor's cells)
 * as visible; also used for the textarea, whose recipe is alike.
 */
export function visibleOutlineRecipe(recipe: RecipeDefinition): RecipeDefinition {
  const variants = recipe.variants as { variant: { outline: Record<string, unknown>; flushed: Record<string, unknown> } } & Record<string, unknown>;
  const flushed = { ...variants.variant.flushed, borderBottomColor: "border.emphasized" };
  return { ...recipe, variants: { ...variants, variant: { ...variants.variant, outline: withVisibleOutline(variants.variant.outline), flushed } } } as RecipeDefinition;
}

/** Recipes the sign-in page (and the page loader) renders with; the full system adds the others. */
export const firstRouteRecipes = {
  button: buttonRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: visibleOutlineRecipe(inputRecipe),
  link: linkRecipe,
  separator: separatorRecipe,
  spinner: spinnerRecipe,
};

/** Slot recipes the sign-in page (every portal's first route) renders with. */
export const firstRouteSlotRecipes = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
};

/** Chakra's default theme with the given recipes only (its rarely used ones are left out). */
export function chakraThemeConfig(recipes: Record<string, RecipeDefinition>, slotRecipes: Record<string, SlotRecipeConfig>) {
  return defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: { breakpoints, keyframes, tokens, semanticTokens, recipes, slotRecipes, textStyles, layerStyles, animationStyles },
  });
}

const primaryShades = Object.fromEntries(
  paletteShades.map((shade) => [shade, { value: `var(--parley-primary-${shade}, var(--chakra-colors-purple-${shade}))` }]),
);

const parleyConfig = defineConfig({
  globalCss: {
    html: { colorPalette: "primary" },
    // Keyboard users always see where focus is, in both modes.
    // Components with their own focus ring (recipes) override this base rule.
    "*:focus-visible": { outline: "2px solid", outlineColor: "colorPalette.focusRing", outlineOffset: "2px" },
  },
  theme: {
    tokens: {
      colors: { primary: primaryShades },
      fonts: {
        heading: { value: "'Inter', 'Segoe UI', system-ui, sans-serif" },
        body: { value: "'Inter', 'Segoe UI', system-ui, sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        primary: {
          solid: { value: "{colors.primary.600}" },
          contrast: { value: "white" },
          fg: { value: { _light: "{colors.primary.700}", _dark: "{colors.primary.300}" } },
          muted: { value: { _light: "{colors.primary.200}", _dark: "{colors.primary.800}" } },
          subtle: { value: { _light: "{colors.primary.100}", _dark: "{colors.primary.900}" } },
          emphasized: { value: { _light: "{colors.primary.300}", _dark: "{colors.primary.700}" } },
          focusRing: { value: "{colors.primary.500}" },
        },
        // Form controls' outlines and checkboxes (see withVisibleOutline): 3:1 or more against the page and panels.
        border: {
          emphasized: { value: { _light: "{colors.gray.500}", _dark: "{colors.gray.500}" } },
        },
      },
    },
  },
});

/** Chakra's defaults with the given recipes, plus Parley's switchable `primary` palette and fonts. */
export function parleySystem(recipes: Record<string, RecipeDefinition>, slotRecipes: Record<string, SlotRecipeConfig>) {
  return createSystem(mergeConfigs(defaultBaseConfig, chakraThemeConfig(recipes, slotRecipes)), parleyConfig);
}

/**
 * The system of the entry: what the sign-in page (both portals' first route) needs, so the page stays
 * within its size budget. Every other screen renders inside the full system (./fullSystem), which
 * loads with it and has its own provider.
 */
export const firstRouteSystem = parleySystem(firstRouteRecipes, firstRouteSlotRecipes);
