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
  return text.replace(INVISIBLE, (character) => (WRITTEN_WITH.has(character) ? character : '?'));
}

/** Control characters and characters that show nothing (marks that turn text around, zero-width spaces, tags…). */
const INVISIBLE = /[\p{Cc}\p{Default_Ignorable_Code_Point}]/gu;

/** Invisible characters that scripts need to write names: the zero-width joiner and non-joiner (Persian, Indian scripts), emoji's variation selectors. */
const WRITTEN_WITH = new Set(['\u200C', '\u200D', '\uFE0E', '\uFE0F']);

/**
 * Text a hand-in controls (what its code returned, printed or threw) made safe to show on a terminal
 * or in a file a person opens, keeping its line ends and tabs: every other control character shows
 * as its picture (an escape as ␛, a bell as ␇, a carriage return as ␍), one of the 8-bit range
 * (U+0080–U+009F, which some terminals read as an escape) or an invisible one as `<U+009B>`.
 */
export function visible(text: string): string {
  return text.replace(SHOWN_AS_PICTURE, picture);
}

/** Control and invisible characters, except the line end and the tab, which the reports show themselves. */
const SHOWN_AS_PICTURE = /(?![\n\t])[\p{Cc}\p{Default_Ignorable_Code_Point}]/gu;

/** ␀…␟ for the C0 controls, ␡ for delete, `<U+XXXX>` for the rest (8-bit controls, marks that turn text around). */
function picture(character: string): string {
  if (WRITTEN_WITH.has(character)) return character;
  const code = character.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/**
 * A name as someone reading it, or a file system that ignores case and Unicode form (macOS, Windows),
 * tells it apart: "José" written with a combining accent, "JOSÉ" and "josé" are all "josé", and so
 * are "ß" and "SS", "ς" and "σ" (upper case and back folds what lower case alone keeps apart); what
 * shows nothing (a zero-width joiner, a tag character) is left out, and runs of spaces count as one.
 */
export function lookAlike(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC');
}

/** `name`, or else the first of "name (2)", "name (3)"… that is not `taken`. */
export function numbered(name: string, taken: (candidate: string) => boolean): string {
  let candidate = name;
  for (let count = 2; taken(candidate); count += 1) candidate = `${name} (${count})`;
  return candidate;
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

/**
 * How many columns a terminal gives `text`: characters of East Asian Width W or F (王, ｆ, most
 * emoji) take two, combining marks and characters that show nothing take none, the rest one. For
 * lining up tables of names; control characters are expected to be made `printable()` first.
 */
export function displayWidth(text: string): number {
  let width = 0;
  for (const character of text) width += columnsOf(character);
  return width;
}

/** `text` with spaces after it up to `width` columns (as `padEnd`, counted in columns). */
export function padEndColumns(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

/** `text` with spaces before it up to `width` columns (as `padStart`, counted in columns). */
export function padStartColumns(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - displayWidth(text))) + text;
}

/** Combining marks and what shows nothing: no column of their own. */
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Default_Ignorable_Code_Point}]$/u;

/** Emoji shown as pictures unless asked otherwise: two columns, like East Asian Width W. */
const EMOJI = /^\p{Emoji_Presentation}$/u;

/** The ranges of East Asian Width W and F outside the emoji (Unicode 15: Hangul, CJK, kana, full-width forms…). */
const WIDE: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x2329, 0x232a],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x16fe0, 0x16fe4],
  [0x17000, 0x18cff],
  [0x1b000, 0x1b2ff],
  [0x1f200, 0x1f2ff],
  [0x20000, 0x2fffd],
  [0x30000, 0x3fffd],
];

/** The columns one character takes. */
function columnsOf(character: string): number {
  if (ZERO_WIDTH.test(character)) return 0;
  if (EMOJI.test(character)) return 2;
  const code = character.codePointAt(0) ?? 0;
  return WIDE.some(([first, last]) => code >= first && code <= last) ? 2 : 1;
}
