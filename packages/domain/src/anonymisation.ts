/**
 * The kinds of personal data the assistant can replace by placeholders before a visitor's message reaches
 * a model, the logs or stored content. A configuration lists the ones it wants in `entitytypes_to_anonimize`;
 * the settings screen offers this list. Names follow the common PII vocabulary (Presidio's), so existing
 * configurations that say "EMAIL" keep working through `anonymisationEntityTypeAliases`.
 */
export interface AnonymisationEntityType {
  name: string;
  description: string;
}

export const anonymisationEntityTypes = [
  { name: "PERSON", description: "A person's name, where the text introduces it (\"my name is …\", \"Mrs …\")." },
  { name: "EMAIL_ADDRESS", description: "An e-mail address." },
  { name: "PHONE_NUMBER", description: "A phone number, international or national (NL, BE, DE, FR, ES, UK, IE, LU)." },
  { name: "IBAN", description: "A bank account number in IBAN form that passes the IBAN check digits." },
  { name: "CREDIT_CARD", description: "A payment card number of 13 to 19 digits that passes the Luhn check." },
  { name: "POSTAL_CODE", description: "A postal code: Dutch \"1234 AB\", or 4 or 5 digits where the text makes it an address." },
  { name: "ADDRESS", description: "A street with a house number, as written in English, Dutch, German, Spanish or French." },
  { name: "IP_ADDRESS", description: "An IPv4 or IPv6 address." },
] as const satisfies readonly AnonymisationEntityType[];

export type AnonymisationEntityTypeName = (typeof anonymisationEntityTypes)[number]["name"];

export const anonymisationEntityTypeNames: readonly AnonymisationEntityTypeName[] = anonymisationEntityTypes.map(
  (entityType) => entityType.name,
);

/** Other names configurations use for the same entity type. */
export const anonymisationEntityTypeAliases: Readonly<Record<string, AnonymisationEntityTypeName>> = {
  EMAIL: "EMAIL_ADDRESS",
};

/**
 * The entity type a configured name stands for, ignoring case and surrounding spaces and resolving aliases;
 * undefined for a name Parley does not know (an old or mistyped setting is skipped, not an error).
 */
export function anonymisationEntityTypeOf(name: string): AnonymisationEntityTypeName | undefined {
  const upper = name.trim().toUpperCase();
  const aliased = anonymisationEntityTypeAliases[upper];
  if (aliased) return aliased;
  return anonymisationEntityTypeNames.find((known) => known === upper);
}
