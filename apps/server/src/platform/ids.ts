const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else cannot name a row, so it is simply not found. */
export function isId(value: unknown): value is string {
  return typeof value === "string" && uuidPattern.test(value);
}
