import type { JsonSchema, OpenApiDocument } from "../platform/http/contract";

/** A seeded source of choices (mulberry32): the same seed makes the same requests. */
export interface Random {
  /** In [0, 1). */
  next(): number;
  /** An integer in [0, count). */
  below(count: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  uuid(): string;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (count: number) => Math.floor(next() * count);
  const hex = (digits: number) => Array.from({ length: digits }, () => below(16).toString(16)).join("");
  return {
    next,
    below,
    pick: (items) => items[below(items.length)]!,
    chance: (probability) => next() < probability,
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${"89ab"[below(4)]}${hex(3)}-${hex(12)}`,
  };
}

/** A string seed from a text (FNV-1a), so each operation draws its own sequence whatever runs before it. */
export function seedOf(text: string, base: number): number {
  let hash = 0x811c9dc5 ^ base;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/** What plausible values are drawn from: ids and tokens that exist (or nearly), e-mail addresses. */
export interface SamplePool {
  random: Random;
  ids: readonly string[];
  tokens: readonly string[];
  emails: readonly string[];
  /** A new address each call. */
  freshEmail(): string;
}

/** Names of fields and parameters that hold an id (`_id`, `customerId`, `configuration_id`, `id`). */
export function isIdName(name: string): boolean {
  return /(^|_)id$|Id$/.test(name);
}

/** `#/components/schemas/X` and the combinators resolved into one schema to draw from. */
export function resolveSchema(document: OpenApiDocument, schema: JsonSchema, random: Random): JsonSchema {
  let current = schema;
  for (let hops = 0; hops < 10; hops++) {
    const ref = current.$ref;
    if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
      current = { ...(document.components?.schemas?.[ref.slice("#/components/schemas/".length)] as JsonSchema), ...withoutRef(current) };
      continue;
    }
    const choices = (current.oneOf ?? current.anyOf) as JsonSchema[] | undefined;
    if (choices) {
      const { oneOf: _one, anyOf: _any, ...rest } = current;
      current = { ...rest, ...random.pick(choices) };
      continue;
    }
    const parts = current.allOf as JsonSchema[] | undefined;
    if (parts) {
      const { allOf: _all, ...rest } = current;
      const resolved = parts.map((part) => resolveSchema(document, part, random));
      current = {
        ...rest,
        ...Object.assign({}, ...resolved),
        properties: Object.assign({}, rest.properties, ...resolved.map((part) => part.properties)),
        required: [...((rest.required as string[]) ?? []), ...resolved.flatMap((part) => (part.required as string[]) ?? [])],
      };
      continue;
    }
    return current;
  }
  return current;
}

function withoutRef(schema: JsonSchema): JsonSchema {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}

function sampleText(schema: JsonSchema, name: string, pool: SamplePool): string {
  const { random } = pool;
  if (isIdName(name)) return random.pick(pool.ids);
  if (name === "token") return random.pick(pool.tokens);
  if (schema.format === "email" || name === "username") return random.chance(0.3) ? random.pick(pool.emails) : pool.freshEmail();
  if (schema.format === "password" || /password/i.test(name)) return random.pick(["Good-pass1!", "Sup3r-secret!", "weak"]);
  if (schema.format === "date") return "2031-05-17";
  if (schema.format === "date-time") return "2031-05-17T10:00:00.000Z";
  if (schema.format === "uri" || /url$/i.test(name)) return "https://example.test/page";
  if (typeof schema.pattern === "string" && schema.pattern.includes("[0-9]{6}")) return String(random.below(1_000_000)).padStart(6, "0");
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = Math.min(typeof schema.maxLength === "number" ? schema.maxLength : 40, 40);
  const words = ["fuzz", "bakery", "Ünïcode", "😀", "a_b%c", "'quoted'", "<b>", "  spaced  "];
  let text = "";
  while (text.length < min || (text.length < max && random.chance(0.6))) text += random.pick(words);
  return text.slice(0, Math.max(min, max));
}

/** A value the schema accepts most of the time: what a client that follows the contract would send. */
export function sampleValue(document: OpenApiDocument, declared: JsonSchema, name: string, pool: SamplePool, depth = 0): unknown {
  const { random } = pool;
  const schema = resolveSchema(document, declared, random);
  if (Array.isArray(schema.enum)) return random.pick(schema.enum);
  if ("const" in schema) return schema.const;
  if ("default" in schema && random.chance(0.2)) return schema.default;
  const types = [schema.type ?? (schema.properties ? "object" : "string")].flat() as string[];
  const type = types.length > 1 && random.chance(0.85) ? random.pick(types.filter((t) => t !== "null")) : random.pick(types);
  const minimum = typeof schema.minimum === "number" ? schema.minimum : 0;
  const maximum = typeof schema.maximum === "number" ? schema.maximum : minimum + 10;
  switch (type) {
    case "null":
      return null;
    case "boolean":
      return random.chance(0.5);
    case "integer":
      return minimum + random.below(Math.floor(maximum - minimum) + 1);
    case "number":
      return Math.round((minimum + random.next() * (maximum - minimum)) * 100) / 100;
    case "array": {
      if (depth > 6) return [];
      const count = Math.max(typeof schema.minItems === "number" ? schema.minItems : 0, random.below(3));
      return Array.from({ length: count }, () => sampleValue(document, (schema.items as JsonSchema) ?? {}, name, pool, depth + 1));
    }
    case "object":
      return sampleObject(document, schema, pool, depth);
    default:
      return sampleText(schema, name, pool);
  }
}

function sampleObject(document: OpenApiDocument, schema: JsonSchema, pool: SamplePool, depth: number): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  if (depth > 6) return object;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  for (const [key, property] of Object.entries((schema.properties as Record<string, JsonSchema>) ?? {})) {
    if (required.has(key) || pool.random.chance(0.5)) object[key] = sampleValue(document, property, key, pool, depth + 1);
  }
  const extra = schema.additionalProperties;
  if (extra && typeof extra === "object") {
    for (const key of ["question", "answer"]) object[key] = sampleValue(document, extra as JsonSchema, key, pool, depth + 1);
  }
  return object;
}
