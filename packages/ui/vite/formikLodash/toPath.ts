// lodash's property-path grammar: `a.b`, `a[0]`, `a["b.c"]` (quotes with backslash escapes), empty parts.
const pathPart = /[^.[\]]+|\[(?:(-?\d+(?:\.\d+)?)|(["'])((?:(?!\2)[^\\]|\\.)*?)\2)\]|(?=(?:\.|\[\])(?:\.|\[\]|$))/g;
const escapedCharacter = /\\(\\)?/g;

/**
 * lodash's `toPath` for formik's field names (getIn, setIn), without the memoizing cache and the Map
 * polyfill it brings along.
 */
export default function toPath(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((key) => (Object.is(key, -0) ? "-0" : String(key)));
  const text = value == null ? "" : String(value);
  const path = text.startsWith(".") ? [""] : [];
  for (const [match, index, quote, quoted] of text.matchAll(pathPart)) {
    path.push(quote ? (quoted ?? "").replace(escapedCharacter, "$1") : (index ?? match));
  }
  return path;
}
