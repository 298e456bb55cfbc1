/** Small helpers for the words and markup every tool writes. */

/** "1 lesson", "3 lessons": a count with its noun, plural when the count is not one (`many` for irregular nouns). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * Text from outside (a folder or file name in a hand-in) made safe to print on a terminal: every
 * control character (an escape that moves the cursor, a carriage return) and every mark that turns
 * the direction of the text around (so that "Eve\u202Eeel nnA" would show as "EveAnn lee") becomes "?".
 */
export function printable(text: string): string {
  return text.replace(/[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu, '?');
}

/** Orders names by UTF-16 code units (JavaScript's `<`): the same on every machine, whatever its LANG. */
export function byCodeUnits(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** Escapes the characters that mean something in HTML (and XML): & < > and ". */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}
