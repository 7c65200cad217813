/** Text as HTML that shows it literally (every character HTML gives meaning to, as a numeric reference). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
