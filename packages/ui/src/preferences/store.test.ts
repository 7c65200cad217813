import { beforeEach, describe, expect, it } from "vitest";
import {
  createPreferencesStore,
  defaultPreferences,
  loadPreferences,
  loaderColorsFor,
  loaderColorsStorageKey,
  parsePreferences,
  preferencesStorageKey,
  saveLoaderColors,
  savePreferences,
  type Preferences,
} from "./store";

describe("preferences store", () => {
  beforeEach(() => localStorage.clear());

  it("starts from the defaults when nothing is stored", () => {
    expect(loadPreferences()).toEqual(defaultPreferences);
  });

  it("restores every saved preference after a round trip through storage", () => {
    const chosen: Preferences = {
      theme: "dark",
      primaryColor: "teal",
      menuLayout: "horizontal",
      miniMenu: true,
      semiDark: true,
      skin: "bordered",
      navbarFixed: false,
    };
    savePreferences(chosen);
    expect(JSON.parse(localStorage.getItem(preferencesStorageKey) ?? "{}")).toEqual(chosen);
    expect(loadPreferences()).toEqual(chosen);
  });

  it("replaces unknown or broken values by defaults", () => {
    expect(parsePreferences("not json")).toEqual(defaultPreferences);
    const parsed = parsePreferences(JSON.stringify({ theme: "sepia", skin: "modern", miniMenu: "yes" }));
    expect(parsed.theme).toBe(defaultPreferences.theme);
    expect(parsed.skin).toBe("modern");
    expect(parsed.miniMenu).toBe(defaultPreferences.miniMenu);
  });

  it("persists updates and notifies subscribers; a new store restores them", () => {
    const store = createPreferencesStore();
    let notified = 0;
    const unsubscribe = store.subscribe(() => notified++);
    store.update({ skin: "decent", semiDark: true });
    unsubscribe();
    store.update({ navbarFixed: false });
    expect(notified).toBe(1);
    const restored = createPreferencesStore().get();
    expect(restored).toMatchObject({ skin: "decent", semiDark: true, navbarFixed: false });
  });

  it("saves the surface and primary colours for the loading screen", () => {
    const dark = loaderColorsFor({ ...defaultPreferences, theme: "system", primaryColor: "orange" }, true);
    expect(dark).toEqual({ surface: "#09090b", primary: "#f97316" });
    const light = loaderColorsFor({ ...defaultPreferences, theme: "light" }, true);
    expect(light.surface).toBe("#ffffff");
    saveLoaderColors(dark);
    expect(JSON.parse(localStorage.getItem(loaderColorsStorageKey) ?? "{}")).toEqual(dark);
  });
});
