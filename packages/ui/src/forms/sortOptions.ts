/**
 * Choices a person picks by name (customers, configurations), in the order of the interface's language:
 * case and accents aside ("Édith" with the E's), numbers by their value ("bakery 2" before "Bakery 10").
 */
export function sortByName<Item>(items: readonly Item[], language: string, nameOf: (item: Item) => string): Item[] {
  const collator = new Intl.Collator(language, { numeric: true, sensitivity: "base" });
  return [...items].sort((a, b) => collator.compare(nameOf(a), nameOf(b)));
}

/** Select options sorted by their labels (see `sortByName`). */
export function sortOptionsByLabel<Option extends { label: string }>(options: readonly Option[], language: string): Option[] {
  return sortByName(options, language, (option) => option.label);
}
