import { ChakraProvider, useChakraContext, type RecipeDefinition, type SlotRecipeConfig } from "@chakra-ui/react";
import type { ComponentType } from "react";
import {
  badgeRecipe,
  checkmarkRecipe,
  codeRecipe,
  colorSwatchRecipe,
  containerRecipe,
  inputAddonRecipe,
  kbdRecipe,
  markRecipe,
  radiomarkRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  textareaRecipe,
  menuSlotRecipe,
  accordionSlotRecipe,
  avatarSlotRecipe,
  breadcrumbSlotRecipe,
  checkboxSlotRecipe,
  collapsibleSlotRecipe,
  comboboxSlotRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fileUploadSlotRecipe,
  listSlotRecipe,
  listboxSlotRecipe,
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
  colorPickerSlotRecipe,
  datePickerSlotRecipe,
  scrollAreaSlotRecipe,
  tagsInputSlotRecipe,
  timelineSlotRecipe,
} from "@chakra-ui/react/theme";
import { firstRouteRecipes, firstRouteSlotRecipes, parleySystem, visibleOutlineRecipe, withVisibleOutline } from "./system";

type SlotVariants = { variant: Record<string, Record<string, Record<string, unknown>>> & { outline: Record<string, Record<string, unknown>> } } & Record<string, unknown>;

/** A select-like slot recipe with the visible outline on the given slot (see withVisibleOutline). */
function visibleOutlineSlotRecipe(recipe: SlotRecipeConfig, slot: string): SlotRecipeConfig {
  const variants = recipe.variants as SlotVariants;
  const outline = variants.variant.outline;
  return {
    ...recipe,
    variants: { ...variants, variant: { ...variants.variant, outline: { ...outline, [slot]: withVisibleOutline(outline[slot] ?? {}) } } },
  } as SlotRecipeConfig;
}

/**
 * A switch that is off shows its track in `border.emphasized` (3:1 against the page in both modes, WCAG 1.4.11):
 * Chakra's `bg.emphasized` track is gray.800 on black in dark mode, so an off switch showed only its knob.
 */
function visibleSwitchTrack(recipe: SlotRecipeConfig): SlotRecipeConfig {
  const variants = recipe.variants as SlotVariants;
  const solid = variants.variant.solid!;
  return {
    ...recipe,
    variants: { ...variants, variant: { ...variants.variant, solid: { ...solid, control: { ...solid.control, bg: "border.emphasized" } } } },
  } as SlotRecipeConfig;
}

/** Recipes of the components beyond the sign-in page's (see firstRouteRecipes in ./system). */
const moreRecipes: Record<string, RecipeDefinition> = {
  badge: badgeRecipe,
  checkmark: checkmarkRecipe,
  code: codeRecipe,
  colorSwatch: colorSwatchRecipe,
  container: containerRecipe,
  inputAddon: inputAddonRecipe,
  kbd: kbdRecipe,
  mark: markRecipe,
  radiomark: radiomarkRecipe,
  skeleton: skeletonRecipe,
  skipNavLink: skipNavLinkRecipe,
  textarea: visibleOutlineRecipe(textareaRecipe),
};

/** Slot recipes of the components beyond the sign-in page (see firstRouteSlotRecipes in ./system). */
const moreSlotRecipes: Record<string, SlotRecipeConfig> = {
  menu: menuSlotRecipe,
  accordion: accordionSlotRecipe,
  avatar: avatarSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  checkbox: checkboxSlotRecipe,
  collapsible: collapsibleSlotRecipe,
  combobox: visibleOutlineSlotRecipe(comboboxSlotRecipe, "input"),
  dataList: dataListSlotRecipe,
  // A footer's buttons wrap when they do not fit (long French or German labels on a phone), instead of
  // overflowing the dialog's start edge, where the first button was cut off.
  dialog: { ...dialogSlotRecipe, base: { ...dialogSlotRecipe.base, footer: { ...dialogSlotRecipe.base?.footer, flexWrap: "wrap" } } },
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  fileUpload: fileUploadSlotRecipe,
  list: listSlotRecipe,
  listbox: listboxSlotRecipe,
  nativeSelect: visibleOutlineSlotRecipe(nativeSelectSlotRecipe, "field"),
  numberInput: numberInputSlotRecipe,
  pinInput: pinInputSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  select: visibleOutlineSlotRecipe(selectSlotRecipe, "trigger"),
  slider: sliderSlotRecipe,
  stat: statSlotRecipe,
  steps: stepsSlotRecipe,
  switch: visibleSwitchTrack(switchSlotRecipe),
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tag: tagSlotRecipe,
  toast: toastSlotRecipe,
  tooltip: tooltipSlotRecipe,
  status: statusSlotRecipe,
  // For the design (live preview), training, history and live screens.
  colorPicker: colorPickerSlotRecipe,
  datePicker: datePickerSlotRecipe,
  scrollArea: scrollAreaSlotRecipe,
  tagsInput: tagsInputSlotRecipe,
  timeline: timelineSlotRecipe,
};

/**
 * The system every screen beyond the sign-in page renders in: the first route's recipes and the rest
 * that Parley's screens use (Chakra's rarely used ones, such as carousels and tree views, are left out;
 * the recipe test says when a screen starts using a component without its recipe here).
 */
export const fullSystem = parleySystem({ ...firstRouteRecipes, ...moreRecipes }, { ...firstRouteSlotRecipes, ...moreSlotRecipes });

/**
 * Wraps a lazily loaded screen (or menu) in its own Chakra provider with the full system; inside one
 * already (a page within the shell) it renders the screen as it is.
 */
export function withFullSystem<Props extends object>(Screen: ComponentType<Props>): ComponentType<Props> {
  function InFullSystem(props: Props) {
    const screen = <Screen {...props} />;
    return useChakraContext() === fullSystem ? screen : <ChakraProvider value={fullSystem}>{screen}</ChakraProvider>;
  }
  InFullSystem.displayName = `InFullSystem(${Screen.displayName ?? Screen.name})`;
  return InFullSystem;
}
