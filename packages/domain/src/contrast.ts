/**
 * WCAG 2.2 contrast of the colours a customer picks for the chat widget. The widget uses it to keep its
 * own text readable and the Design screen to warn before a customer saves colours that fail.
 */

export interface Rgb {
  red: number;
  green: number;
  blue: number;
}

/** WCAG 2.2 success criterion 1.4.3 (text) and 1.4.11 (controls and large text). */
export const minimumTextContrast = 4.5;
export const minimumLargeTextContrast = 3;

const hexColour = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const rgbColour =
  /^rgba?\(\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*(?:[,/]\s*[\d.]+%?\s*)?\)$/i;

/** Reads `#rgb`, `#rrggbb`, `rgb(r, g, b)` and `rgba(r, g, b, a)` (alpha ignored); anything else is null. */
export function parseColour(colour: string): Rgb | null {
  const text = colour.trim();
  const hex = hexColour.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join("") : hex;
    const value = Number.parseInt(full, 16);
    return { red: (value >> 16) & 255, green: (value >> 8) & 255, blue: value & 255 };
  }
  const rgb = rgbColour.exec(text);
  if (rgb) {
    const [red, green, blue] = rgb.slice(1, 4).map(Number) as [number, number, number];
    if (red > 255 || green > 255 || blue > 255) return null;
    return { red, green, blue };
  }
  return null;
}

function channelLuminance(channel: number): number {
  const value = channel / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance as WCAG defines it (0 black, 1 white). */
export function relativeLuminance({ red, green, blue }: Rgb): number {
  return 0.2126 * channelLuminance(red) + 0.7152 * channelLuminance(green) + 0.0722 * channelLuminance(blue);
}

/** The contrast ratio of two colours, 1 to 21; null when either colour cannot be read. */
export function contrastRatio(foreground: string, background: string): number | null {
  const first = parseColour(foreground);
  const second = parseColour(background);
  if (!first || !second) return null;
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/** Whether text in `foreground` on `background` is readable enough; unreadable colours count as passing (nothing to warn about). */
export function meetsContrast(foreground: string, background: string, large = false): boolean {
  const ratio = contrastRatio(foreground, background);
  return ratio === null || ratio >= (large ? minimumLargeTextContrast : minimumTextContrast);
}

/** Black or white, whichever reads better on `background`: the widget's fallback when the chosen text colour fails. */
export function readableTextOn(background: string): "#000000" | "#ffffff" {
  const parsed = parseColour(background);
  if (!parsed) return "#000000";
  return relativeLuminance(parsed) > 0.179 ? "#000000" : "#ffffff";
}
