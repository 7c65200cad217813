/**
 * The default answer rules of spec 02 §9 written out per assistant language (en, nl, de, fr, es):
 * HTML-only formatting, links open in the parent frame, greet once, on-topic only; and the URL
 * search rule (1 to 3 URLs from the provided list only). The instructions form offers them.
 */
import { defaultAnswerRules, urlSearchPickRange, type AnswerRule } from "./configuration";
import type { LanguageCode } from "./locale";

const { min, max } = urlSearchPickRange;

export const answerRuleTexts: Record<LanguageCode, Record<AnswerRule, string>> = {
  en: {
    html_only: "Format every answer in HTML only (no Markdown).",
    links_open_in_parent_frame: 'Give every link target="_parent" so it opens in the website, not in the chat window.',
    greet_once: "Greet the visitor only once, at the start of the conversation.",
    on_topic_only: "Answer only questions about this business and its products or services; politely decline anything else.",
  },
  nl: {
    html_only: "Maak elk antwoord alleen op in HTML (geen Markdown).",
    links_open_in_parent_frame: 'Geef elke link target="_parent", zodat hij op de website opent en niet in het chatvenster.',
    greet_once: "Begroet de bezoeker maar één keer, aan het begin van het gesprek.",
    on_topic_only: "Beantwoord alleen vragen over dit bedrijf en zijn producten of diensten; wijs al het andere beleefd af.",
  },
  de: {
    html_only: "Formatiere jede Antwort ausschließlich in HTML (kein Markdown).",
    links_open_in_parent_frame: 'Gib jedem Link target="_parent", damit er auf der Website und nicht im Chatfenster öffnet.',
    greet_once: "Begrüße den Besucher nur einmal, zu Beginn des Gesprächs.",
    on_topic_only: "Beantworte nur Fragen zu diesem Unternehmen und seinen Produkten oder Dienstleistungen; lehne alles andere höflich ab.",
  },
  fr: {
    html_only: "Mets chaque réponse en forme uniquement en HTML (pas de Markdown).",
    links_open_in_parent_frame: 'Donne à chaque lien target="_parent" pour qu\'il s\'ouvre sur le site et non dans la fenêtre de chat.',
    greet_once: "Salue le visiteur une seule fois, au début de la conversation.",
    on_topic_only: "Réponds uniquement aux questions sur cette entreprise et ses produits ou services ; décline poliment tout le reste.",
  },
  es: {
    html_only: "Da formato a cada respuesta solo en HTML (sin Markdown).",
    links_open_in_parent_frame: 'Pon target="_parent" en cada enlace para que se abra en el sitio web y no en la ventana del chat.',
    greet_once: "Saluda al visitante solo una vez, al comienzo de la conversación.",
    on_topic_only: "Responde solo preguntas sobre esta empresa y sus productos o servicios; rechaza con cortesía todo lo demás.",
  },
};

export const urlSearchRuleTexts: Record<LanguageCode, string> = {
  en: `Pick ${min} to ${max} URLs, only from the list provided; never invent or change a URL.`,
  nl: `Kies ${min} tot ${max} URL's, alleen uit de gegeven lijst; verzin of wijzig nooit een URL.`,
  de: `Wähle ${min} bis ${max} URLs, nur aus der gegebenen Liste; erfinde oder ändere nie eine URL.`,
  fr: `Choisis de ${min} à ${max} URL, uniquement dans la liste fournie ; n'invente ni ne modifie jamais une URL.`,
  es: `Elige de ${min} a ${max} URL, solo de la lista proporcionada; nunca inventes ni cambies una URL.`,
};

/** The default answer instruction of a language: its rules, one per line, in the rules' order. */
export function defaultAnswerInstruction(language: LanguageCode): string {
  return defaultAnswerRules.map((rule) => `- ${answerRuleTexts[language][rule]}`).join("\n");
}

/** The default URL-search instruction of a language. */
export function defaultUrlSearchInstruction(language: LanguageCode): string {
  return urlSearchRuleTexts[language];
}
