import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from "@chakra-ui/react";
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

/** Recipes the sign-in page (and the page loader) renders with; the others are in ./moreSlotRecipes. */
export const firstRouteRecipes = {
  button: buttonRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  spinner: spinnerRecipe,
};

/**
 * Slot recipes the sign-in page (every portal's first route) renders with. The other components'
 * recipes join the running system in ./moreSlotRecipes when a screen that may use them loads
 * (lazyNamed), which keeps them off the first route; Chakra's rarely used ones (date and colour
 * pickers, code blocks, carousels, tree views, ...) are left out altogether. Add a component's recipe
 * there (or here, when the sign-in page uses it) before using it.
 */
export const firstRouteSlotRecipes = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
};

/** Chakra's default theme, minus the unused slot recipes. */
const chakraThemeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    // Fresh objects: moreSlotRecipes adds to them once the system runs.
    recipes: { ...firstRouteRecipes },
    slotRecipes: { ...firstRouteSlotRecipes },
    textStyles,
    layerStyles,
    animationStyles,
  },
});

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
      },
    },
  },
});

/** The Chakra system of both portals: Chakra's defaults plus a switchable `primary` palette. */
export const system = createSystem(mergeConfigs(defaultBaseConfig, chakraThemeConfig), parleyConfig);
