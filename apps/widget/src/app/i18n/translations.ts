import { defaultWidgetLanguage } from "@parley/domain/widget";

/**
 * The widget's own few strings in its five interface languages. The widget does not load the portals'
 * i18n stack: a table this small costs less than its runtime (first-load budget).
 */
const english = {
  openChat: "Open chat",
  closeChat: "Close chat",
  chatWindow: "Chat",
  messageField: "Your message",
  send: "Send",
  newConversation: "Start a new conversation",
  fullScreen: "Full screen",
  exitFullScreen: "Exit full screen",
  helpful: "Helpful answer",
  notHelpful: "Unhelpful answer",
  sources: "Sources",
  typing: "Typing…",
  sending: "Sending…",
  conversation: "Conversation",
  failed: "The message could not be handled. Please try again.",
  limitReached: "This assistant cannot answer more messages right now.",
  reconnecting: "Connection lost, reconnecting…",
  emoticons: "Emoticons",
  soundOn: "Turn sound on",
  soundOff: "Turn sound off",
  agent: "Agent",
};
export type TranslationKey = keyof typeof english;
type Table = Record<TranslationKey, string>;

const tables: Record<WidgetLanguage, Table> = {
  en: english,
  nl: {
    openChat: "Chat openen",
    closeChat: "Chat sluiten",
    chatWindow: "Chat",
    messageField: "Je bericht",
    send: "Versturen",
    newConversation: "Nieuw gesprek beginnen",
    fullScreen: "Volledig scherm",
    exitFullScreen: "Volledig scherm sluiten",
    helpful: "Nuttig antwoord",
    notHelpful: "Niet nuttig antwoord",
    sources: "Bronnen",
    typing: "Aan het typen…",
    sending: "Versturen…",
    conversation: "Gesprek",
    failed: "Het bericht kon niet worden verwerkt. Probeer het opnieuw.",
    limitReached: "Deze assistent kan nu geen berichten meer beantwoorden.",
    reconnecting: "Verbinding verbroken, opnieuw verbinden…",
    emoticons: "Emoticons",
    soundOn: "Geluid aanzetten",
    soundOff: "Geluid uitzetten",
    agent: "Medewerker",
  },
  de: {
    openChat: "Chat öffnen",
    closeChat: "Chat schließen",
    chatWindow: "Chat",
    messageField: "Ihre Nachricht",
    send: "Senden",
    newConversation: "Neues Gespräch beginnen",
    fullScreen: "Vollbild",
    exitFullScreen: "Vollbild beenden",
    helpful: "Hilfreiche Antwort",
    notHelpful: "Nicht hilfreiche Antwort",
    sources: "Quellen",
    typing: "Schreibt…",
    sending: "Wird gesendet…",
    conversation: "Gespräch",
    failed: "Die Nachricht konnte nicht verarbeitet werden. Bitte versuchen Sie es erneut.",
    limitReached: "Dieser Assistent kann gerade keine weiteren Nachrichten beantworten.",
    reconnecting: "Verbindung unterbrochen, neuer Versuch…",
    emoticons: "Emoticons",
    soundOn: "Ton einschalten",
    soundOff: "Ton ausschalten",
    agent: "Mitarbeiter",
  },
  es: {
    openChat: "Abrir chat",
    closeChat: "Cerrar chat",
    chatWindow: "Chat",
    messageField: "Tu mensaje",
    send: "Enviar",
    newConversation: "Iniciar una nueva conversación",
    fullScreen: "Pantalla completa",
    exitFullScreen: "Salir de pantalla completa",
    helpful: "Respuesta útil",
    notHelpful: "Respuesta poco útil",
    sources: "Fuentes",
    typing: "Escribiendo…",
    sending: "Enviando…",
    conversation: "Conversación",
    failed: "No se pudo procesar el mensaje. Inténtalo de nuevo.",
    limitReached: "Este asistente no puede responder más mensajes por ahora.",
    reconnecting: "Conexión perdida, reconectando…",
    emoticons: "Emoticonos",
    soundOn: "Activar sonido",
    soundOff: "Desactivar sonido",
    agent: "Agente",
  },
  fr: {
    openChat: "Ouvrir le chat",
    closeChat: "Fermer le chat",
    chatWindow: "Chat",
    messageField: "Votre message",
    send: "Envoyer",
    newConversation: "Commencer une nouvelle conversation",
    fullScreen: "Plein écran",
    exitFullScreen: "Quitter le plein écran",
    helpful: "Réponse utile",
    notHelpful: "Réponse inutile",
    sources: "Sources",
    typing: "En train d'écrire…",
    sending: "Envoi…",
    conversation: "Conversation",
    failed: "Le message n'a pas pu être traité. Veuillez réessayer.",
    limitReached: "Cet assistant ne peut plus répondre aux messages pour le moment.",
    reconnecting: "Connexion perdue, reconnexion…",
    emoticons: "Émoticônes",
    soundOn: "Activer le son",
    soundOff: "Couper le son",
    agent: "Agent",
  },
};

export const widgetLanguages = ["en", "nl", "de", "es", "fr"] as const;
export type WidgetLanguage = (typeof widgetLanguages)[number];

/** The widget's language for a design's `uiLanguage` (`nl`, `nl-BE`, `NL`); Dutch when unknown, like new designs. */
export function widgetLanguageOf(uiLanguage: string): WidgetLanguage {
  const primary = uiLanguage.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return (widgetLanguages as readonly string[]).includes(primary)
    ? (primary as WidgetLanguage)
    : (defaultWidgetLanguage as WidgetLanguage);
}

export type Translate = (key: TranslationKey) => string;

export function translatorFor(language: WidgetLanguage): Translate {
  const table = tables[language];
  return (key) => table[key];
}

/** Every language has every key (the compiler checks the tables; this serves the test of the same). */
export const translationTables: Readonly<Record<WidgetLanguage, Table>> = tables;
