/**
 * Choices a person picks by name (customers, configurations), in the order of the interface's language:
 * case and accents aside ("Édith" with the E's), numbers by their value ("bakery 2" before "Bakery 10").
 */
export function sortOptionsByLabel<Option extends { label: string }>(options: readonly Option[], language: string): Option[] {
  const collator = new Intl.Collator(language, { numeric: true, sensitivity: "base" });
  return [...options].sort((a, b) => collator.compare(a.label, b.label));
}
