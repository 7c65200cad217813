import { designTextLanguageOf } from "@parley/domain/chatbotDesign";

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
  notAllowedHere: "This chat is not available on this website.",
  limitReached: "This assistant cannot answer more messages right now.",
  reconnecting: "Connection lost, reconnecting…",
  emoticons: "Emoticons",
  soundOn: "Turn sound on",
  soundOff: "Turn sound off",
  agent: "Agent",
  attach: "Attach a file",
  attachmentWrongType: "Only PNG, JPEG, WebP, GIF and PDF files can be sent.",
  attachmentTooLarge: "The file is larger than 5 MB.",
  attachmentFailed: "The file could not be sent. Please try again.",
  attachmentNeedsConversation: "Send a message first, then attach a file.",
  uploading: "Uploading…",
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
    notAllowedHere: "Deze chat is niet beschikbaar op deze website.",
    limitReached: "Deze assistent kan nu geen berichten meer beantwoorden.",
    reconnecting: "Verbinding verbroken, opnieuw verbinden…",
    emoticons: "Emoticons",
    soundOn: "Geluid aanzetten",
    soundOff: "Geluid uitzetten",
    agent: "Medewerker",
    attach: "Bestand bijvoegen",
    attachmentWrongType: "Alleen PNG-, JPEG-, WebP-, GIF- en PDF-bestanden kunnen worden verstuurd.",
    attachmentTooLarge: "Het bestand is groter dan 5 MB.",
    attachmentFailed: "Het bestand kon niet worden verstuurd. Probeer het opnieuw.",
    attachmentNeedsConversation: "Stuur eerst een bericht en voeg daarna een bestand toe.",
    uploading: "Uploaden…",
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
    notAllowedHere: "Dieser Chat ist auf dieser Website nicht verfügbar.",
    limitReached: "Dieser Assistent kann gerade keine weiteren Nachrichten beantworten.",
    reconnecting: "Verbindung unterbrochen, neuer Versuch…",
    emoticons: "Emoticons",
    soundOn: "Ton einschalten",
    soundOff: "Ton ausschalten",
    agent: "Mitarbeiter",
    attach: "Datei anhängen",
    attachmentWrongType: "Nur PNG-, JPEG-, WebP-, GIF- und PDF-Dateien können gesendet werden.",
    attachmentTooLarge: "Die Datei ist größer als 5 MB.",
    attachmentFailed: "Die Datei konnte nicht gesendet werden. Bitte versuchen Sie es erneut.",
    attachmentNeedsConversation: "Senden Sie zuerst eine Nachricht und hängen Sie dann eine Datei an.",
    uploading: "Wird hochgeladen…",
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
    notAllowedHere: "Este chat no está disponible en este sitio web.",
    limitReached: "Este asistente no puede responder más mensajes por ahora.",
    reconnecting: "Conexión perdida, reconectando…",
    emoticons: "Emoticonos",
    soundOn: "Activar sonido",
    soundOff: "Desactivar sonido",
    agent: "Agente",
    attach: "Adjuntar un archivo",
    attachmentWrongType: "Solo se pueden enviar archivos PNG, JPEG, WebP, GIF y PDF.",
    attachmentTooLarge: "El archivo supera los 5 MB.",
    attachmentFailed: "No se pudo enviar el archivo. Inténtalo de nuevo.",
    attachmentNeedsConversation: "Envía primero un mensaje y luego adjunta un archivo.",
    uploading: "Subiendo…",
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
    notAllowedHere: "Ce chat n'est pas disponible sur ce site web.",
    limitReached: "Cet assistant ne peut plus répondre aux messages pour le moment.",
    reconnecting: "Connexion perdue, reconnexion…",
    emoticons: "Émoticônes",
    soundOn: "Activer le son",
    soundOff: "Couper le son",
    agent: "Agent",
    attach: "Joindre un fichier",
    attachmentWrongType: "Seuls les fichiers PNG, JPEG, WebP, GIF et PDF peuvent être envoyés.",
    attachmentTooLarge: "Le fichier dépasse 5 Mo.",
    attachmentFailed: "Le fichier n'a pas pu être envoyé. Veuillez réessayer.",
    attachmentNeedsConversation: "Envoyez d'abord un message, puis joignez un fichier.",
    uploading: "Envoi du fichier…",
  },
};

export const widgetLanguages = ["en", "nl", "de", "es", "fr"] as const;
export type WidgetLanguage = (typeof widgetLanguages)[number];

/**
 * The widget's language for a design's `uiLanguage` (`nl`, `nl-BE`, `NL`); Dutch when unknown, like new
 * designs. The same rule picks the language of the design's default texts, so labels and texts agree.
 */
export function widgetLanguageOf(uiLanguage: string): WidgetLanguage {
  return designTextLanguageOf(uiLanguage);
}

export type Translate = (key: TranslationKey) => string;

export function translatorFor(language: WidgetLanguage): Translate {
  const table = tables[language];
  return (key) => table[key];
}

/** Every language has every key (the compiler checks the tables; this serves the test of the same). */
export const translationTables: Readonly<Record<WidgetLanguage, Table>> = tables;
