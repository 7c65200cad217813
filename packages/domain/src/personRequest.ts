/**
 * A visitor asking for a person ("can I talk to a human?", "ik wil een medewerker spreken", "agent please").
 * The assistant cannot help with that itself: the configuration's agents are alerted, and the visitor is
 * told whether someone is online to join. The words are general conversation of the five assistant
 * languages, not any customer's.
 */
import { foldedWords, isIdentityQuestion } from "./smallTalk";

/** Who the visitor wants, in the five languages (accents folded, lower case). */
const personWords = new Set([
  "human",
  "humans",
  "person",
  "someone",
  "somebody",
  "employee",
  "staff",
  "operator",
  "representative",
  "agent",
  "colleague",
  "people",
  "mens",
  "medewerker",
  "medewerkster",
  "iemand",
  "persoon",
  "collega",
  "mensch",
  "menschen",
  "mitarbeiter",
  "mitarbeiterin",
  "jemand",
  "jemandem",
  "jemanden",
  "berater",
  "beraterin",
  "humano",
  "persona",
  "agente",
  "alguien",
  "empleado",
  "empleada",
  "operador",
  "operadora",
  "asesor",
  "asesora",
  "humain",
  "personne",
  "conseiller",
  "conseillere",
  "operateur",
  "operatrice",
  "quelqu",
]);

/**
 * Words that name a person whatever surrounds them, so that a short message of little more than one
 * ("human please", "een medewerker!") asks for one. "someone", "personne" and the like need a verb of contact.
 */
const unmistakablePersonWords = new Set([
  "human",
  "operator",
  "representative",
  "agent",
  "mens",
  "medewerker",
  "medewerkster",
  "mensch",
  "mitarbeiter",
  "mitarbeiterin",
  "humano",
  "agente",
  "operador",
  "operadora",
  "humain",
  "conseiller",
  "conseillere",
  "operateur",
  "operatrice",
]);

/** Verbs (and nouns) of getting in touch with someone, in the five languages. */
const contactWords = new Set([
  "talk",
  "speak",
  "chat",
  "contact",
  "connect",
  "reach",
  "transfer",
  "call",
  "phone",
  "praten",
  "spreken",
  "chatten",
  "contact",
  "bellen",
  "doorverbinden",
  "doorverbonden",
  "verbinden",
  "spreek",
  "praat",
  "sprechen",
  "spreche",
  "reden",
  "rede",
  "kontakt",
  "kontaktieren",
  "verbinden",
  "anrufen",
  "telefonieren",
  "hablar",
  "hablo",
  "contactar",
  "chatear",
  "comunicar",
  "comunicarme",
  "llamar",
  "pasar",
  "pasame",
  "ponerme",
  "parler",
  "parle",
  "contacter",
  "joindre",
  "discuter",
  "appeler",
]);

const shortMessageWords = 4;

/** Whether the visitor's message asks to be put in touch with a person rather than the assistant. */
export function asksForPerson(message: string): boolean {
  const words = foldedWords(message);
  if (words.length === 0 || words.length > 40) return false;
  // "Are you a human?" asks what answers, not for someone else.
  if (isIdentityQuestion(message)) return false;
  const person = words.some((word) => personWords.has(word));
  if (!person) return false;
  if (words.some((word) => contactWords.has(word))) return true;
  return words.length <= shortMessageWords && words.some((word) => unmistakablePersonWords.has(word));
}
