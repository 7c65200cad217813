import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";
import { paletteShades } from "./presets";

const primaryShades = Object.fromEntries(
  paletteShades.map((shade) => [shade, { value: `var(--parley-primary-${shade}, var(--chakra-colors-purple-${shade}))` }]),
);

const parleyConfig = defineConfig({
  globalCss: {
    html: { colorPalette: "primary" },
    // Keyboard users always see where focus is, in both modes.
    "*:focus-visible": { outlineColor: "colorPalette.focusRing" },
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
export const system = createSystem(defaultConfig, parleyConfig);
