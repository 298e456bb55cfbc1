/**
 * Answers at the sandbox's size caps cost the grader's side no more than small ones (issue 42): every
 * text a diff or a message shows is cut first (shownPart), and says how much was left out.
 */
import { describe, expect, test } from 'vitest';
import { shownPart, SHOWN_CHARS, SHOWN_LINES, withCutNote } from '../../scripts/lib/core/bounded-text.ts';
import { diffLines } from '../../scripts/lib/report/textdiff.ts';

/** A text cut as a report shows it: the part kept, and the note (in English here) when it was cut. */
const asShown = (text: string, lines?: number, chars?: number): string => withCutNote(shownPart(text, lines, chars));

describe('a cut text, as shown', () => {
  test('keeps a short text as it is', () => {
    expect(asShown('a\nb\n', 2)).toBe('a\nb\n');
    expect(asShown('abc', 2, 3)).toBe('abc');
  });

  test('cuts a text of many lines and says how many were left out', () => {
    expect(asShown('a\nb\nc', 2)).toBe('a\nb\n(… 1 more line)');
    expect(asShown('\n'.repeat(4_000_000))).toBe(`${'\n'.repeat(SHOWN_LINES)}(… 3,999,800 more lines)`);
  });

  test('cuts one long line and says how many characters were left out', () => {
    expect(asShown('x'.repeat(8_000_000))).toBe(`${'x'.repeat(SHOWN_CHARS)}\n(… 7,990,000 more characters)`);
  });
});

test('a diff against an answer of 4 million line ends takes a moment and shows what was cut', () => {
  // (CPU time, which another program on the machine hardly changes, unlike the clock.)
  const before = process.cpuUsage();
  const rows = diffLines(' 1 | 2 | 3\n 4 | 5 | 6\n', '\n'.repeat(4_000_000));
  const used = process.cpuUsage(before);
  expect((used.user + used.system) / 1000).toBeLessThan(2000);
  expect(rows.length).toBeLessThan(2 * SHOWN_LINES + 4);
  expect(rows.at(-1)?.text).toBe('(… 3,999,800 more lines)');
});
