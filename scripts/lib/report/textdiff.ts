/** Shows two texts line by line with spaces and line ends made visible, so "looks identical" failures explain themselves. */
import { ENGLISH_CUT_NOTE, shownPart, withCutNote, type ComparedCuts, type CutNote, type LeftOut } from '../core/bounded-text.ts';
import type { Translate } from '../i18n/messages.ts';

/** The marks used for invisible characters. */
export const SPACE_MARK = '·';
export const TAB_MARK = '→';
export const LINE_END_MARK = '⏎';
/** Put after the last line of a text that does not end with a line end, so a missing last ⏎ is seen, not guessed. */
export const NO_LINE_END_MARK = '∎';

/** A line with spaces shown as · and tabs as →. */
export function visibleLine(line: string): string {
  return line.replaceAll(' ', SPACE_MARK).replaceAll('\t', TAB_MARK).replaceAll('\r', '␍');
}

/** One line of a text: its characters, whether a line end follows, and whether the text stops after it without one. */
export interface TextLine {
  text: string;
  /** Whether this line ends with a line break in its text. */
  lineEnd: boolean;
  /** Whether the text stops right after this line without a line end (not set on the "(… more lines)" note of a cut text). */
  textEnd: boolean;
}

/** One row of a line diff: a line both texts share, or one only the expected/actual text has. */
export interface DiffRow extends TextLine {
  kind: 'same' | 'expected' | 'actual';
}

/**
 * Splits a text into lines, remembering which of them end with "\n" and which one ends the text
 * without a line end. `cut` says the text was cut (shownLines): its last line is then the
 * "(… more lines)" note, which ends nothing.
 */
function splitLines(text: string, cut = false): TextLine[] {
  const parts = text.split('\n');
  return parts
    .map((part, index) => {
      const last = index === parts.length - 1;
      return { text: part, lineEnd: !last, textEnd: last && !cut };
    })
    .filter((line, index) => !(index === parts.length - 1 && line.text === '' && parts.length > 1));
}

/** The last line of a cut text in a report's language: "(… 3 999 800 more lines)" in its words. */
export function cutNote(t: Translate): CutNote {
  return (left) => ('lines' in left ? t('cut.moreLines', { count: left.lines }) : t('cut.moreCharacters', { count: left.characters }));
}

/**
 * A text cut to what is shown (shownPart), split into its lines; a cut one ends with `note` saying how
 * much was left out. `left`: what an earlier cut left out of it, where the text is that cut's kept part.
 */
export function shownLines(text: string, note: CutNote = ENGLISH_CUT_NOTE, left?: LeftOut): TextLine[] {
  const part = shownPart(text);
  const leftOut = left ?? part.left;
  return splitLines(withCutNote({ kept: part.kept, ...(leftOut === undefined ? {} : { left: leftOut }) }, note), leftOut !== undefined);
}

/** A line as shown: spaces as ·, tabs as →, then ⏎ for its line end or ∎ where the text stops without one. */
export function drawLine(line: TextLine): string {
  return visibleLine(line.text) + endMark(line);
}

/** The mark after a line: ⏎ for a line end, ∎ for the end of a text that has no last line end, else nothing. */
function endMark(line: TextLine): string {
  return line.lineEnd ? LINE_END_MARK : line.textEnd ? NO_LINE_END_MARK : '';
}

/**
 * A line diff (longest common subsequence) between the expected and the actual text, each cut first
 * to what is shown (shownLines, with `note` as the last line of a cut one; `cut`: what earlier cuts
 * left out of them): the table it builds grows with the product of their lengths.
 */
export function diffLines(expected: string, actual: string, note: CutNote = ENGLISH_CUT_NOTE, cut: ComparedCuts = {}): DiffRow[] {
  const a = shownLines(expected, note, cut.expected);
  const b = shownLines(actual, note, cut.actual);
  const same = (i: number, j: number): boolean => a[i]?.text === b[j]?.text && a[i]?.lineEnd === b[j]?.lineEnd && a[i]?.textEnd === b[j]?.textEnd;
  // lengths[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      const row = lengths[i] as number[];
      row[j] = same(i, j) ? (lengths[i + 1] as number[])[j + 1]! + 1 : Math.max((lengths[i + 1] as number[])[j]!, row[j + 1]!);
    }
  }
  const rows: DiffRow[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && same(i, j)) {
      rows.push({ kind: 'same', ...a[i]! });
      i += 1;
      j += 1;
    } else if (j >= b.length || (i < a.length && (lengths[i + 1] as number[])[j]! >= (lengths[i] as number[])[j + 1]!)) {
      rows.push({ kind: 'expected', ...a[i]! });
      i += 1;
    } else {
      rows.push({ kind: 'actual', ...b[j]! });
      j += 1;
    }
  }
  return rows;
}

/** What stands at one place of a line: a character, the line's end, or the end of its text. */
export type PlaceHolds = { kind: 'character'; character: string } | { kind: 'line-end' } | { kind: 'text-end' };

/** Where two lines first differ: the text before that place (the same in both) and what each holds there. */
export interface LineDifference {
  before: string;
  expected: PlaceHolds;
  actual: PlaceHolds;
}

/** Where two lines first differ, or undefined when they do not, or when either is a cut text's "(… more lines)" note. */
export function firstDifference(expected: TextLine, actual: TextLine): LineDifference | undefined {
  const isNote = (line: TextLine): boolean => !line.lineEnd && !line.textEnd;
  if (isNote(expected) || isNote(actual)) return undefined;
  const a = [...expected.text];
  const b = [...actual.text];
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index += 1;
  const holds = (characters: string[], line: TextLine): PlaceHolds => {
    const character = characters[index];
    if (character !== undefined) return { kind: 'character', character };
    return line.lineEnd ? { kind: 'line-end' } : { kind: 'text-end' };
  };
  const [there, here] = [holds(a, expected), holds(b, actual)];
  if (JSON.stringify(there) === JSON.stringify(here)) return undefined;
  return { before: a.slice(0, index).join(''), expected: there, actual: here };
}

/**
 * Where a diff's first change differs, and the row (the actual one) to point at it under, when that
 * change replaces one line by one line: an expected row, then an actual row, and no other actual row
 * after them. Otherwise undefined: a change of several lines has no one place to point at.
 */
export function firstChangedPlace(rows: ReadonlyArray<DiffRow | 'gap'>): { row: number; difference: LineDifference } | undefined {
  const first = rows.findIndex((row) => row !== 'gap' && row.kind !== 'same');
  const [removed, added, after] = [rows[first], rows[first + 1], rows[first + 2]];
  if (removed === undefined || removed === 'gap' || removed.kind !== 'expected') return undefined;
  if (added === undefined || added === 'gap' || added.kind !== 'actual') return undefined;
  if (after !== undefined && after !== 'gap' && after.kind === 'actual') return undefined;
  const difference = firstDifference(removed, added);
  return difference && { row: first + 1, difference };
}

/** How a diff row is drawn: its sign and its visible text (with ⏎ where the line ends, ∎ where the text stops without one). */
export function formatRow(row: DiffRow): string {
  const sign = row.kind === 'same' ? ' ' : row.kind === 'expected' ? '-' : '+';
  return `${sign} ${drawLine(row)}`;
}

/**
 * Keeps the rows that matter: every changed row with `context` unchanged rows around it;
 * longer unchanged stretches become one "…" row. At most `limit` rows are kept.
 */
export function focusRows(rows: DiffRow[], context = 3, limit = 40): Array<DiffRow | 'gap'> {
  const near = rows.map((_, index) => rows.slice(Math.max(0, index - context), index + context + 1).some((row) => row.kind !== 'same'));
  const kept: Array<DiffRow | 'gap'> = [];
  rows.forEach((row, index) => {
    if (near[index]) kept.push(row);
    else if (kept.at(-1) !== 'gap') kept.push('gap');
  });
  return kept.length > limit ? [...kept.slice(0, limit), 'gap'] : kept;
}
