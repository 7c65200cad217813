/**
 * The configuration name the onboarding wizard derives from the website's domain (spec 01 §4):
 * lowercased, spaces to dashes, then only a-z, 0-9, dot and dash kept.
 */

export function configurationNameFromDomain(domain: string): string {
  return domain
    .toLowerCase()
    .replace(/ /g, "-")
    .replace(/[^a-z0-9.-]/g, "");
}

/**
 * The same name from a website address as typed in the wizard ("https://www.Bakery.nl/shop" →
 * "www.bakery.nl"); a value that is not an address is treated as a domain.
 */
export function configurationNameFromUrl(address: string): string {
  const trimmed = address.trim();
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
    if (url.hostname !== "") return configurationNameFromDomain(url.hostname);
  } catch {
    // not an address: fall through and use the text as a domain
  }
  return configurationNameFromDomain(trimmed);
}
