/**
 * Replaces personal data in a visitor's text by typed placeholders before the text reaches a model, the
 * logs or stored content (issue 14). Pure and synchronous.
 *
 * How it works: every detector below finds candidate spans of its own type, on the whole text, whether or
 * not that type was requested; overlaps are then resolved by a fixed priority (an IBAN's digits are not
 * also a phone number), and only the spans of requested types are replaced. Detecting everything first
 * means a requested type never eats part of a value of a type that was not requested.
 *
 * Placeholders are numbered per type in order of first appearance: `[PERSON_1]`, `[PERSON_2]`,
 * `[EMAIL_ADDRESS_1]`. The same value (compared loosely: case, spaces and separators ignored) gets the same
 * placeholder everywhere in the text, so the model can still tell "the same person" from "another person".
 *
 * Linear time: every regular expression here has bounded quantifiers that cannot nest ambiguously, and
 * most start only at a word or number boundary (a look-behind), so each start position costs a bounded
 * number of steps. Validation (mod-97, Luhn, phone number plans) runs in code on the candidates.
 */
import { isIP } from "node:net";
import { anonymisationEntityTypeOf, anonymisationEntityTypeNames, type AnonymisationEntityTypeName } from "@parley/domain";

export interface AnonymiseOptions {
  /** Entity type names as configured (`entitytypes_to_anonimize`); aliases and any case accepted, unknown names skipped. */
  entityTypes: readonly string[];
  /** Values never replaced, compared case-insensitively (the business's own name, its support address…). */
  exceptions: readonly string[];
}

export interface AnonymiseResult {
  text: string;
  /** Per replaced type, how many occurrences were replaced; in the order of `anonymisationEntityTypes`. */
  found: { type: string; count: number }[];
}

interface Span {
  start: number;
  end: number;
  type: AnonymisationEntityTypeName;
}

/** Which type wins when two candidates overlap: the most specific, best-validated shapes first. */
const priority: readonly AnonymisationEntityTypeName[] = [
  "EMAIL_ADDRESS",
  "IBAN",
  "CREDIT_CARD",
  "IP_ADDRESS",
  "PHONE_NUMBER",
  "POSTAL_CODE",
  "ADDRESS",
  "PERSON",
];

export function anonymise(text: string, options: AnonymiseOptions): AnonymiseResult {
  const requested = new Set(
    options.entityTypes.map(anonymisationEntityTypeOf).filter((type): type is AnonymisationEntityTypeName => !!type),
  );
  if (requested.size === 0 || text === "") return { text, found: [] };

  const addresses = findAddresses(text);
  const candidates: Span[] = [
    ...findEmailAddresses(text),
    ...findIbans(text),
    ...findCreditCards(text),
    ...findIpAddresses(text),
    ...findPhoneNumbers(text),
    ...findPostalCodes(text, addresses),
    ...addresses,
  ];
  // Names are looked for last, so that a repeated mention is not sought inside an e-mail address or street.
  candidates.push(...findPersons(text, requested.has("PERSON")));

  const insideException = exceptionCover(text, options.exceptions);
  const exceptionValues = new Set(options.exceptions.map((exception) => exception.trim().toLowerCase()).filter(Boolean));
  const kept = withoutOverlaps(candidates).filter(
    (span) =>
      requested.has(span.type) &&
      !exceptionValues.has(text.slice(span.start, span.end).trim().toLowerCase()) &&
      !insideException(span),
  );
  return replaceSpans(text, kept);
}

/**
 * Whether a visitor's text gives a way to reach them: an e-mail address or phone number, as written or as the
 * placeholder anonymisation put in its place.
 */
export function holdsContactDetails(text: string): boolean {
  if (/\[(EMAIL_ADDRESS|PHONE_NUMBER)_\d+\]/.test(text)) return true;
  return findEmailAddresses(text).length > 0 || findPhoneNumbers(text).length > 0;
}

/** Keeps the highest-priority (then longest, then first) of overlapping candidates; returns them in text order. */
function withoutOverlaps(candidates: readonly Span[]): Span[] {
  const ranked = [...candidates].sort(
    (left, right) =>
      priority.indexOf(left.type) - priority.indexOf(right.type) ||
      right.end - right.start - (left.end - left.start) ||
      left.start - right.start,
  );
  // Sorted by start so the overlap test is a binary search, not a scan: adversarial input can give thousands.
  const byStart: Span[] = [];
  for (const span of ranked) {
    let low = 0;
    let high = byStart.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (byStart[middle]!.start < span.start) low = middle + 1;
      else high = middle;
    }
    const before = byStart[low - 1];
    const after = byStart[low];
    if ((before && before.end > span.start) || (after && after.start < span.end)) continue;
    byStart.splice(low, 0, span);
  }
  return byStart;
}

function replaceSpans(text: string, spans: readonly Span[]): AnonymiseResult {
  const placeholders = new Map<string, string>();
  const distinctPerType = new Map<AnonymisationEntityTypeName, number>();
  const occurrencesPerType = new Map<AnonymisationEntityTypeName, number>();
  let output = "";
  let position = 0;
  for (const span of spans) {
    const key = `${span.type}\u0000${comparableValue(span.type, text.slice(span.start, span.end))}`;
    let placeholder = placeholders.get(key);
    if (!placeholder) {
      const number = (distinctPerType.get(span.type) ?? 0) + 1;
      distinctPerType.set(span.type, number);
      placeholder = `[${span.type}_${number}]`;
      placeholders.set(key, placeholder);
    }
    occurrencesPerType.set(span.type, (occurrencesPerType.get(span.type) ?? 0) + 1);
    output += text.slice(position, span.start) + placeholder;
    position = span.end;
  }
  output += text.slice(position);
  const found = anonymisationEntityTypeNames
    .filter((type) => occurrencesPerType.has(type))
    .map((type) => ({ type, count: occurrencesPerType.get(type)! }));
  return { text: output, found };
}

/** The form two mentions of one value share: "+31 6-1234 5678" and "+31612345678" are the same number. */
function comparableValue(type: AnonymisationEntityTypeName, value: string): string {
  switch (type) {
    case "PHONE_NUMBER":
    case "CREDIT_CARD":
      return value.replace(/\D/g, "");
    case "IBAN":
    case "POSTAL_CODE":
      return value.replace(/[\s-]/g, "").toUpperCase();
    default:
      return value.replace(/\s+/g, " ").toLowerCase();
  }
}

/**
 * Whether a span lies wholly inside an occurrence of an exception in the text ("Parley B.V." protects the
 * "Parley" in it). Answered by binary search over the occurrences, since a long text may hold many.
 */
function exceptionCover(text: string, exceptions: readonly string[]): (span: Span) => boolean {
  const ranges: { start: number; end: number }[] = [];
  for (const exception of exceptions) {
    const trimmed = exception.trim();
    if (!trimmed) continue;
    const pattern = new RegExp(escapeRegExp(trimmed), "giu");
    for (const match of text.matchAll(pattern)) ranges.push({ start: match.index, end: match.index + match[0].length });
  }
  ranges.sort((left, right) => left.start - right.start);
  // furthestEnd[i]: the furthest end among the first i + 1 occurrences.
  const furthestEnd: number[] = [];
  for (const range of ranges) furthestEnd.push(Math.max(range.end, furthestEnd.at(-1) ?? 0));
  return (span) => {
    let low = 0;
    let high = ranges.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (ranges[middle]!.start <= span.start) low = middle + 1;
      else high = middle;
    }
    return low > 0 && furthestEnd[low - 1]! >= span.end;
  };
}

/** Escapes what is special outside a character class; in `u` mode escaping anything else (like "-") is an error. */
function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function spansOf(text: string, pattern: RegExp, type: AnonymisationEntityTypeName, accept: (value: string) => boolean = () => true): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(pattern)) {
    if (accept(match[0])) spans.push({ start: match.index, end: match.index + match[0].length, type });
  }
  return spans;
}

// ---------------------------------------------------------------------------------------------------------
// E-mail addresses

/** Local part, @, one to eight dot-separated labels and a top-level domain; labels exclude the dot, so the split is unambiguous. */
const emailPattern =
  /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}@(?:[\p{L}\p{N}-]{1,63}\.){1,8}\p{L}{2,24}(?![\p{L}\p{N}-])/gu;

function findEmailAddresses(text: string): Span[] {
  return spansOf(text, emailPattern, "EMAIL_ADDRESS");
}

// ---------------------------------------------------------------------------------------------------------
// IBAN

/** IBAN lengths of the European countries and a few common others; an unknown country is not guessed at. */
const ibanLengths: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, BA: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20,
  ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GI: 23, GL: 18, GR: 27, HR: 21, HU: 28, IE: 22, IL: 23, IS: 26,
  IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MT: 31, NL: 18, NO: 15, PL: 28,
  PT: 25, RO: 24, RS: 22, SA: 24, SE: 24, SI: 19, SK: 24, SM: 27, TR: 26, UA: 29, VA: 22, XK: 20,
};

/** Country, check digits, then up to 32 characters with single optional spaces; cut to the country's length in code. */
const ibanCandidatePattern = /(?<![\p{L}\p{N}])[A-Za-z]{2}\d{2}(?: ?[A-Za-z0-9]){11,32}/gu;

function findIbans(text: string): Span[] {
  const spans: Span[] = [];
  const pattern = new RegExp(ibanCandidatePattern.source, ibanCandidatePattern.flags);
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const end = ibanEnd(text, match.index, match[0]);
    if (end === undefined) {
      // The candidate may have run on into a following IBAN ("GB29 … 19 and ES91 …"): look again just after its start.
      pattern.lastIndex = match.index + 1;
      continue;
    }
    spans.push({ start: match.index, end: match.index + end, type: "IBAN" });
    pattern.lastIndex = match.index + end;
  }
  return spans;
}

/** How far into `candidate` (found at `start`) a valid IBAN of its country's length reaches; undefined if none. */
function ibanEnd(text: string, start: number, candidate: string): number | undefined {
  const length = ibanLengths[candidate.slice(0, 2).toUpperCase()];
  if (!length) return undefined;
  // Walk the candidate until `length` characters that are not spaces have been seen.
  let seen = 0;
  let end = 0;
  while (end < candidate.length && seen < length) {
    if (candidate[end] !== " ") seen++;
    end++;
  }
  if (seen < length) return undefined;
  const after = text[start + end];
  if (after !== undefined && /[\p{L}\p{N}]/u.test(after)) return undefined;
  return ibanChecksumIsValid(candidate.slice(0, end).replace(/ /g, "").toUpperCase()) ? end : undefined;
}

/** ISO 13616: move the first four characters to the end, letters to 10–35, and the number mod 97 must be 1. */
export function ibanChecksumIsValid(compactIban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compactIban)) return false;
  const rearranged = compactIban.slice(4) + compactIban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const value = character >= "A" ? character.charCodeAt(0) - 55 : Number(character);
    remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97;
  }
  return remainder === 1;
}

// ---------------------------------------------------------------------------------------------------------
// Payment cards

/**
 * 13–19 digits with optional single spaces or dashes, starting with 2–6 (the ranges card schemes use:
 * Mastercard 2/5, Amex 3, Visa 4, Discover 6), so that other Luhn-valid numbers are less often taken.
 */
const creditCardCandidatePattern = /(?<![\p{N}])[2-6](?:[ -]?\d){12,18}(?![\p{N}])/gu;

function findCreditCards(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(creditCardCandidatePattern)) {
    // The candidate may have run on into a following number ("… 1111 12/26"): try shorter ends at separators too.
    const candidate = match[0];
    const ends = [candidate.length];
    for (let index = candidate.length - 1; index > 0; index--) if (candidate[index] === " " || candidate[index] === "-") ends.push(index);
    for (const end of ends) {
      const digits = candidate.slice(0, end).replace(/\D/g, "");
      if (digits.length >= 13 && digits.length <= 19 && luhnIsValid(digits)) {
        spans.push({ start: match.index, end: match.index + end, type: "CREDIT_CARD" });
        break;
      }
    }
  }
  return spans;
}

export function luhnIsValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

// ---------------------------------------------------------------------------------------------------------
// IP addresses

const ipv4Octet = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const ipv4Pattern = new RegExp(`(?<![\\p{N}.+-])(?:${ipv4Octet}\\.){3}${ipv4Octet}(?![\\p{N}]|\\.\\d)`, "gu");
/** Hex digits and colons with at least two colons; Node's own parser decides (times like 10:30:00 are not IPv6). */
const ipv6CandidatePattern = /(?<![\p{L}\p{N}:])[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?:%[\p{L}\p{N}]{1,15})?(?![\p{L}\p{N}:])/gu;

function findIpAddresses(text: string): Span[] {
  return [
    ...spansOf(text, ipv4Pattern, "IP_ADDRESS"),
    ...spansOf(text, ipv6CandidatePattern, "IP_ADDRESS", (value) => /[0-9A-Fa-f]/.test(value) && isIP(value) === 6),
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Phone numbers

/**
 * A run of digits with the separators people write in phone numbers, optionally opened by + or (.
 * The run is then split into digit groups, and the longest valid phone number is sought from each group.
 */
const phoneRunPattern = /(?<![\p{L}\p{N}_+(])[+(]{0,2}\d(?:[\d ()./\u00a0-]{0,60}\d)?/gu;
const phoneGroupPattern = /[+(]*\d+\)?/g;
/** Words announcing a phone number, at a word start, then at most two short words ("call me at", "llámame al"). */
const phoneContextPattern =
  /(?<![\p{L}])(?:tel|phone|call|mobile|mobiel|bel|gsm|handy|ruf|anruf|teléfono|telefono|móvil|movil|llam|llám|appel|portable|whatsapp)\S{0,12}(?:[\s:.]+\S{1,5}){0,2}[\s:.]*$/iu;

/** Country code → how many digits the national number has after it (without the trunk 0). */
const nationalNumberLengths: Readonly<Record<string, readonly [number, number]>> = {
  "31": [9, 9], // Netherlands
  "32": [8, 9], // Belgium: landlines 8, mobiles 9
  "33": [9, 9], // France
  "34": [9, 9], // Spain
  "44": [9, 10], // United Kingdom
  "49": [6, 11], // Germany: area codes and subscriber numbers vary in length
  "352": [6, 9], // Luxembourg
  "353": [7, 9], // Ireland
};

function findPhoneNumbers(text: string): Span[] {
  const spans: Span[] = [];
  for (const run of text.matchAll(phoneRunPattern)) {
    const groups = [...run[0].matchAll(phoneGroupPattern)].map((group) => ({
      start: group.index,
      end: group.index + group[0].length,
      digits: group[0].replace(/\D/g, "").length,
    }));
    const contextBefore = text.slice(Math.max(0, run.index - 25), run.index);
    let first = 0;
    while (first < groups.length) {
      let matchedLast = -1;
      // Nobody starts a phone number with a lone digit ("0 6 1 2 …"), bar a country code ("+1"); skipping
      // those keeps "1 1 1 1 …" cheap.
      if (groups[first]!.digits < 2 && run[0][groups[first]!.start] !== "+") {
        first++;
        continue;
      }
      // A phone number has at most about eight groups ("+31 (0)6 12 34 56 78"); longest first.
      for (let last = Math.min(groups.length - 1, first + 8); last >= first; last--) {
        let digits = 0;
        for (let index = first; index <= last; index++) digits += groups[index]!.digits;
        if (digits < 6 || digits > 17) continue;
        const value = run[0].slice(groups[first]!.start, groups[last]!.end);
        if (isPhoneNumber(value, first === 0 ? contextBefore : "")) {
          matchedLast = last;
          break;
        }
      }
      if (matchedLast < 0) {
        first++;
        continue;
      }
      let start = run.index + groups[first]!.start;
      let end = run.index + groups[matchedLast]!.end;
      // "(020) 123 4567": the closing parenthesis belongs to the group; an unmatched one does not.
      if (text[end - 1] === ")" && !text.slice(start, end - 1).includes("(")) end--;
      if (text[start] === "(" && !text.slice(start, end).includes(")")) start++;
      spans.push({ start, end, type: "PHONE_NUMBER" });
      first = matchedLast + 1;
    }
  }
  return spans;
}

/** Dates are written like phone numbers with dashes or dots ("01-02-2023"): never a phone number. */
const datePattern = /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/;

function isPhoneNumber(value: string, contextBefore: string): boolean {
  if (datePattern.test(value)) return false;
  // Parentheses must pair up: "(020) 123" is fine, "12) 34" is not.
  if ((value.match(/\(/g)?.length ?? 0) !== (value.match(/\)/g)?.length ?? 0)) return false;
  const international = value.startsWith("+") || value.startsWith("(+");
  // "+31 (0)20 …": the bracketed trunk prefix is written but not dialled.
  const digits = value.replace(/\(0\)/, "").replace(/\D/g, "");
  if (digits.length < 6 || digits.length > 15) return false;
  if (international || digits.startsWith("00")) {
    const number = international ? digits : digits.slice(2);
    for (const [countryCode, [shortest, longest]] of Object.entries(nationalNumberLengths)) {
      if (!number.startsWith(countryCode)) continue;
      const national = number.slice(countryCode.length);
      return national.length >= shortest && national.length <= longest && !national.startsWith("0");
    }
    // Another country: with a written + any E.164-length number is a phone number; "00…" alone is too weak.
    return international && number.length >= 8 && number.length <= 15 && !number.startsWith("0");
  }
  const separated = /[\s()./-]/.test(value);
  const hasContext = phoneContextPattern.test(contextBefore);
  if (digits.startsWith("0")) {
    // NL, BE, DE, FR, UK, IE: a trunk 0 then 8 to 11 digits. Eight digits only when grouped or announced (DE short numbers).
    if (digits[1] === "0") return false;
    if (digits.length >= 9 && digits.length <= 12) return true;
    return digits.length === 8 && (separated || hasContext);
  }
  // Spain has no trunk prefix (9 digits from 6–9); Luxembourg mobiles are 6x1 xxx xxx. Unseparated, such
  // a number is as likely an order number, so it counts only when grouped like a phone number or announced.
  const spanishOrLuxembourgish = (digits.length === 9 && /^[6-9]/.test(digits)) || /^6[2-9]1\d{6}$/.test(digits);
  return spanishOrLuxembourgish && (separated || hasContext);
}

// ---------------------------------------------------------------------------------------------------------
// Addresses

/** Dutch and German street names end in these (lower case, compared to the end of the word). */
const compoundStreetSuffixes = [
  "straat", "laan", "weg", "plein", "gracht", "kade", "dijk", "singel", "steeg", "dreef", "markt", "hof",
  "straße", "strasse", "str.", "gasse", "allee", "platz", "damm", "ufer", "steig",
];
/** Words that make a street only as a word of their own after a capitalised name ("Berliner Straße", "Am Markt"). */
const separateStreetWords = new Set([...compoundStreetSuffixes, "ring", "park", "straat", "street"]);

const houseNumber = "\\d{1,5}(?: ?[A-Za-z](?![\\p{L}]))?(?:[-/]\\d{1,4}[A-Za-z]?)?";
const houseNumberAfterStreet = new RegExp(`(?<![\\p{L}\\p{N}])([\\p{L}'’.-]{2,50}) {1,3}(${houseNumber})(?![\\p{L}\\p{N}])`, "gu");
const capitalisedWord = "\\p{Lu}[\\p{L}'’-]{0,30}";
const spanishStreet = new RegExp(
  `(?<![\\p{L}])(?:[Cc]alle|[Cc]/|[Aa]venida|[Aa]vda\\.|[Pp]laza|[Pp]aseo|[Cc]amino|[Cc]arretera|[Rr]onda|[Tt]ravesía) {1,3}` +
    `(?:(?:de|del|la|las|los|el|${capitalisedWord}) {1,3}){0,4}${capitalisedWord},? {1,3}(?:n\\.?º ?)?${houseNumber}(?![\\p{L}\\p{N}])`,
  "gu",
);
const frenchStreet = new RegExp(
  `(?<![\\p{L}\\p{N}])${houseNumber}(?: (?:bis|ter))?,? {1,3}(?:rue|avenue|av\\.|boulevard|bd|place|allée|impasse|chemin|quai|cours|route|square)` +
    `(?: {1,3}(?:de|du|des|la|le|les|[dl]['’]|[dl]['’]${capitalisedWord}|${capitalisedWord})){1,5}(?![\\p{L}\\p{N}])`,
  "gu",
);
const englishStreet = new RegExp(
  `(?<![\\p{L}\\p{N}])${houseNumber} {1,3}(?:${capitalisedWord} {1,3}){1,3}` +
    `(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Boulevard|Blvd|Way|Court|Ct|Place|Pl|Square|Sq|Terrace|Close|Crescent|Gardens|Row|Hill)(?![\\p{L}\\p{N}])`,
  "gu",
);

function findAddresses(text: string): Span[] {
  const spans: Span[] = [
    ...spansOf(text, spanishStreet, "ADDRESS"),
    ...spansOf(text, frenchStreet, "ADDRESS"),
    ...spansOf(text, englishStreet, "ADDRESS"),
  ];
  for (const match of text.matchAll(houseNumberAfterStreet)) {
    const street = match[1]!;
    const lower = street.toLowerCase();
    let start = match.index;
    if (separateStreetWords.has(lower)) {
      // "Berliner Straße 5", "Am Markt 3": the word must be a capitalised noun after one or two capitalised words.
      if (!/^\p{Lu}/u.test(street)) continue;
      const before = /(?:\p{Lu}[\p{L}'’-]{0,30} ){1,2}$/u.exec(text.slice(Math.max(0, start - 64), start));
      if (!before) continue;
      start -= before[0].length;
    } else if (!compoundStreetSuffixes.some((suffix) => lower.length > suffix.length + 1 && lower.endsWith(suffix))) {
      continue;
    }
    spans.push({ start, end: match.index + match[0].length, type: "ADDRESS" });
  }
  return spans;
}

// ---------------------------------------------------------------------------------------------------------
// Postal codes

/** Dutch "1234 AB" / "1234AB"; lower-case letters only when written together ("1990 en" is not a postcode). */
const dutchPostalCode = /(?<![\p{L}\p{N}])[1-9]\d{3}(?: ?(?!SA|SD|SS|KB|MB|GB|TB)[A-Z]{2}|(?!sa|sd|ss|kb|mb|gb|tb)[a-z]{2})(?![\p{L}\p{N}])/gu;
/** UK postcodes have a shape nothing else has: "SW1A 1AA", "M1 1AE", "EC1A 1BB". */
const britishPostalCode = /(?<![\p{L}\p{N}])[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}(?![\p{L}\p{N}])/gu;
/** Four or five digits, optionally with a country prefix (L-1234, D-10115): an address only in context. */
const numericPostalCode = /(?<![\p{L}\p{N}-])(?:(?:NL|[BDFLEI])-)?\d{4,5}(?![\p{L}\p{N}]|[.,]\d)/gu;
const postalContextBefore = /(?:post(?:al)?\s*code|postcode|zip(?:\s*code)?|plz|postleitzahl|code\s+postal|c[oó]digo\s+postal|c\.?p\.?)\s*[:.]?\s*$/i;

function findPostalCodes(text: string, addresses: readonly Span[]): Span[] {
  const addressEnds = new Set(addresses.map((address) => address.end));
  const spans = [...spansOf(text, dutchPostalCode, "POSTAL_CODE"), ...spansOf(text, britishPostalCode, "POSTAL_CODE")];
  for (const match of text.matchAll(numericPostalCode)) {
    const before = text.slice(Math.max(0, match.index - 30), match.index);
    const countryPrefixed = match[0].includes("-");
    const announced = postalContextBefore.test(before);
    // "Hauptstraße 5, 10115 Berlin": after a street address and before a capitalised place name.
    const gapBefore = /[,\s]{1,4}$/.exec(before)?.[0].length ?? 0;
    const afterAddress =
      /^,? {1,3}\p{Lu}/u.test(text.slice(match.index + match[0].length, match.index + match[0].length + 5)) &&
      Array.from({ length: gapBefore }, (_, index) => match.index - index - 1).some((end) => addressEnds.has(end));
    if (countryPrefixed || announced || afterAddress) {
      spans.push({ start: match.index, end: match.index + match[0].length, type: "POSTAL_CODE" });
    }
  }
  return spans;
}

// ---------------------------------------------------------------------------------------------------------
// Persons

/** Phrases after which a visitor says their name; the name may then be written in lower case. */
const introductionPattern =
  /(?<![\p{L}])(?:my name is|my name's|ik heet|mijn naam is|ich heiße|ich heisse|mein name ist|me llamo|mi nombre es|je m['’]appelle|mon nom est)[ ]*:?[ ]+/giu;
/** "I am"/"I'm" also starts "I am looking…": only capitalised words after it count as a name. */
const selfDescriptionPattern = /(?<![\p{L}])(?:I am|I['’]m)[ ]+/gu;
/** Forms of address before a surname or full name; written capitalised, the dot optional except after "M". */
const titlePattern =
  /(?<![\p{L}])(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Dhr|Mevr|Herr|Frau|Sr|Sra|Srta|Mme|Mlle|Prof)\.?|M\.|Meneer|Mevrouw|Señor|Señora|Señorita|Madame|Monsieur|Mademoiselle|Mister)[ ]+/gu;

/** Surname particles that stay part of a name when a capitalised word follows ("Jan van der Berg"). */
const nameParticles = new Set(["van", "de", "der", "den", "von", "zu", "ter", "ten", "la", "le", "del", "della", "di", "da", "du", "dos", "das", "'t"]);
/** Words that end a name written in lower case ("my name is john and …"). */
const wordsAfterName = new Set([
  "and", "but", "from", "i", "im", "i'm", "the", "is", "not", "with", "here", "please", "or", "of", "at", "in", "to", "my",
  "en", "maar", "uit", "ik", "niet", "met", "hier", "graag", "of", "het", "een", "mijn", "op",
  "und", "aber", "aus", "ich", "nicht", "mit", "bitte", "oder", "ist", "mein", "bin",
  "y", "pero", "yo", "no", "con", "aquí", "es", "por", "mi", "soy",
  "et", "mais", "je", "pas", "avec", "ici", "ou", "est", "mon", "suis",
]);
const nameWordPattern = /([\p{L}][\p{L}'’-]{0,30}\.?)( ?)/uy;

/** Titles are not names: "Sr. García y Sra. López" is two names. */
const titleWords = new Set(["mr", "mrs", "ms", "miss", "mx", "dr", "dhr", "mevr", "herr", "frau", "sr", "sra", "srta", "mme", "mlle", "prof", "m"]);

/**
 * Where the name that starts at `position` ends; undefined when no name starts there. A name is up to four
 * words: capitalised words and initials ("J."), particles between them ("van der"), and, after an explicit
 * introduction, lower-case words too ("my name is john smith"), up to a word that clearly is not a name.
 */
function nameEnd(text: string, position: number, allowLowerCase: boolean): number | undefined {
  let end: number | undefined;
  let nameWords = 0;
  let pendingParticles = 0;
  let cursor = position;
  while (nameWords < 4 && pendingParticles < 3) {
    nameWordPattern.lastIndex = cursor;
    const match = nameWordPattern.exec(text);
    if (!match) break;
    const word = match[1]!;
    const bare = word.replace(/\.$/, "");
    const lower = bare.toLowerCase();
    const capitalised = /^\p{Lu}/u.test(word);
    const initial = /^\p{Lu}\.$/u.test(word);
    if (!initial && (wordsAfterName.has(lower) || titleWords.has(lower))) break;
    if (!capitalised && nameParticles.has(lower) && nameWords > 0) {
      // A particle belongs to the name only when a name word follows; `end` moves on with that word.
      pendingParticles++;
    } else if (capitalised || (allowLowerCase && nameWords < 3)) {
      pendingParticles = 0;
      nameWords++;
      // "…is Jan." ends a sentence: keep the word, not the full stop; an initial keeps its dot.
      end = cursor + (initial ? word.length : bare.length);
      if (word.endsWith(".") && !initial) break;
    } else {
      break;
    }
    if (!match[2]) break;
    cursor += match[0].length;
  }
  return end;
}

/** A name once introduced is also replaced where it is mentioned again; bounded so adversarial input stays linear. */
const mostRepeatedNamesSought = 20;

function findPersons(text: string, requested: boolean): Span[] {
  const spans: Span[] = [];
  const introductions: [RegExp, boolean][] = [
    [introductionPattern, true],
    [selfDescriptionPattern, false],
    [titlePattern, false],
  ];
  for (const [pattern, allowLowerCase] of introductions) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index + match[0].length;
      const end = nameEnd(text, start, allowLowerCase);
      if (end !== undefined) spans.push({ start, end, type: "PERSON" });
    }
  }
  if (!requested) return spans;
  const names = [...new Set(spans.map((span) => text.slice(span.start, span.end)).filter((name) => name.length >= 2))];
  for (const name of names.slice(0, mostRepeatedNamesSought)) {
    // Any case, but capitalised: "Will" introduced does not make every "will" a name.
    const mention = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, "giu");
    spans.push(...spansOf(text, mention, "PERSON", (value) => /^\p{Lu}/u.test(value)));
  }
  return spans;
}
