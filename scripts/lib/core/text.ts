/** Small helpers for the words and markup every tool writes. */

/** "1 lesson", "3 lessons": a count with its noun, plural when the count is not one (`many` for irregular nouns). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * Text from outside (a folder or file name in a hand-in) made safe to print on a terminal: every
 * control character (an escape that moves the cursor, a carriage return) and every invisible one (a
 * mark that turns the text around, so that "Eve\u202Eeel nnA" would show as "EveAnn lee", or a
 * zero-width space that makes a name look like a classmate's) becomes "?".
 */
export function printable(text: string): string {
  return text.replace(INVISIBLE, '?');
}

/**
 * Control characters, marks that turn text around, and characters that show nothing (zero-width space,
 * word joiners, soft hyphen, byte order mark); not the zero-width joiner and non-joiner, which Persian
 * and Indian scripts need to write names.
 */
const INVISIBLE = /[\p{Cc}\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;

/**
 * A name as someone reading it, or a file system that ignores case and Unicode form (macOS, Windows),
 * tells it apart: "José" written with a combining accent, "JOSÉ" and "josé" are all "josé", and so
 * are "ß" and "SS", "ς" and "σ" (upper case and back folds what lower case alone keeps apart).
 */
export function lookAlike(name: string): string {
  return name.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
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
