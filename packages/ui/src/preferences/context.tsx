import { useEffect, useSyncExternalStore } from "react";
import { useTheme } from "next-themes";
import { applyPrimaryColor } from "../theme/presets";
import { createPreferencesStore, loaderColorsFor, saveLoaderColors, type Preferences } from "./store";

/** The one preferences store of the page, read at start. */
export const preferencesStore = createPreferencesStore();

export function usePreferences(): [Preferences, (change: Partial<Preferences>) => void] {
  const preferences = useSyncExternalStore(preferencesStore.subscribe, preferencesStore.get, preferencesStore.get);
  return [preferences, preferencesStore.update];
}

/**
 * Applies the stored preferences: the colour mode through next-themes, the primary palette through
 * CSS variables, and the loading screen's colours for the next start.
 */
export function PreferencesSync() {
  const [preferences] = usePreferences();
  const { setTheme, resolvedTheme } = useTheme();

  useEffect(() => {
    setTheme(preferences.theme);
  }, [preferences.theme, setTheme]);

  useEffect(() => {
    applyPrimaryColor(preferences.primaryColor);
  }, [preferences.primaryColor]);

  useEffect(() => {
    saveLoaderColors(loaderColorsFor(preferences, resolvedTheme === "dark"));
  }, [preferences, resolvedTheme]);

  return null;
}
