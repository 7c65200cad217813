import { onboardingScanLimits } from "@parley/domain";
import type { Schemas } from "../../platform/http/contract-types";
import { absolute, clean } from "../scraping/html";
import { subjectFromUrl } from "../scraping/sitemap";
import { isSameSite, shorten, type Page } from "./page";

type OnboardingUrl = Schemas["OnboardingUrl"];

/*
 * The pages worth training the assistant on: the site's own pages, not its files, its visitors' accounts or
 * its shop's machinery. Judged from the address alone; nothing here is fetched.
 */

// Files by their extension: the URL list is scraped as pages, and these are no page.
const fileExtension =
  /\.(pdf|jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|css|js|mjs|json|xml|txt|rss|atom|zip|rar|7z|gz|tgz|tar|mp3|mp4|m4a|wav|ogg|webm|avi|mov|woff2?|ttf|eot|otf|docx?|xlsx?|pptx?|odt|csv|exe|dmg|apk)$/i;

// Path parts of sign-in, account, cart and admin pages (in the five languages), matched whole.
const privateParts = new Set([
  "login", "log-in", "signin", "sign-in", "signup", "sign-up", "register", "registration", "logout", "log-out", "signout", "sign-out",
  "account", "my-account", "myaccount", "mijn-account", "inloggen", "uitloggen", "registreren", "mein-konto", "anmelden", "abmelden",
  "registrieren", "mi-cuenta", "iniciar-sesion", "mon-compte", "connexion", "deconnexion", "inscription",
  "cart", "basket", "winkelwagen", "winkelmand", "warenkorb", "carrito", "panier", "checkout", "kassa", "kasse", "afrekenen",
  "wishlist", "verlanglijst", "wunschliste", "password", "wachtwoord", "passwort", "reset-password", "lost-password",
  "wp-admin", "wp-login.php", "wp-json", "xmlrpc.php", "admin", "administrator", "cdn-cgi", "feed", "search", "zoeken", "suche", "buscar", "recherche",
]);

// Query parameters of actions (add to cart, reply to a comment, search) and of tracking.
const actionParameters = new Set(["add-to-cart", "add_to_wishlist", "remove_item", "replytocom", "s", "q", "search", "logout", "action"]);
const trackingParameter = /^(utm_\w+|fbclid|gclid|msclkid|mc_cid|mc_eid|_ga|ref)$/i;

/** The address as it is proposed (no fragment, no tracking), or undefined when it is not a page of the site. */
export function proposedAddress(href: string, site: URL): URL | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (!isSameSite(url, site) || url.username !== "" || url.password !== "") return undefined;
  url.hash = "";
  if (fileExtension.test(url.pathname)) return undefined;
  const parts = url.pathname.toLowerCase().split("/").filter(Boolean);
  if (parts.some((part) => privateParts.has(part))) return undefined;
  for (const name of [...url.searchParams.keys()]) {
    if (actionParameters.has(name.toLowerCase())) return undefined;
    if (trackingParameter.test(name)) url.searchParams.delete(name);
  }
  return url;
}

/** One page once: `/about` and `/about/`, `www.` or not, are the same page. */
function pageKey(url: URL): string {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  return `${url.hostname.toLowerCase().replace(/^www\./, "")}${path}${url.search}`;
}

export interface Candidate {
  href: string;
  /** The link's words or the page's title; the address's words when empty. */
  text: string;
}

/** Every link of the page, absolute, with its words (its text, else its label, title or image's alt). */
export function linksOf({ $, base }: Page): Candidate[] {
  return $("a[href]")
    .toArray()
    .flatMap((element) => {
      const href = absolute(element.attribs.href, base);
      if (!href) return [];
      const link = $(element);
      const text = clean(link.text()) || clean(element.attribs["aria-label"] ?? "") || clean(element.attribs.title ?? "") || clean(link.find("img[alt]").first().attr("alt") ?? "");
      return [{ href, text }];
    });
}

/** The URL list: the candidates in order, pages of the site only, each page once, at most 25. */
export function proposeUrls(candidates: readonly Candidate[], site: URL): OnboardingUrl[] {
  const urls = new Map<string, OnboardingUrl>();
  for (const candidate of candidates) {
    const url = proposedAddress(candidate.href.trim(), site);
    if (!url) continue;
    const key = pageKey(url);
    const existing = urls.get(key);
    // A page linked as an image first and in words later gets the words.
    if (existing) {
      if (existing.description === "" && candidate.text !== "") existing.description = shorten(candidate.text, 200);
      continue;
    }
    if (urls.size === onboardingScanLimits.urls) continue;
    urls.set(key, { url: url.href, description: shorten(candidate.text, 200) });
  }
  return [...urls.values()].map((entry) => ({ url: entry.url, description: entry.description || subjectFromUrl(new URL(entry.url)) }));
}
