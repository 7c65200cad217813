import { effectiveTheme, menuLayouts, skins, themes, type MenuLayout, type Skin, type Theme } from "@parley/domain/ui";
import { primaryColorNames, primaryColorPresets, surfaceColors, type PrimaryColor } from "../theme/presets";

export const themeModes = themes;
export type ThemeMode = Theme;
export { menuLayouts, skins, type MenuLayout, type Skin };

/** Interface preferences of spec 01 §3; kept in browser storage and restored at start. */
export interface Preferences {
  theme: ThemeMode;
  primaryColor: PrimaryColor;
  menuLayout: MenuLayout;
  miniMenu: boolean;
  semiDark: boolean;
  skin: Skin;
  navbarFixed: boolean;
}

export const defaultPreferences: Preferences = {
  theme: "system",
  primaryColor: "indigo",
  menuLayout: "vertical",
  miniMenu: false,
  semiDark: false,
  skin: "classic",
  navbarFixed: true,
};

export const preferencesStorageKey = "parley.preferences";
/** Read by the inline script of index.html to paint the loading screen before JavaScript loads. */
export const loaderColorsStorageKey = "parley.loaderColors";

export interface LoaderColors {
  surface: string;
  primary: string;
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === "boolean" ? value : fallback;
}

/** Keeps the known, valid fields of stored preferences; anything else falls back to the default. */
export function parsePreferences(raw: string | null): Preferences {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === "object") stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  return {
    theme: oneOf(themeModes, stored.theme, defaultPreferences.theme),
    primaryColor: oneOf(primaryColorNames, stored.primaryColor, defaultPreferences.primaryColor),
    menuLayout: oneOf(menuLayouts, stored.menuLayout, defaultPreferences.menuLayout),
    miniMenu: flag(stored.miniMenu, defaultPreferences.miniMenu),
    semiDark: flag(stored.semiDark, defaultPreferences.semiDark),
    skin: oneOf(skins, stored.skin, defaultPreferences.skin),
    navbarFixed: flag(stored.navbarFixed, defaultPreferences.navbarFixed),
  };
}

export function loadPreferences(storage: Storage = localStorage): Preferences {
  return parsePreferences(storage.getItem(preferencesStorageKey));
}

export function savePreferences(preferences: Preferences, storage: Storage = localStorage): void {
  storage.setItem(preferencesStorageKey, JSON.stringify(preferences));
}

export function loaderColorsFor(preferences: Preferences, prefersDark: boolean): LoaderColors {
  const dark = effectiveTheme(preferences.theme, prefersDark) === "dark";
  return {
    surface: dark ? surfaceColors.dark : surfaceColors.light,
    primary: primaryColorPresets[preferences.primaryColor].hex,
  };
}

export function saveLoaderColors(colors: LoaderColors, storage: Storage = localStorage): void {
  storage.setItem(loaderColorsStorageKey, JSON.stringify(colors));
}

type Listener = () => void;

/** A small observable store so React components and plain code share the same preferences. */
export function createPreferencesStore(storage: Storage = localStorage) {
  let current = loadPreferences(storage);
  const listeners = new Set<Listener>();
  return {
    get: (): Preferences => current,
    update(change: Partial<Preferences>): Preferences {
      current = { ...current, ...change };
      savePreferences(current, storage);
      listeners.forEach((listener) => listener());
      return current;
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type PreferencesStore = ReturnType<typeof createPreferencesStore>;
