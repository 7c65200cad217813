/**
 * Primary colour presets offered by the theme switcher. Each maps to one of Chakra's built-in
 * palettes; `hex` is the 500 shade, saved for the loading screen that paints before JavaScript.
 */
export const primaryColorPresets = {
  indigo: { palette: "purple", hex: "#a855f7", label: "Purple" },
  blue: { palette: "blue", hex: "#3b82f6", label: "Blue" },
  teal: { palette: "teal", hex: "#14b8a6", label: "Teal" },
  green: { palette: "green", hex: "#22c55e", label: "Green" },
  orange: { palette: "orange", hex: "#f97316", label: "Orange" },
  pink: { palette: "pink", hex: "#ec4899", label: "Pink" },
} as const;

export type PrimaryColor = keyof typeof primaryColorPresets;

export const primaryColorNames = Object.keys(primaryColorPresets) as PrimaryColor[];

export const paletteShades = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"] as const;

/** Surface colours of Chakra's `bg` token per mode; the loading screen paints these. */
export const surfaceColors = { light: "#ffffff", dark: "#09090b" } as const;

/**
 * Points the `primary` palette at the chosen preset by setting CSS variables on the root element;
 * the system's `primary.*` tokens read them, so switching needs no new system.
 */
export function applyPrimaryColor(color: PrimaryColor, root: HTMLElement = document.documentElement): void {
  const { palette } = primaryColorPresets[color];
  for (const shade of paletteShades) {
    root.style.setProperty(`--parley-primary-${shade}`, `var(--chakra-colors-${palette}-${shade})`);
  }
}
