import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from "@chakra-ui/react";
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  recipes,
  semanticTokens,
  textStyles,
  tokens,
  accordionSlotRecipe,
  alertSlotRecipe,
  avatarSlotRecipe,
  breadcrumbSlotRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  collapsibleSlotRecipe,
  comboboxSlotRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  fileUploadSlotRecipe,
  listSlotRecipe,
  listboxSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  numberInputSlotRecipe,
  pinInputSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  segmentGroupSlotRecipe,
  selectSlotRecipe,
  sliderSlotRecipe,
  statSlotRecipe,
  stepsSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  toastSlotRecipe,
  tooltipSlotRecipe,
  statusSlotRecipe,
} from "@chakra-ui/react/theme";
import { paletteShades } from "./presets";

/**
 * Slot recipes of the components the portals use. Chakra's rarely used ones (date and colour pickers,
 * code blocks, carousels, tree views, ...) are left out so the first route stays within its size
 * budget; add a component's recipe here before using it.
 */
const usedSlotRecipes = {
  accordion: accordionSlotRecipe,
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  collapsible: collapsibleSlotRecipe,
  combobox: comboboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  fileUpload: fileUploadSlotRecipe,
  list: listSlotRecipe,
  listbox: listboxSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  numberInput: numberInputSlotRecipe,
  pinInput: pinInputSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  select: selectSlotRecipe,
  slider: sliderSlotRecipe,
  stat: statSlotRecipe,
  steps: stepsSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tag: tagSlotRecipe,
  toast: toastSlotRecipe,
  tooltip: tooltipSlotRecipe,
  status: statusSlotRecipe,
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
    recipes,
    slotRecipes: usedSlotRecipes,
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
