// `npm run watch`: a verdict after every save. Its worker threads outlive a run
// (scripts/lib/grader/child/kept-threads.ts), so every verdict must still come from the file as just saved:
// broken, fixed, stuck in a loop, fixed, changing a built-in and a global, fixed, in one watch session.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { ROOT } from '../../scripts/lib/core/workbook.ts';
import { scratchWorkbook } from '../../scripts/lib/teacher/bench.ts';
import { startWatch } from './watch-session.ts';

const scratch = scratchWorkbook(ROOT);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('every save gets the verdict of the file as saved, run after run', async () => {
  const file = join(scratch, 'lessons/01-board/board.ts');
  const solved = readFileSync(join(scratch, 'solutions/01-board/board.ts'), 'utf8');
  writeFileSync(file, solved);
  const watch = startWatch(scratch, '01');
  /** The verdict that follows saving `text` (the first one when `text` is undefined). */
  const verdictAfter = async (text?: string): Promise<string> => {
    const seen = watch.reports().length;
    if (text !== undefined) writeFileSync(file, text);
    for (let waited = 0; watch.reports().length <= seen; waited += 20) {
      if (waited > 60_000) throw new Error(`no verdict within a minute; watch said:\n${watch.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return watch.reports()[seen] as string;
  };
  const score = (verdict: string): string | undefined => /Board display\s+\S+\s+(\d+\/100)/.exec(verdict)?.[1];
  try {
    expect(score(await verdictAfter())).toBe('100/100');
    const empty = solved.replace('  return Array.from', '  return undefined as never;\n  return Array.from');
    const stuck = solved.replace('  return Array.from', '  while (Date.now() > 0) {}\n  return Array.from');
    expect(empty).not.toBe(solved);
    expect(stuck).not.toBe(solved);
    const broken = await verdictAfter(empty);
    expect(score(broken)).toBe('90/100');
    expect(broken).toContain('createBoard returns nine cells');
    expect(score(await verdictAfter(`${solved}// saved again\n`))).toBe('100/100');
    expect(score(await verdictAfter(solved))).toBe('100/100');
    const looping = await verdictAfter(stuck);
    expect(score(looping)).toBe('90/100');
    expect(score(await verdictAfter(solved))).toBe('100/100');
    // What one save's code changed in the sandbox's process (a built-in, a global) is gone at the next save.
    const patched = `(Array as unknown as { from: unknown }).from = () => [];\n(globalThis as Record<string, unknown>).leftOver = 1;\n${solved}`;
    expect(score(await verdictAfter(patched))).not.toBe('100/100');
    const leaning = solved.replace('  return Array.from', '  if (!("leftOver" in globalThis)) return [] as never;\n  return Array.from');
    expect(score(await verdictAfter(leaning))).toBe('90/100');
    expect(score(await verdictAfter(solved))).toBe('100/100');
    expect(score(await verdictAfter(empty))).toBe('90/100');
  } finally {
    watch.stop();
  }
});
