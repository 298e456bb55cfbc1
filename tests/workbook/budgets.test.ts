/**
 * The time budgets of a session (scripts/lib/grader/worker/budgets.ts), on a clock the test sets: a
 * test's budget, a lesson's across its parts, the time a stopped call is excused, the limit that falls
 * after stops, and the batch whose later calls get the usual limit back.
 */
import { describe, expect, test } from 'vitest';
import { Budgets, budgetsFor, LESSON_BUDGET_MS, SHORTENED_BATCH_CALLS, TEST_BUDGET_MS, type BudgetClock } from '../../scripts/lib/grader/worker/budgets.ts';

/** A clock that stands where the test puts it, used as both the steady clock and the wall clock. */
class SetClock implements BudgetClock {
  at = 0;
  now(): number {
    return this.at;
  }
  reached(at: number): boolean {
    return this.at >= at;
  }
  leftUntil(at: number): number {
    return at - this.at;
  }
}

const LIMIT_MS = 3000;

function budgets(limitMs = LIMIT_MS): { clock: SetClock; budgets: Budgets } {
  const clock = new SetClock();
  return { clock, budgets: new Budgets(limitMs, clock, () => clock.at) };
}

/** Counts `stops` stops of the code in the lesson that runs now. */
function stop(subject: Budgets, stops: number): void {
  for (let stop = 0; stop < stops; stop += 1) subject.countStop();
}

describe('the budgets of a test and a lesson', () => {
  test('are 8 s and 12 s, and never less than two and four calls of the limit', () => {
    expect(budgetsFor(3000)).toEqual({ testMs: TEST_BUDGET_MS, lessonMs: LESSON_BUDGET_MS });
    expect([TEST_BUDGET_MS, LESSON_BUDGET_MS]).toEqual([8000, 12_000]);
    expect(budgetsFor(5000)).toEqual({ testMs: 10_000, lessonMs: 20_000 });
  });

  test("a test's budget ends 8 s after it began", () => {
    const { clock, budgets: subject } = budgets();
    clock.at = 1000;
    expect(subject.testStarted()).toBe(false);
    clock.at = 1000 + 7999;
    expect(subject.spent()).toBeUndefined();
    clock.at = 1000 + 8000;
    expect(subject.spent()).toBe('test');
    expect(subject.budgetMs('test')).toBe(8000);
  });

  test('there is no budget outside a lesson and a test', () => {
    const { clock, budgets: subject } = budgets();
    clock.at = 1_000_000;
    expect(subject.budgetEnd()).toBeUndefined();
    expect(subject.spent()).toBeUndefined();
  });

  test("a lesson's budget counts its visible and its hidden part together, and a test of a spent lesson fails at once", () => {
    const { clock, budgets: subject } = budgets();
    subject.partStarted('01-board');
    clock.at = 5000;
    expect(subject.testStarted()).toBe(false);
    subject.partStarted('01-board');
    expect(subject.budgetEnd()).toEqual({ at: 12_000, budget: 'lesson' });
    clock.at = 11_999;
    expect(subject.testStarted()).toBe(false);
    clock.at = 12_000;
    expect(subject.spent()).toBe('lesson');
    expect(subject.testStarted()).toBe(true);
    expect(subject.budgetMs('lesson')).toBe(12_000);
  });

  test('a new lesson starts with a whole budget', () => {
    const { clock, budgets: subject } = budgets();
    subject.partStarted('01-board');
    clock.at = 20_000;
    expect(subject.spent()).toBe('lesson');
    subject.partStarted('02-moves');
    expect(subject.spent()).toBeUndefined();
    expect(subject.budgetEnd()).toEqual({ at: 32_000, budget: 'lesson' });
  });

  test("a call stopped at its own limit, and the start of the sandbox after it, are left out of the lesson's budget, up to two budgets", () => {
    const { clock, budgets: subject } = budgets();
    subject.partStarted('01-board');
    clock.at = 100;
    subject.callStarted();
    clock.at = 3100;
    // It waited half a second for a CPU: that half second is not excused, the rest is.
    subject.callTimedOut(500);
    subject.callEnded();
    subject.excuse(200);
    expect(subject.budgetEnd()).toEqual({ at: 12_000 + 2500 + 200, budget: 'lesson' });
    subject.excuse(1_000_000);
    expect(subject.budgetEnd()).toEqual({ at: 12_000 + 24_000, budget: 'lesson' });
  });

  test("a module's load in a fresh sandbox is left out of the test's budget and the lesson's, up to the lesson's two budgets", () => {
    const { clock, budgets: subject } = budgets();
    subject.partStarted('01-board');
    clock.at = 100;
    subject.testStarted();
    clock.at = 1600;
    subject.excuseReload(1500);
    expect(subject.budgetEnd()).toEqual({ at: 100 + 8000 + 1500, budget: 'test' });
    subject.testStarted();
    subject.excuseReload(1_000_000);
    expect(subject.budgetEnd()).toEqual({ at: 12_000 + 24_000, budget: 'lesson' });
  });

  test("a call that a budget stopped is not excused, and the call's deadline is that budget's end", () => {
    const { clock, budgets: subject } = budgets();
    subject.partStarted('01-board');
    clock.at = 7000;
    subject.testStarted();
    clock.at = 10_000;
    expect(subject.callStarted()).toBe(12_000);
    expect(subject.boundBy).toBe('lesson');
    clock.at = 12_000;
    subject.callTimedOut(0);
    subject.callEnded();
    expect(subject.boundBy).toBeUndefined();
    expect(subject.spent()).toBe('lesson');
  });

  test('a call far from every budget end gets its limit', () => {
    const { clock, budgets: subject } = budgets();
    subject.partStarted('01-board');
    subject.testStarted();
    clock.at = 50;
    expect(subject.callStarted()).toBe(50 + LIMIT_MS);
    expect(subject.boundBy).toBeUndefined();
  });
});

describe('the limit of a call after stops', () => {
  test('falls to 1 s, then 0.5 s, then 0.25 s, and no lower', () => {
    const { budgets: subject } = budgets();
    subject.partStarted('01-board');
    const limits = [subject.currentLimit()];
    for (let stops = 1; stops <= 5; stops += 1) {
      subject.countStop();
      limits.push(subject.currentLimit());
    }
    expect(limits).toEqual([3000, 1000, 500, 250, 250, 250]);
  });

  test('never rises above the usual limit', () => {
    const { budgets: subject } = budgets(200);
    stop(subject, 1);
    expect(subject.currentLimit()).toBe(200);
  });

  test("carries from a lesson's visible part to its hidden part, and not to the next lesson", () => {
    const { budgets: subject } = budgets();
    subject.partStarted('01-board');
    subject.countStopsOf('01-board');
    stop(subject, 2);
    subject.partStarted('01-board');
    subject.countStopsOf('01-board');
    expect(subject.currentLimit()).toBe(500);
    subject.partStarted('02-moves');
    subject.countStopsOf('02-moves');
    expect(subject.currentLimit()).toBe(3000);
    // A part that is not new (a suite about to load) counts none.
    stop(subject, 1);
    subject.countStopsOf(undefined);
    expect(subject.currentLimit()).toBe(3000);
  });

  test('does not shorten a crossing that has a limit of its own, nor one inside another', () => {
    const { budgets: subject } = budgets();
    stop(subject, 1);
    expect(subject.withDeadline(true, 5000, () => subject.currentLimit())).toBe(5000);
    expect(subject.withDeadline(true, LIMIT_MS, () => subject.currentLimit())).toBe(1000);
    expect(subject.withDeadline(true, 5000, () => subject.withDeadline(false, LIMIT_MS, () => subject.currentLimit()))).toBe(5000);
    expect(subject.currentLimit()).toBe(1000);
  });

  test("does not shorten a module's load, until a load has failed in the part", () => {
    const { budgets: subject } = budgets();
    const loadLimit = (): number => subject.load(() => subject.withDeadline(true, LIMIT_MS, () => subject.currentLimit()));
    subject.partStarted('01-board');
    subject.countStopsOf('01-board');
    stop(subject, 3);
    expect(loadLimit()).toBe(LIMIT_MS);
    expect(subject.withDeadline(true, LIMIT_MS, () => subject.currentLimit())).toBe(250);
    expect(() =>
      subject.load(() => {
        throw new Error('stopped while loading');
      }),
    ).toThrow('stopped while loading');
    expect(loadLimit()).toBe(250);
    // The lesson's next part (its hidden suite) keeps the stops, and its first load gets the usual limit again.
    subject.partStarted('01-board');
    subject.countStopsOf('01-board');
    expect(subject.withDeadline(true, LIMIT_MS, () => subject.currentLimit())).toBe(250);
    expect(loadLimit()).toBe(LIMIT_MS);
  });
});

describe('a batch of calls after stops', () => {
  /** Runs a batch of `calls` calls; gives the limit each crossing ran under and how many calls it made. */
  function crossings(subject: Budgets, calls: number, ok: (call: number) => boolean = () => true): Array<{ calls: number; limitMs: number }> {
    const seen: Array<{ calls: number; limitMs: number }> = [];
    const lists = Array.from({ length: calls }, (_, call) => [call]);
    subject.batch(true, LIMIT_MS, lists, (given) => {
      seen.push({ calls: given.length, limitMs: subject.currentLimit() });
      return given.map(([call]) => ({ ok: ok(call as number) }));
    });
    return seen;
  }

  test('runs only its first 64 calls under the shortened limit, and the rest under the usual one', () => {
    const { budgets: subject } = budgets();
    stop(subject, 2);
    expect(SHORTENED_BATCH_CALLS).toBe(64);
    expect(crossings(subject, 1000)).toEqual([
      { calls: 64, limitMs: 500 },
      { calls: 936, limitMs: LIMIT_MS },
    ]);
    expect(subject.currentLimit()).toBe(500);
  });

  test('of 64 calls or fewer is one crossing', () => {
    const { budgets: subject } = budgets();
    stop(subject, 1);
    expect(crossings(subject, 64)).toEqual([{ calls: 64, limitMs: 1000 }]);
  });

  test('stops after its first 64 calls when one of them failed', () => {
    const { budgets: subject } = budgets();
    stop(subject, 1);
    expect(crossings(subject, 1000, (call) => call !== 10)).toEqual([{ calls: 64, limitMs: 1000 }]);
  });
});
