/**
 * Property-based checks for the hidden suites (fast-check). Every run draws its inputs from one seed:
 * the grader draws it, puts it in the run's grading plan and keeps it in the gradebook, so a teacher can
 * replay a student's run exactly with `npm run grade -- ... --seed N`. Without one (a check, or a plain
 * vitest run) a seed is drawn here, so every run tries new inputs on the reference.
 *
 * A property that fails is shrunk to a small counterexample; fast-check's message (seed, counterexample)
 * reaches the teacher's view only: a student's feedback says that a hidden test of the task failed.
 */
import fc from 'fast-check';
import { inject } from 'vitest';
import { planAt } from '../../scripts/lib/grader/contracts/plan.ts';

/** The seed of the grader's plan, or one drawn for this run. */
export const runSeed: number = seedFrom(planAt(inject('workbookPlan'))?.seed);

/** How many generated cases each property tries, unless it says otherwise. */
export const DEFAULT_RUNS = 100;

// includeErrorInReport: the assertion that failed goes in fast-check's message after the counterexample,
// so the teacher's gradebook shows both (scripts/lib/core/results.ts failureDetail keeps them, without the stack).
fc.configureGlobal({ seed: runSeed, numRuns: DEFAULT_RUNS, includeErrorInReport: true });

/**
 * How many times fast-check may shrink a failing case (wrap the property's input in fc.limitShrink).
 * Every try crosses into the graded code again, so a few tries keep a failing hand-in cheap to grade,
 * the same on every run (a time limit would not). `batch`: a list of inputs checked in one crossing;
 * `game`: a whole game or a list of moves; `call`: one input.
 */
export const SHRINKS = { batch: 10, game: 30, call: 20 };

/** The seed given, as fast-check takes it, or one drawn when there is none. */
function seedFrom(seed: number | undefined): number {
  if (seed !== undefined && Number.isInteger(seed)) return seed | 0;
  return (Math.random() * 2 ** 31) | 0;
}

export { fc };
