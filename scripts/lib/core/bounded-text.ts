/** Cutting a text to what a person can read, before anything is built from it (a diff, a message). */

/** The most lines, and characters, of a text a diff or a message shows (see boundText). */
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

/** The English note as a pattern: how many lines or characters it says were left out. */
const ENGLISH_NOTE_LINE = /\(… ([\d,]+) more (lines?|characters)\)$/;

/**
 * A text boundText already cut (where the answer was made: the grader's child cuts what it sends on):
 * what it kept, up to the English note, and how much the note says was left out; undefined for any
 * other text, one that merely ends with such a line included (what was kept fills `lines` or `chars`).
 */
function alreadyCut(text: string, lines: number, chars: number): { kept: string; left: LeftOut } | undefined {
  const match = ENGLISH_NOTE_LINE.exec(text);
  if (match === null || (match.index > 0 && text[match.index - 1] !== '\n')) return undefined;
  const kept = text.slice(0, match.index);
  const keptLines = countLines(kept, 0);
  const filled = keptLines === lines || kept.length === chars || kept.length === chars + 1;
  if (!filled || keptLines > lines || kept.length > chars + 1) return undefined;
  const count = Number((match[1] as string).replaceAll(',', ''));
  return { kept, left: match[2] === 'characters' ? { characters: count } : { lines: count } };
}

/**
 * A text cut to what a person can read (SHOWN_LINES lines, SHOWN_CHARS characters), with its last line
 * saying how much was left out (`note`, "(… 3,999,990 more lines)" by default); a shorter text as it
 * is. Everything that shows an answer cuts it first, before it builds anything from it: an answer at
 * the grader's size cap (8 MB of line ends, say) would otherwise cost minutes and gigabytes to diff.
 * A text cut already keeps what it kept, and its note says the same in `note`'s words: cutting twice
 * (in the test, in the grader's child, in the report) still tells how much the answer had.
 */
export function boundText(text: string, lines = SHOWN_LINES, chars = SHOWN_CHARS, note: CutNote = ENGLISH_CUT_NOTE): string {
  return cutText(text, lines, chars, note).text;
}

/** A text as boundText cuts it, and whether it is cut (its last line is then the note, which ends nothing). */
export function cutText(text: string, lines = SHOWN_LINES, chars = SHOWN_CHARS, note: CutNote = ENGLISH_CUT_NOTE): { text: string; cut: boolean } {
  const cut = alreadyCut(text, lines, chars);
  if (cut !== undefined) return { text: `${cut.kept}${note(cut.left)}`, cut: true };
  if (text.length <= chars && !hasMoreLines(text, lines)) return { text, cut: false };
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
  const left: LeftOut = linesLeft > 0 ? { lines: linesLeft } : { characters: text.length - end };
  return { text: `${kept}${kept.endsWith('\n') || kept === '' ? '' : '\n'}${note(left)}`, cut: true };
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
