/** Flattens nested locale objects to dotted key paths, e.g. `auth.login.title`. */
export function flattenKeys(messages: unknown, prefix = ""): string[] {
  if (messages === null || typeof messages !== "object" || Array.isArray(messages)) return prefix ? [prefix] : [];
  return Object.entries(messages as Record<string, unknown>).flatMap(([key, value]) =>
    flattenKeys(value, prefix ? `${prefix}.${key}` : key),
  );
}

export interface LocaleKeyReport {
  missing: string[];
  extra: string[];
  empty: string[];
}

/** Compares a translation with the English source: keys it lacks, keys English does not have, empty texts. */
export function compareLocale(source: unknown, translation: unknown): LocaleKeyReport {
  const sourceKeys = new Set(flattenKeys(source));
  const translationKeys = new Set(flattenKeys(translation));
  const empty = [...translationKeys].filter((key) => {
    const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], translation);
    return typeof value !== "string" || value.trim() === "";
  });
  return {
    missing: [...sourceKeys].filter((key) => !translationKeys.has(key)),
    extra: [...translationKeys].filter((key) => !sourceKeys.has(key)),
    empty,
  };
}
