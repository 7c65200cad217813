import { onboardingScanLimits } from "@parley/domain";
import type { CheerioAPI } from "cheerio";
import { absolute } from "../scraping/html";
import { isSameSite, previewImage, type Page } from "./page";

/*
 * The website's colours and logos, from what its pages declare: no rendering, so a colour counts by how
 * often the site's CSS uses it, which for brand colours (buttons, links, headers, accents) works well.
 */

/** One stylesheet is read up to this size; a theme's whole CSS in one file is commonly 100-300 kB. */
export const maxStylesheetBytes = 512 * 1024;

interface Rgb {
  r: number;
  g: number;
  b: number;
}

const hex2 = (value: number) => Math.round(value).toString(16).padStart(2, "0");
const toHex = ({ r, g, b }: Rgb) => `#${hex2(r)}${hex2(g)}${hex2(b)}`;

function fromHex(digits: string): { rgb: Rgb; alpha: number } | undefined {
  const full = digits.length <= 4 ? [...digits].map((digit) => digit + digit).join("") : digits;
  if (full.length !== 6 && full.length !== 8) return undefined;
  const channel = (index: number) => Number.parseInt(full.slice(index, index + 2), 16);
  return { rgb: { r: channel(0), g: channel(2), b: channel(4) }, alpha: full.length === 8 ? channel(6) / 255 : 1 };
}

/** `50%` of 255, or a number as it is, clamped to 0-255. */
function channelValue(text: string): number {
  const value = text.endsWith("%") ? (Number.parseFloat(text) * 255) / 100 : Number.parseFloat(text);
  return Math.min(255, Math.max(0, value));
}

function alphaValue(text: string | undefined): number {
  if (text === undefined) return 1;
  return text.endsWith("%") ? Number.parseFloat(text) / 100 : Number.parseFloat(text);
}

function fromHsl(hue: number, saturation: number, lightness: number): Rgb {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => 255 * (l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1))));
  return { r: f(0), g: f(8), b: f(4) };
}

const colourPattern =
  /#([0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})\b|rgba?\(\s*([\d.]+%?)[\s,]+([\d.]+%?)[\s,]+([\d.]+%?)(?:\s*[,/]\s*([\d.]+%?))?\s*\)|hsla?\(\s*([\d.]+)(?:deg)?[\s,]+([\d.]+)%[\s,]+([\d.]+)%(?:\s*[,/]\s*([\d.]+%?))?\s*\)/gi;

/**
 * `text` without what lies between each match of `open` (a global pattern) and the next `close` (both
 * included; an unclosed one runs to the end). One pass with indexOf: the regex forms (`/url\([^)]*\)/gi`, `/\/\*[\s\S]*?\*\//g`)
 * rescanned the rest of the text at each unclosed opening, and 500 kB of `url(` held the event loop 30 s.
 */
function withoutSpans(text: string, open: RegExp, close: string): string {
  let kept = "";
  let from = 0;
  for (;;) {
    open.lastIndex = from;
    const opening = open.exec(text);
    if (!opening) return kept + text.slice(from);
    kept += text.slice(from, opening.index);
    const end = text.indexOf(close, opening.index + opening[0].length);
    if (end < 0) return kept;
    from = end + close.length;
  }
}

/** The colours written in one CSS value (`1px solid #0a7cff`, `linear-gradient(...)`), as opaque enough RGB. */
function coloursInValue(value: string): Rgb[] {
  const found: Rgb[] = [];
  // A data: URL or image address may hold anything that looks like a colour.
  for (const match of withoutSpans(value, /url\(/giu, ")").matchAll(colourPattern)) {
    let colour: { rgb: Rgb; alpha: number } | undefined;
    if (match[1]) colour = fromHex(match[1]);
    else if (match[2]) colour = { rgb: { r: channelValue(match[2]), g: channelValue(match[3]!), b: channelValue(match[4]!) }, alpha: alphaValue(match[5]) };
    else if (match[6]) colour = { rgb: fromHsl(Number(match[6]), Number(match[7]), Number(match[8])), alpha: alphaValue(match[9]) };
    // Translucent overlays and shadows are not brand colours.
    if (colour && colour.alpha >= 0.5) found.push(colour.rgb);
  }
  return found;
}

/**
 * The colours of the declarations in a stylesheet or a style attribute. Only values are read (after a
 * property's colon, inside a rule's braces), so selectors such as `#cafe` or `#add` are never taken for colours.
 */
function coloursInCss(css: string, isDeclarationList: boolean): Rgb[] {
  const withoutComments = withoutSpans(css, /\/\*/gu, "*/");
  const blocks = isDeclarationList ? [withoutComments] : [...withoutComments.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1]!);
  return blocks.flatMap((block) =>
    block.split(";").flatMap((declaration) => {
      const colon = declaration.indexOf(":");
      return colon < 0 ? [] : coloursInValue(declaration.slice(colon + 1));
    }),
  );
}

/**
 * White, black and greys are every site's text and background, never its brand: a colour counts when it is
 * saturated enough (HSL saturation 20 % and more) and neither nearly white nor nearly black.
 */
export function isBrandColour({ r, g, b }: Rgb): boolean {
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const lightness = (max + min) / 2;
  if (lightness > 0.93 || lightness < 0.08) return false;
  const saturation = max === min ? 0 : (max - min) / (1 - Math.abs(2 * lightness - 1));
  return saturation >= 0.2;
}

/** The same-site stylesheets a page links, in its order, at most the scan's number. */
export function stylesheetsOf({ $, url, base }: Page): string[] {
  const links = $("link[rel~=stylesheet][href]")
    .toArray()
    .map((element) => absolute(element.attribs.href, base))
    .filter((href): href is string => href !== undefined && isSameSite(new URL(href), url));
  return [...new Set(links)].slice(0, onboardingScanLimits.stylesheets);
}

/**
 * The brand colours, `#rrggbb`: the page's `theme-color` first (the colour the site asked browsers to
 * paint their bar in), then the colours of its inline styles and the stylesheets given, most used first
 * (first seen on a tie); greys, near-white and near-black left out.
 */
export function brandColours($: CheerioAPI, stylesheets: readonly string[]): string[] {
  const counts = new Map<string, number>();
  const count = (colours: Rgb[]) => {
    for (const colour of colours) if (isBrandColour(colour)) counts.set(toHex(colour), (counts.get(toHex(colour)) ?? 0) + 1);
  };
  $("style").each((_index, element) => count(coloursInCss($(element).text(), false)));
  $("[style]").each((_index, element) => count(coloursInCss(element.attribs.style ?? "", true)));
  for (const css of stylesheets) count(coloursInCss(css, false));
  const byUse = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([colour]) => colour);

  const theme = ["theme-color", "msapplication-TileColor"]
    .flatMap((name) => coloursInValue($(`meta[name="${name}"]`).first().attr("content") ?? ""))
    .filter(isBrandColour)
    .map(toHex);
  return [...new Set([...theme, ...byUse])].slice(0, onboardingScanLimits.colors);
}

const mentionsLogo = (text: string | undefined) => /logo/i.test(text ?? "");

/**
 * Logo candidates as absolute addresses, best first: images that call themselves a logo (in their address,
 * alt text, class or id, or in the class or id of the link or box around them), then the touch icon (a
 * large square logo), the page's icons, and last its preview image (often a photo, sometimes the logo).
 */
export function logoCandidates({ $, base }: Page): string[] {
  // A page shows partners' and payment providers' logos too (in its footer): the site's own sits in its
  // header or links home, so those come first; the page's order decides among equals.
  const images = $("img")
    .toArray()
    .flatMap((element) => {
      const own = [element.attribs.src, element.attribs.alt, element.attribs.class, element.attribs.id].some(mentionsLogo);
      const around = $(element)
        .parents()
        .slice(0, 2)
        .toArray()
        .some((parent) => mentionsLogo(parent.attribs.class) || mentionsLogo(parent.attribs.id));
      if (!own && !around) return [];
      const inHeader = $(element).closest("header, [role=banner]").length > 0 || $(element).closest("a[href]").attr("href")?.trim() === "/";
      // A lazy-loaded image has a placeholder (often a data: URL) in src and itself in data-src.
      const url = absolute(element.attribs.src, base) ?? absolute(element.attribs["data-src"], base);
      return url ? [{ url, rank: inHeader ? 0 : 1 }] : [];
    })
    .sort((a, b) => a.rank - b.rank)
    .map((image) => image.url);
  const icons = (wanted: (rel: string[]) => boolean) =>
    $("link[rel][href]")
      .toArray()
      .filter((element) => wanted((element.attribs.rel ?? "").toLowerCase().split(/\s+/)))
      .map((element) => absolute(element.attribs.href, base));
  const touchIcons = icons((rel) => rel.includes("apple-touch-icon") || rel.includes("apple-touch-icon-precomposed"));
  const pageIcons = icons((rel) => rel.includes("icon"));
  const candidates = [...images, ...touchIcons, ...pageIcons, previewImage($, base)];
  return [...new Set(candidates.filter((url): url is string => typeof url === "string"))].slice(0, onboardingScanLimits.logos);
}
