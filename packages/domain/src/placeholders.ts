/** A catalogue text with its `{name}` placeholders filled; a placeholder without a value stays as written. */
export function fillPlaceholders(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}
