/**
 * Small talk: a visitor's message that is only a greeting, a thanks or a goodbye ("hi", "thanks a lot!",
 * "bedankt en fijne dag"). The embedded assistant (no AI provider) answers it politely instead of "I don't
 * know": there is nothing in the knowledge to find for it. A message with any other word in it ("hi, where
 * is my order?") is a question, not small talk. The words are general conversation of each language, not
 * any customer's.
 */
import type { LanguageCode } from "./locale";

export type SmallTalk = "greeting" | "thanks" | "goodbye" | "acknowledgement" | "identity";

/** What each kind opens with, in the five assistant languages (accents folded, lower case). */
const anchors: Record<Exclude<SmallTalk, "identity">, readonly string[]> = {
  greeting: [
    "hi",
    "hello",
    "hey",
    "heya",
    "hiya",
    "howdy",
    "yo",
    "greetings",
    "morning",
    "afternoon",
    "evening",
    "hallo",
    "hoi",
    "hai",
    "goedemorgen",
    "goedemiddag",
    "goedenavond",
    "goedendag",
    "dag",
    "moin",
    "servus",
    "gruss",
    "gruezi",
    "guten",
    "tag",
    "hola",
    "buenas",
    "buenos",
    "dias",
    "tardes",
    "noches",
    "bonjour",
    "bonsoir",
    "salut",
    "coucou",
  ],
  thanks: [
    "thanks",
    "thank",
    "thx",
    "ty",
    "cheers",
    "appreciated",
    "bedankt",
    "dank",
    "dankjewel",
    "dankuwel",
    "merci",
    "thanx",
    "danke",
    "dankeschon",
    "vielen",
    "gracias",
    "muchas",
    "remercie",
    "beaucoup",
  ],
  goodbye: [
    "bye",
    "goodbye",
    "farewell",
    "later",
    "cya",
    "doei",
    "tot",
    "ziens",
    "doeg",
    "tschuss",
    "wiedersehen",
    "ciao",
    "adios",
    "hasta",
    "luego",
    "chao",
    "revoir",
    "bientot",
  ],
  // "ok", "got it", "perfect": the visitor read the answer and has nothing to ask (yet).
  acknowledgement: [
    "ok",
    "okay",
    "okey",
    "oke",
    "k",
    "alright",
    "allright",
    "perfect",
    "great",
    "cool",
    "fine",
    "understood",
    "noted",
    "gotcha",
    "awesome",
    "prima",
    "top",
    "helder",
    "duidelijk",
    "begrepen",
    "mooi",
    "super",
    "goed",
    "klar",
    "alles",
    "gut",
    "verstanden",
    "perfekt",
    "vale",
    "perfecto",
    "entendido",
    "genial",
    "bien",
    "claro",
    "accord",
    "parfait",
    "compris",
    "entendu",
  ],
};

/** Words that may come with small talk without making it a question (names of the addressee, politeness). */
const fillers = new Set([
  "there",
  "all",
  "you",
  "so",
  "much",
  "very",
  "a",
  "lot",
  "again",
  "good",
  "great",
  "nice",
  "day",
  "have",
  "and",
  "ok",
  "okay",
  "team",
  "everyone",
  "guys",
  "folks",
  "bot",
  "assistant",
  "for",
  "the",
  "help",
  "helps",
  "helped",
  "helpful",
  "your",
  "that",
  "is",
  "it",
  "see",
  "soon",
  "got",
  "thats",
  "this",
  "was",
  "d",
  "muy",
  "het",
  "ist",
  "c",
  "est",
  "allemaal",
  "zeer",
  "heel",
  "erg",
  "hartelijk",
  "fijne",
  "prettige",
  "nog",
  "een",
  "en",
  "voor",
  "de",
  "hulp",
  "je",
  "jullie",
  "u",
  "wel",
  "oke",
  "schon",
  "sehr",
  "ihnen",
  "dir",
  "einen",
  "schonen",
  "und",
  "fur",
  "die",
  "hilfe",
  "auf",
  "todos",
  "mucho",
  "un",
  "buen",
  "y",
  "por",
  "la",
  "ayuda",
  "que",
  "vale",
  "tous",
  "bonne",
  "journee",
  "et",
  "pour",
  "l",
  "aide",
  "tres",
  "vous",
  "toi",
  "plus",
  "tard",
  "au",
]);

const maxWords = 8;

/**
 * A goodbye wins over thanks, thanks over a greeting, any of them over an acknowledgement, in one message
 * ("hi, thanks!", "thanks, bye", "ok thanks").
 */
const kinds: readonly Exclude<SmallTalk, "identity">[] = ["goodbye", "thanks", "greeting", "acknowledgement"];

/** A message's words, lower case with accents folded ("Dankeschön!" → ["dankeschon"]). */
export function foldedWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}

/** What a visitor wonders the assistant is: a bot or a person (the last word of such a question). */
const natureWords = new Set([
  "bot",
  "robot",
  "chatbot",
  "ai",
  "human",
  "person",
  "machine",
  "computer",
  "mens",
  "persoon",
  "mensch",
  "maschine",
  "ki",
  "humano",
  "persona",
  "maquina",
  "ia",
  "humain",
  "personne",
]);
/** How such a question addresses the assistant ("are you…", "am I talking to…"), in the five languages. */
const addressPhrases = [
  ["are", "you"],
  ["am", "i"],
  ["is", "this"],
  ["ben", "jij"],
  ["ben", "je"],
  ["bent", "u"],
  ["praat", "ik"],
  ["is", "dit"],
  ["bist", "du"],
  ["sind", "sie"],
  ["spreche", "ich"],
  ["ist", "das"],
  ["eres"],
  ["es", "usted"],
  ["hablo", "con"],
  ["etes", "vous"],
  ["es", "tu"],
  ["est", "ce"],
  ["parle", "je"],
];
/** "Who are you", "what are you", in the five languages: the whole of the question. */
const whoPhrases = [
  ["who", "are", "you"],
  ["what", "are", "you"],
  ["wie", "ben", "jij"],
  ["wie", "ben", "je"],
  ["wie", "bent", "u"],
  ["wat", "ben", "jij"],
  ["wer", "bist", "du"],
  ["wer", "sind", "sie"],
  ["was", "bist", "du"],
  ["quien", "eres"],
  ["que", "eres"],
  ["quien", "es", "usted"],
  ["qui", "etes", "vous"],
  ["qui", "es", "tu"],
];

function containsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  for (let start = 0; start + phrase.length <= words.length; start += 1) {
    if (phrase.every((word, offset) => words[start + offset] === word)) return true;
  }
  return false;
}

/**
 * "Who are you?", "Are you a bot?", "Am I talking to a real person?": a short question about who answers.
 * The nature word ends the question, so "are you a computer shop?" is a question about the shop.
 */
function asksWhoAnswers(words: readonly string[]): boolean {
  if (words.length === 0 || words.length > maxWords) return false;
  if (whoPhrases.some((phrase) => phrase.length === words.length && containsPhrase(words, phrase)))
    return true;
  return natureWords.has(words.at(-1)!) && addressPhrases.some((phrase) => containsPhrase(words, phrase));
}

/** Whether the message asks who (or what) is answering: a bot or a person. */
export function isIdentityQuestion(message: string): boolean {
  return asksWhoAnswers(foldedWords(message));
}

/** The kind of small talk a whole message is, or null when it says anything else (or nothing). */
export function smallTalkOf(message: string): SmallTalk | null {
  const words = foldedWords(message);
  if (words.length === 0 || words.length > maxWords) return null;
  if (asksWhoAnswers(words)) return "identity";
  let kind: SmallTalk | null = null;
  for (const word of words) {
    const found = kinds.find((candidate) => anchors[candidate].includes(word));
    if (found === undefined) {
      if (!fillers.has(word)) return null;
    } else if (kind === null || kinds.indexOf(found) < kinds.indexOf(kind)) {
      kind = found;
    }
  }
  return kind;
}

/** What the assistant answers to small talk, per language. */
export const smallTalkReplies: Record<LanguageCode, Record<SmallTalk, string>> = {
  en: {
    greeting: "Hello! How can I help you today?",
    thanks: "You're welcome! Is there anything else I can help you with?",
    goodbye: "Goodbye, and thank you for your visit!",
    acknowledgement: "All right. Is there anything else I can help you with?",
    identity:
      "I am the virtual assistant of this website: I answer your questions from its information. If you would rather talk to a person, just say so.",
  },
  nl: {
    greeting: "Hallo! Waarmee kan ik je vandaag helpen?",
    thanks: "Graag gedaan! Kan ik je nog ergens anders mee helpen?",
    goodbye: "Tot ziens, en bedankt voor je bezoek!",
    acknowledgement: "Prima. Kan ik je nog ergens anders mee helpen?",
    identity:
      "Ik ben de digitale assistent van deze website: ik beantwoord je vragen met de informatie van de website. Wil je liever een mens spreken? Zeg het gerust.",
  },
  de: {
    greeting: "Hallo! Wie kann ich Ihnen heute helfen?",
    thanks: "Gern geschehen! Kann ich Ihnen sonst noch helfen?",
    goodbye: "Auf Wiedersehen und danke für Ihren Besuch!",
    acknowledgement: "Alles klar. Kann ich Ihnen sonst noch helfen?",
    identity:
      "Ich bin der digitale Assistent dieser Website und beantworte Ihre Fragen mit ihren Informationen. Wenn Sie lieber mit einem Menschen sprechen möchten, sagen Sie es einfach.",
  },
  es: {
    greeting: "¡Hola! ¿En qué puedo ayudarte hoy?",
    thanks: "¡De nada! ¿Puedo ayudarte con algo más?",
    goodbye: "¡Adiós y gracias por tu visita!",
    acknowledgement: "De acuerdo. ¿Puedo ayudarte con algo más?",
    identity:
      "Soy el asistente virtual de este sitio web: respondo a tus preguntas con su información. Si prefieres hablar con una persona, solo tienes que decirlo.",
  },
  fr: {
    greeting: "Bonjour ! Comment puis-je vous aider aujourd'hui ?",
    thanks: "Avec plaisir ! Puis-je vous aider pour autre chose ?",
    goodbye: "Au revoir, et merci de votre visite !",
    acknowledgement: "D'accord. Puis-je vous aider pour autre chose ?",
    identity:
      "Je suis l'assistant virtuel de ce site : je réponds à vos questions à partir de ses informations. Si vous préférez parler à une personne, dites-le simplement.",
  },
};
