/**
 * The self-onboarding website scan (spec 01 §2 "Onboarding wizard steps", §5 "Website URL check
 * outcomes"; spec 02 §7.9): how much it proposes, which domains it refuses by name, and the persona
 * it proposes when no language model is configured.
 */
import type { LanguageCode } from "./locale";

/** How much one scan proposes: enough to start with, few enough for the user to review in the wizard. */
export const onboardingScanLimits = {
  colors: 5,
  logos: 5,
  faqItems: 20,
  urls: 25,
  /** Same-site pages besides the home page that are read for FAQ items. */
  faqPages: 3,
  /** Same-site stylesheets read for colours. */
  stylesheets: 2,
  /** A user's scans kept, newest first: a wizard needs one, a user who retries a few; the rest is dropped. */
  attemptsKept: 20,
} as const;

/**
 * Words that mark a domain as adult, gambling or malware, the site kinds the wizard's consent forbids
 * (spec 01 §5). Matched against the host name only (never the path: a blog post about casinos is no
 * casino). `anywhere` words are distinctive enough to match inside a label (`pornhub`, `livecasino`);
 * `wholeLabelPart` words are too common as parts of innocent names (Sussex, Essex, adulteducation, Betty)
 * and match only as a whole part between dots and dashes (`sex-shop.com`, `adult.example`).
 */
export const blockedDomainKeywords = {
  anywhere: ["porn", "xxx", "hentai", "camgirl", "casino", "gambling", "roulette", "malware", "phishing", "warez", "ransomware"],
  wholeLabelPart: ["sex", "adult", "nsfw", "escort", "nude", "nudes", "poker", "bet", "betting", "slots", "keygen"],
} as const;

/** The blocked keyword in a host name, or undefined. Case and a trailing dot do not matter. */
export function findBlockedKeyword(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  const found = blockedDomainKeywords.anywhere.find((word) => host.includes(word));
  if (found) return found;
  const parts = new Set(host.split(/[.-]+/));
  return blockedDomainKeywords.wholeLabelPart.find((word) => parts.has(word));
}

/**
 * Names that never belong to a public website (RFC 6761, 6762, 7686, 8375 and the private names
 * networks commonly use), refused as `domain_blocked` before anything is resolved: such a name reaches
 * at best someone's local network.
 */
const nonPublicSuffixes = ["localhost", "local", "localdomain", "internal", "intranet", "lan", "home", "corp", "home.arpa", "test", "example", "invalid", "onion"];

export function isNonPublicDomain(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return nonPublicSuffixes.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

export interface PersonaTemplate {
  /** Who the assistant is; `{name}` is the business. */
  entity: string;
  /** Added to `entity` when the website describes itself; `{description}` is that text. */
  about: string;
  /** What the assistant is for. */
  goal: string;
}

/** The persona proposed without a language model, in the five assistant languages. */
export const personaTemplates: Record<LanguageCode, PersonaTemplate> = {
  en: {
    entity:
      "You are the friendly digital assistant of {name}. You speak on behalf of {name} to the visitors of its website: polite, helpful and to the point.",
    about: "About {name}: {description}",
    goal: "Help visitors with their questions about the products and services of {name}, using the information from the website. Keep answers short and clear. When you are not sure of an answer, say so honestly and suggest contacting {name} directly.",
  },
  nl: {
    entity:
      "Je bent de vriendelijke digitale assistent van {name}. Je spreekt namens {name} met de bezoekers van de website: beleefd, behulpzaam en to the point.",
    about: "Over {name}: {description}",
    goal: "Help bezoekers met hun vragen over de producten en diensten van {name}, met de informatie van de website. Houd antwoorden kort en duidelijk. Weet je een antwoord niet zeker, zeg dat dan eerlijk en raad aan om rechtstreeks contact op te nemen met {name}.",
  },
  de: {
    entity:
      "Du bist der freundliche digitale Assistent von {name}. Du sprichst im Namen von {name} mit den Besuchern der Website: höflich, hilfsbereit und auf den Punkt.",
    about: "Über {name}: {description}",
    goal: "Hilf Besuchern bei ihren Fragen zu den Produkten und Dienstleistungen von {name}, mit den Informationen der Website. Antworte kurz und klar. Wenn du dir bei einer Antwort nicht sicher bist, sag das ehrlich und empfiehl, {name} direkt zu kontaktieren.",
  },
  es: {
    entity:
      "Eres el amable asistente digital de {name}. Hablas en nombre de {name} con los visitantes de su sitio web: con cortesía, de forma útil y directa.",
    about: "Sobre {name}: {description}",
    goal: "Ayuda a los visitantes con sus preguntas sobre los productos y servicios de {name}, usando la información del sitio web. Da respuestas breves y claras. Si no estás seguro de una respuesta, dilo con honestidad y sugiere contactar directamente con {name}.",
  },
  fr: {
    entity:
      "Tu es l'assistant numérique sympathique de {name}. Tu parles au nom de {name} avec les visiteurs de son site web : poli, serviable et précis.",
    about: "À propos de {name} : {description}",
    goal: "Aide les visiteurs avec leurs questions sur les produits et services de {name}, à l'aide des informations du site web. Donne des réponses courtes et claires. Si tu n'es pas sûr d'une réponse, dis-le honnêtement et propose de contacter directement {name}.",
  },
};

/** The template persona for a business, its website's description added when there is one. */
export function templatePersona(
  language: LanguageCode,
  site: { name: string; description?: string | null },
): { entity_instruction: string; goal_instruction: string } {
  const template = personaTemplates[language];
  // One pass over the template, so a `{description}` inside the site's name stays text.
  const fill = (text: string) =>
    text.replace(/\{(name|description)\}/g, (_whole, key: string) => (key === "name" ? site.name : (site.description ?? "")));
  const description = site.description?.trim();
  return {
    entity_instruction: description ? `${fill(template.entity)} ${fill(template.about)}` : fill(template.entity),
    goal_instruction: fill(template.goal),
  };
}
