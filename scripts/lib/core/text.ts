/** Small helpers for the words and markup every tool writes. */

/** "1 lesson", "3 lessons": a count with its noun, plural when the count is not one (`many` for irregular nouns). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * Text from outside (a folder or file name in a hand-in) made safe to print on a terminal: every
 * control character (an escape that moves the cursor, a carriage return) becomes "?".
 */
export function printable(text: string): string {
  return text.replace(/\p{Cc}/gu, '?');
}

/** Escapes the characters that mean something in HTML (and XML): & < > and ". */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}
