import { types, type PGlite } from "@electric-sql/pglite";

/**
 * Runs a query on PGlite as a named prepared statement in ONE call into the WASM Postgres.
 *
 * `PGlite.query()` sends parse, describe, bind, describe, execute and sync as six separate calls and
 * Postgres parses and plans the text every time; that was most of an authenticated configuration
 * read on the embedded database. Here the statement is parsed once (named `parley_N`) and each call
 * sends bind + describe + execute + sync together.
 *
 * Only scalar parameters (string, number, bigint, boolean, Date, null) take this path; anything that
 * needs a type-specific serializer (arrays, JSON objects, bytes), and any text that once failed,
 * returns `undefined` so the caller uses `PGlite.query()`, which also gives the canonical errors.
 */
const encoder = new TextEncoder();
const maxNamedStatements = 500;

interface Bytes {
  parts: Uint8Array[];
  length: number;
}

function int16(value: number): Uint8Array {
  const bytes = new Uint8Array(2);
  new DataView(bytes.buffer).setInt16(0, value);
  return bytes;
}

function int32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setInt32(0, value);
  return bytes;
}

function cstring(text: string): Uint8Array {
  const encoded = encoder.encode(text);
  const bytes = new Uint8Array(encoded.length + 1);
  bytes.set(encoded);
  return bytes;
}

function frontendMessage(out: Bytes, type: string, body: Uint8Array[]): void {
  const bodyLength = body.reduce((sum, part) => sum + part.length, 0);
  out.parts.push(encoder.encode(type), int32(bodyLength + 4), ...body);
  out.length += 1 + 4 + bodyLength;
}

function concat(out: Bytes): Uint8Array {
  const buffer = new Uint8Array(out.length);
  let offset = 0;
  for (const part of out.parts) {
    buffer.set(part, offset);
    offset += part.length;
  }
  return buffer;
}

function textParameter(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString();
  return undefined;
}

interface RowField {
  name: string;
  dataTypeID: number;
}

export function createStatementRunner(pg: PGlite) {
  const names = new Map<string, string>();
  const prepared = new Set<string>();
  const unsupported = new Set<string>();

  async function run<T>(sql: string, params: readonly unknown[]): Promise<T[] | undefined> {
    if (unsupported.has(sql)) return undefined;
    const values: (string | null)[] = [];
    for (const param of params) {
      const text = textParameter(param);
      if (text === undefined) return undefined;
      values.push(text);
    }
    let name = names.get(sql);
    if (!name) {
      if (names.size >= maxNamedStatements) return undefined;
      name = `parley_${names.size + 1}`;
      names.set(sql, name);
    }

    const out: Bytes = { parts: [], length: 0 };
    const parseNow = !prepared.has(sql);
    if (parseNow) frontendMessage(out, "P", [cstring(name), cstring(sql), int16(0)]);
    const bind: Uint8Array[] = [cstring(""), cstring(name), int16(0), int16(values.length)];
    for (const value of values) {
      if (value === null) bind.push(int32(-1));
      else {
        const encoded = encoder.encode(value);
        bind.push(int32(encoded.length), encoded);
      }
    }
    bind.push(int16(0));
    frontendMessage(out, "B", bind);
    frontendMessage(out, "D", [encoder.encode("P"), cstring("")]);
    frontendMessage(out, "E", [cstring(""), int32(0)]);
    frontendMessage(out, "S", []);
    const message = concat(out);

    let messages;
    try {
      // The same locks PGlite.query() takes, so this never runs inside someone else's transaction.
      messages = await pg._runExclusiveTransaction(() =>
        pg._runExclusiveQuery(async () => {
          const result = await pg.execProtocol(message, { syncToFs: false });
          await pg.syncToFs();
          return result.messages;
        }),
      );
    } catch {
      // Whether the statement exists now is unknown; PGlite.query() reports the error properly.
      unsupported.add(sql);
      return undefined;
    }
    if (parseNow) prepared.add(sql);

    let fields: RowField[] = [];
    const rows: T[] = [];
    for (const message of messages) {
      if (message.name === "rowDescription") {
        fields = (message as unknown as { fields: RowField[] }).fields;
      } else if (message.name === "dataRow") {
        const cells = (message as unknown as { fields: (string | null)[] }).fields;
        const row: Record<string, unknown> = {};
        for (let index = 0; index < fields.length; index++) {
          const field = fields[index]!;
          const cell = cells[index] ?? null;
          row[field.name] = cell === null ? null : types.parseType(cell, field.dataTypeID, pg.parsers);
        }
        rows.push(row as T);
      }
    }
    return rows;
  }

  return { run };
}
