/**
 * When the test runner goes silent (issue 42), the grader names the hand-in it was grading and grades
 * the classmates it had not reached in a new runner: no hand-in fails a classmate or makes the grader
 * report itself broken. The time budgets keep a runner from going silent for long, so this test makes
 * it happen with a call limit of two minutes, an endless loop, and a watchdog of 15 s.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { crashMessage } from '../../scripts/lib/report/report.ts';
import { runTargets } from '../../scripts/lib/grader/command/runner.ts';
import { listLessons, ROOT } from '../../scripts/lib/core/workbook.ts';
import { replaceBlock } from './hostile/attacks.ts';

const scratch = mkdtempSync(join(tmpdir(), 'workbook-watchdog-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the reference solutions as a hand-in's lessons/ folder. */
function handIn(name: string): string {
  const lessons = join(scratch, name, 'lessons');
  cpSync(join(ROOT, 'solutions'), lessons, { recursive: true });
  return lessons;
}

test('a silent runner is stopped, the lesson it graded names its hand-in, and the classmate after it is graded in full', async () => {
  const looping = handIn('looping');
  const win = join(looping, '03-win/win.ts');
  writeFileSync(win, replaceBlock(readFileSync(win, 'utf8'), 'isFull', '    for (;;) {\n      // never ends\n    }'));
  const honest = handIn('honest');
  const lessons = listLessons(ROOT).filter((lesson) => lesson.id === '03-win');
  // The looping student and the honest one share a test file (the reference has its own): the honest
  // student's lesson comes after the loop, in the runner that goes silent.
  const [loopRuns, honestRuns, referenceRuns] = await runTargets({
    targets: [looping, honest, join(ROOT, 'solutions')],
    names: ['Looping \u001b[2JStudent', 'Honest Student', 'the reference solutions'],
    lessons,
    hidden: true,
    seed: 1,
    limitMs: 120_000,
    quietMs: 15_000,
    referenceIndex: 2,
  });
  const problem = loopRuns?.[0]?.problem;
  expect(problem?.kind).toBe('crash');
  expect(problem?.kind === 'crash' && problem.cause).toBe('runner-stalled');
  expect(problem?.kind === 'crash' && problem.cause === 'runner-stalled' && problem.end).toEqual({ kind: 'silent', silentMs: 15_000 });
  expect(problem?.kind === 'crash' ? crashMessage(problem) : '').toMatch(
    /^The test runner said nothing for 15 s and was stopped while it graded lesson 03-win of Looping \?\[2JStudent/,
  );
  for (const run of [honestRuns?.[0], referenceRuns?.[0]]) {
    expect(run?.problem).toBeUndefined();
    expect(run?.tests.filter((outcome) => outcome.status === 'passed').length).toBe(run?.tests.length);
    expect(run?.tests.length).toBeGreaterThan(0);
  }
});
