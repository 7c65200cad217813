/**
 * Timing and layout constants of the portals (spec 01 §2, spec 02 §9, §7.12).
 */

export const configurationSearchDebounceMs = 300;
export const menuOpenDelayMs = 300;
export const menuCloseDelayMs = 250;
export const overlayZIndex = 2000;
/** The HTTP client waits as long as a call takes. */
export const httpTimeoutMs = 0;

/** The support assistant (customer_so only) is reloaded this long after a language change. */
export const supportAssistantReloadMs = 60_000;

/** Environment flag the support assistant's script needs. */
export const supportAssistantEnvironments = { local: 0, other: 1, production: 2 } as const;
export type SupportAssistantEnvironment =
  (typeof supportAssistantEnvironments)[keyof typeof supportAssistantEnvironments];

const localHostnames = new Set(["localhost", "127.0.0.1", "::1", "[::1]", "0.0.0.0"]);

/** 2 on the production host, 0 on the developer's own machine, 1 anywhere else (test, staging). */
export function supportAssistantEnvironmentFor(
  hostname: string,
  productionHostname: string,
): SupportAssistantEnvironment {
  const host = hostname.trim().toLowerCase();
  if (host !== "" && host === productionHostname.trim().toLowerCase())
    return supportAssistantEnvironments.production;
  if (localHostnames.has(host) || host.endsWith(".localhost")) return supportAssistantEnvironments.local;
  return supportAssistantEnvironments.other;
}

/** Search dialog shortcut (Ctrl+K) and the dialogs' sizes. */
export const searchShortcutKey = "k";
export const notificationsDialogSize = { maxWidth: 600, height: 500 } as const;
export const gettingStartedDialogMaxWidth = 920;
export const gettingStartedItems = ["Design", "KnowledgeBase", "Conversations", "AddToWebsite"] as const;

/** The getting-started dialog shows when instructions are wanted and the wizard is done. */
export function showsGettingStarted(user: { showInstructions: boolean; showWizard: boolean }): boolean {
  return user.showInstructions && !user.showWizard;
}

/** Interface preferences kept in the browser. */
export const themes = ["light", "dark", "system"] as const;
export type Theme = (typeof themes)[number];
export const menuLayouts = ["vertical", "horizontal"] as const;
export type MenuLayout = (typeof menuLayouts)[number];
export const skins = ["classic", "modern", "decent", "bordered"] as const;
export type Skin = (typeof skins)[number];

/** The theme to paint: "system" follows the operating system when it is known, else light. */
export function effectiveTheme(theme: Theme, systemPrefersDark: boolean | null): "light" | "dark" {
  if (theme !== "system") return theme;
  return systemPrefersDark ? "dark" : "light";
}
