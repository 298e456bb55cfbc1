/** Shows two texts line by line with spaces and line ends made visible, so "looks identical" failures explain themselves. */

/** The marks used for invisible characters. */
export const SPACE_MARK = '·';
export const TAB_MARK = '→';
export const LINE_END_MARK = '⏎';

/** A line with spaces shown as · and tabs as →. */
export function visibleLine(line: string): string {
  return line.replaceAll(' ', SPACE_MARK).replaceAll('\t', TAB_MARK).replaceAll('\r', '␍');
}

/** One row of a line diff: a line both texts share, or one only the expected/actual text has. */
export interface DiffRow {
  kind: 'same' | 'expected' | 'actual';
  text: string;
  /** Whether this line ends with a line break in its text (the last line usually does not). */
  lineEnd: boolean;
}

/** Splits a text into lines, remembering which of them end with "\n". */
function splitLines(text: string): Array<{ text: string; lineEnd: boolean }> {
  const parts = text.split('\n');
  return parts
    .map((part, index) => ({ text: part, lineEnd: index < parts.length - 1 }))
    .filter((line, index) => !(index === parts.length - 1 && line.text === '' && parts.length > 1));
}

/** A line diff (longest common subsequence) between the expected and the actual text. */
export function diffLines(expected: string, actual: string): DiffRow[] {
  const a = splitLines(expected);
  const b = splitLines(actual);
  const same = (i: number, j: number): boolean => a[i]?.text === b[j]?.text && a[i]?.lineEnd === b[j]?.lineEnd;
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

/** How a diff row is drawn: its sign and its visible text (with ⏎ where the line ends). */
export function formatRow(row: DiffRow): string {
  const sign = row.kind === 'same' ? ' ' : row.kind === 'expected' ? '-' : '+';
  return `${sign} ${visibleLine(row.text)}${row.lineEnd ? LINE_END_MARK : ''}`;
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
