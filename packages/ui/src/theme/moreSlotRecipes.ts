import type { RecipeDefinition, SlotRecipeConfig } from "@chakra-ui/react";
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
} from "@chakra-ui/react/theme";
import { system } from "./system";

/** Recipes of the components beyond the sign-in page (see firstRouteRecipes in ./system). */
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
  textarea: textareaRecipe,
};

/** Slot recipes of the components beyond the sign-in page (see firstRouteSlotRecipes in ./system). */
const moreSlotRecipes: Record<string, SlotRecipeConfig> = {
  menu: menuSlotRecipe,
  accordion: accordionSlotRecipe,
  avatar: avatarSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  checkbox: checkboxSlotRecipe,
  collapsible: collapsibleSlotRecipe,
  combobox: comboboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  fileUpload: fileUploadSlotRecipe,
  list: listSlotRecipe,
  listbox: listboxSlotRecipe,
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

/**
 * Adds the remaining recipes to the running Chakra system. Chakra looks a recipe up by key
 * when a component first renders (and caches it from then on), so they must be added before any screen
 * beyond the sign-in page renders; lazyNamed does that while it loads such a screen.
 */
export function registerMoreSlotRecipes(): void {
  const theme = (system._config.theme ??= {});
  const recipes = (theme.recipes ??= {});
  for (const [key, recipe] of Object.entries(moreRecipes)) recipes[key] ??= recipe;
  const slotRecipes = (theme.slotRecipes ??= {});
  for (const [key, recipe] of Object.entries(moreSlotRecipes)) slotRecipes[key] ??= recipe;
}
