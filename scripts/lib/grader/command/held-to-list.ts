/**
 * Holding a lesson's outcomes to the list of tests its suites define (for class grading: the list the
 * reference solutions' run collected), so a hand-in can neither add tests nor lose them.
 */
import type { LessonRun, TestOutcome } from '../../core/results.ts';

/** A collected test: what a suite defines. */
export interface DefinedTest {
  name: string;
  task: number;
  hidden: boolean;
}

/**
 * Holds a lesson's outcomes to the list of tests its suites define: a test counts as passed only if
 * it is on the list, ran exactly once and passed. A test on the list without exactly one outcome, or
 * one that was skipped, counts as failed; outcomes of tests not on the list are dropped. Each of
 * these is noted for the teacher (they mean the grading went wrong, not the student's code).
 */
export function holdToList(run: LessonRun, list: DefinedTest[]): void {
  if (list.length === 0) return;
  const key = (test: { name: string; hidden: boolean }): string => `${test.hidden ? 'hidden' : 'visible'}\u0000${test.name}`;
  const byKey = new Map<string, TestOutcome[]>();
  for (const outcome of run.tests) byKey.set(key(outcome), [...(byKey.get(key(outcome)) ?? []), outcome]);
  const anomalies: string[] = [];
  const held = list.map((test): TestOutcome => {
    const outcomes = byKey.get(key(test)) ?? [];
    const [only] = outcomes;
    if (outcomes.length === 1 && only !== undefined && only.status !== 'skipped') return only;
    if (run.problem === undefined)
      anomalies.push(`${describeTest(test)} ${outcomes.length === 0 ? 'did not run' : outcomes.length > 1 ? `ran ${outcomes.length} times` : 'was skipped'}`);
    return {
      ...test,
      status: 'failed',
      // Where the lesson stopped (its file did not load, or grading broke), that is why: the lesson's problem says it.
      failure: {
        kind: 'not-run',
        name: 'Error',
        message: 'This test did not run exactly once, so it counts as failed.',
        ...(run.problem === undefined ? {} : { lessonStopped: true as const }),
      },
      durationMs: 0,
    };
  });
  const known = new Set(list.map(key));
  for (const outcome of run.tests) if (!known.has(key(outcome))) anomalies.push(`${describeTest(outcome)} is not one of the suites' tests: ignored`);
  run.tests = held;
  if (anomalies.length > 0) run.anomalies = anomalies;
}

function describeTest(test: { name: string; hidden: boolean }): string {
  return test.hidden ? 'a hidden test' : `the test "${test.name}"`;
}
