/** Cutting a text to what a person can read, before anything is built from it (a diff, a message). */

/** The most lines, and characters, of a text a diff or a message shows (see shownPart). */
export const SHOWN_LINES = 200;
export const SHOWN_CHARS = 10_000;

/** How much of a cut text was left out: whole lines, or (when the text was cut inside its last line) characters. */
export type LeftOut = { lines: number } | { characters: number };

/** The last line of a cut text, which says how much was left out. */
export type CutNote = (left: LeftOut) => string;

/** The note in English: "(… 3,999,990 more lines)". */
export const ENGLISH_CUT_NOTE: CutNote = (left) =>
  'lines' in left
    ? `(… ${left.lines.toLocaleString('en')} more line${left.lines === 1 ? '' : 's'})`
    : `(… ${left.characters.toLocaleString('en')} more characters)`;

/** How much was cut from each of the two texts a test compared (a side that was not cut is absent). */
export interface ComparedCuts {
  expected?: LeftOut;
  actual?: LeftOut;
}

/** A text cut to what is shown: the part kept, and how much was left out (nothing when it was not cut). */
export interface ShownPart {
  kept: string;
  left?: LeftOut;
}

/**
 * A text cut to what a person can read (SHOWN_LINES lines, SHOWN_CHARS characters): the part kept,
 * and how much was left out as data. Everything that shows an answer cuts it first, before it builds
 * anything from it: an answer at the grader's size cap (8 MB of line ends, say) would otherwise cost
 * minutes and gigabytes to diff. Where the answer was cut (in the test, in the grader's child), how
 * much it left out travels beside the kept part, and the note saying so is made where a person
 * reads it (withCutNote), in their language.
 */
export function shownPart(text: string, lines = SHOWN_LINES, chars = SHOWN_CHARS): ShownPart {
  if (text.length <= chars && !hasMoreLines(text, lines)) return { kept: text };
  let end = 0;
  for (let line = 0; line < lines; line += 1) {
    const next = text.indexOf('\n', end);
    if (next === -1 || next >= chars) {
      end = Math.min(text.length, chars);
      break;
    }
    end = next + 1;
  }
  const kept = text.slice(0, end);
  const linesLeft = countLines(text, end) - (kept.endsWith('\n') || kept === '' ? 0 : 1);
  return { kept, left: linesLeft > 0 ? { lines: linesLeft } : { characters: text.length - end } };
}

/** A shown part as one text: what was kept, and for a cut one the note (in `note`'s words) on a line of its own. */
export function withCutNote(part: ShownPart, note: CutNote = ENGLISH_CUT_NOTE): string {
  if (part.left === undefined) return part.kept;
  return `${part.kept}${part.kept.endsWith('\n') || part.kept === '' ? '' : '\n'}${note(part.left)}`;
}

/** True when `text` has more than `lines` lines (stops counting there). */
function hasMoreLines(text: string, lines: number): boolean {
  let at = -1;
  for (let count = 0; count < lines; count += 1) {
    at = text.indexOf('\n', at + 1);
    if (at === -1) return false;
  }
  return at < text.length - 1;
}

/** How many lines `text` has from `start` on (a last line without a line end counts). */
function countLines(text: string, start: number): number {
  let count = 0;
  let at = start - 1;
  for (;;) {
    at = text.indexOf('\n', at + 1);
    if (at === -1) break;
    count += 1;
  }
  return count + (text.length > start && !text.endsWith('\n') ? 1 : 0);
}

/** A LeftOut from data that crossed a process boundary: a whole, positive count of lines or of characters; else undefined. */
export function asLeftOut(value: unknown): LeftOut | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { lines, characters } = value as { lines?: unknown; characters?: unknown };
  const count = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
  if (count(lines) && characters === undefined) return { lines };
  if (count(characters) && lines === undefined) return { characters };
  return undefined;
}
