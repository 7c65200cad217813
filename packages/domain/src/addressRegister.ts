/**
 * The product addresses its users informally in every language that has the choice: Spanish "tú" (never
 * "usted") and Dutch "je/jouw" (never "u/uw"). `formalAddressIn` names the formal words a text uses, so the
 * texts' tests can keep the register from drifting back; it finds the unambiguous markers (formal imperatives
 * at the start of a sentence, "usted", "u/uw"), not every "su" (which is also his/her/its/their).
 */
const spanishFormalImperatives = [
  "Abra", "Acepte", "Active", "Ajuste", "Añada", "Asegúrese", "Cambie", "Comience", "Complete", "Compruebe", "Configure",
  "Confirme", "Conecte", "Consulte", "Contacte", "Contáctenos", "Copie", "Descubra", "Empiece", "Gestione", "Personalice", "Visite",
  "Corrija", "Cree", "Describa", "Desmarque", "Diga", "Elija", "Elimine", "Enseñe", "Entrene", "Envíe", "Escriba",
  "Espere", "Guarde", "Haga", "Indique", "Inicie", "Inténtelo", "Introduzca", "Lea", "Marque", "Pegue", "Pruebe",
  "Pulse", "Rellene", "Revise", "Seleccione", "Siga", "Suba", "Suelte", "Use", "Vea", "Vuelva",
];

/** Words that only the formal register uses, wherever they stand. */
const spanishFormalWords = [
  "usted", "ustedes", "ayudarle", "contáctenos", "inténtelo", "póngase", "actívelo", "corríjalo", "indéxelos",
  "escríbala", "añádalas", "cámbiela", "cámbielas", "elimínelas", "divídalo", "súbalos",
];

const spanishFormal = new RegExp(
  `(?:^|[.!?:;,]\\s+|[¿¡(«"]|\\s[oy]\\s)(${spanishFormalImperatives.join("|")})(?!\\p{L})|(?<!\\p{L})(${spanishFormalWords.join("|")})(?!\\p{L})`,
  "giu",
);

const dutchFormal = /(?<![\p{L}\p{N}])(u|uw)(?![\p{L}\p{N}])/giu;

export function formalAddressIn(language: string, text: string): string[] {
  const pattern = language === "es" ? spanishFormal : language === "nl" ? dutchFormal : undefined;
  if (pattern === undefined) return [];
  return [...text.matchAll(pattern)].map((match) => (match[1] ?? match[2] ?? match[0]).trim());
}
