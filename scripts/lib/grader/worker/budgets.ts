/** The time the hand-in's code may take in one session: each call's limit, each test's and each lesson's budget, and the shorter limits after stops. */

/**
 * The time one test may spend in the hand-in's code and one lesson's tests may spend in all (sleeping
 * counts, waiting for a CPU while other programs run does not: see SteadyClock), besides each call's
 * own deadline: a hand-in whose every call sleeps just under its deadline, or whose property test
 * calls it a hundred times, costs at most these. A call limit raised with --limit raises them too.
 */
export const TEST_BUDGET_MS = 8000;
export const LESSON_BUDGET_MS = 12_000;

/** The budgets under a call limit of `limitMs`: never less than two and four calls of it. */
export function budgetsFor(limitMs: number): { testMs: number; lessonMs: number } {
  return { testMs: Math.max(TEST_BUDGET_MS, 2 * limitMs), lessonMs: Math.max(LESSON_BUDGET_MS, 4 * limitMs) };
}

/** The limit of a call once the code was stopped in the same lesson. */
const AFTER_STOP_MS = 1000;
/** The least a call's limit falls to as the stops of a lesson add up (it halves with each). */
const AFTER_STOPS_FLOOR_MS = 250;
/** How many calls of a batch run under a limit that earlier stops shortened, before the rest gets the usual one. */
export const SHORTENED_BATCH_CALLS = 64;

/** Whose budget: the test's that runs now, or its lesson's. */
export type Budget = 'test' | 'lesson';

/** The clock the budgets run on (SteadyClock in the workers: the same time on a quiet machine and a busy one). */
export interface BudgetClock {
  now(): number;
  reached(at: number): boolean;
  /** The time left until `at`, exactly when it is less than `enough`; otherwise some number at least `enough`. */
  leftUntil(at: number, enough: number): number;
}

/** The time budgets of one session (one graded folder in one test file), and the limit of its next call. */
export class Budgets {
  /** When the test that runs now began (undefined outside tests: loads and a lesson's start hook have no test budget). */
  private testStartedAt: number | undefined;
  /** The lesson whose part runs now (lesson-entry.ts), and when that part began. */
  private lessonId: string | undefined;
  private partStartedAt = 0;
  /** The time each lesson's earlier parts have spent (its visible part, before its hidden part). */
  private readonly lessonSpentMs = new Map<string, number>();
  /**
   * Time of the part that runs now that its lesson's budget does not count, up to another two budgets
   * in all (see budgetEnd): calls stopped at their own deadline, the start of the sandboxes that
   * follow them, and modules loaded again (see excuseReload). An endless loop that a few tests meet
   * then fails exactly those tests, the same on every run, while one that every test meets (or calls
   * that sleep past their deadline) still ends.
   */
  private excusedMs = 0;
  /** The excused time of each lesson's earlier parts. */
  private readonly lessonExcusedMs = new Map<string, number>();
  /** When the top-level call that runs now began, on the wall clock. */
  private callStartedAt = 0;
  /** How many times the code was stopped in this lesson of the test file (its parts together). */
  private stops = 0;
  /** The stops of each lesson whose part has ended, for its next part (see `stops`). */
  private readonly stopsOf = new Map<string, number>();
  /** Which budget sets the deadline of the call that runs now, if one does (for the message when it is stopped). */
  private bound: Budget | undefined;
  /** The deadline of the next top-level crossing. */
  private deadlineMs: number;
  /** True while the later calls of a batch run, whose first calls came back (see batch). */
  private fullLimit = false;

  constructor(
    /** The usual limit of one call, in milliseconds. */
    readonly limitMs: number,
    private readonly clock: BudgetClock,
    /** The wall clock, which the deadlines of calls are set on. */
    private readonly wallNow: () => number = Date.now,
  ) {
    this.deadlineMs = limitMs;
  }

  /** A test begins: its budget starts. Gives true when its lesson has already spent its budget. */
  testStarted(): boolean {
    this.testStartedAt = this.clock.now();
    const end = this.budgetEnd();
    return end?.budget === 'lesson' && this.clock.reached(end.at);
  }

  /** A new part of `lesson` begins (before its tests run): the lesson's budget runs from here to the next part's start. */
  partStarted(lesson: string | undefined): void {
    this.closePart();
    this.testStartedAt = undefined;
    this.lessonId = lesson;
    this.partStartedAt = this.clock.now();
    this.excusedMs = 0;
  }

  /** The stops that shorten the next calls' limits: those of `lesson`'s earlier parts, or none (no lesson, or a part that is not new); loads get the usual limit again (see load). */
  countStopsOf(lesson: string | undefined): void {
    this.stops = lesson !== undefined ? (this.stopsOf.get(lesson) ?? 0) : 0;
    this.loadFailed = false;
  }

  /** Adds the time of the part that runs now to its lesson's. */
  closePart(): void {
    if (this.lessonId === undefined) return;
    this.stopsOf.set(this.lessonId, this.stops);
    const spent = this.lessonSpentMs.get(this.lessonId) ?? 0;
    this.lessonSpentMs.set(this.lessonId, spent + (this.clock.now() - this.partStartedAt));
    this.lessonExcusedMs.set(this.lessonId, (this.lessonExcusedMs.get(this.lessonId) ?? 0) + this.excusedMs);
    this.lessonId = undefined;
    this.excusedMs = 0;
  }

  /** The earliest end of a budget that runs now (on the budgets' clock), and whose it is: the test's, or its lesson's. */
  budgetEnd(): { at: number; budget: Budget } | undefined {
    const budgets = budgetsFor(this.limitMs);
    const ends: Array<{ at: number; budget: Budget }> = [];
    if (this.lessonId !== undefined) {
      const spent = this.lessonSpentMs.get(this.lessonId) ?? 0;
      const excused = Math.min((this.lessonExcusedMs.get(this.lessonId) ?? 0) + this.excusedMs, 2 * budgets.lessonMs);
      ends.push({ at: this.partStartedAt + budgets.lessonMs + excused - spent, budget: 'lesson' });
    }
    if (this.testStartedAt !== undefined) ends.push({ at: this.testStartedAt + budgets.testMs, budget: 'test' });
    return ends.sort((a, b) => a.at - b.at)[0];
  }

  /** The budget that has run out, if one has: the code is not called again in this test (or, for the lesson's, in this lesson). */
  spent(): Budget | undefined {
    const end = this.budgetEnd();
    return end !== undefined && this.clock.reached(end.at) ? end.budget : undefined;
  }

  /** How long `budget` is, in milliseconds. */
  budgetMs(budget: Budget): number {
    const budgets = budgetsFor(this.limitMs);
    return budget === 'test' ? budgets.testMs : budgets.lessonMs;
  }

  /**
   * The limit of the next top-level call: the usual one, or after the code was stopped once in this
   * lesson, at most AFTER_STOP_MS, halved at each further stop down to AFTER_STOPS_FLOOR_MS, so a loop
   * that every test of a lesson meets costs seconds, not minutes (a correct call takes far less either way).
   * A crossing with a limit of its own keeps it, and the later calls of a batch whose first calls came
   * back keep the usual limit (see batch).
   */
  currentLimit(): number {
    if (this.stops === 0 || this.deadlineMs !== this.limitMs || this.fullLimit) return this.deadlineMs;
    return Math.min(this.limitMs, Math.max(AFTER_STOPS_FLOOR_MS, AFTER_STOP_MS / 2 ** (this.stops - 1)));
  }

  /** Runs one crossing with its own deadline instead of the usual one (for a batch of calls); a crossing inside another (`top` false) keeps the outer one's. */
  withDeadline<T>(top: boolean, limitMs: number, action: () => T): T {
    const before = this.deadlineMs;
    if (top) this.deadlineMs = limitMs;
    try {
      return action();
    } finally {
      if (top) this.deadlineMs = before;
    }
  }

  /**
   * Runs a module's load under the usual limit, however far earlier stops in the lesson cut it (the
   * suites' own load of it had the usual limit, and a fresh sandbox loads it again). Once a load has
   * failed in this part, later loads get the limit the stops left: code that loops only when loaded
   * again costs the usual limit once per part, not once per test.
   */
  load<T>(action: () => T): T {
    if (this.loadFailed) return action();
    const before = this.fullLimit;
    this.fullLimit = true;
    try {
      return action();
    } catch (error) {
      this.loadFailed = true;
      throw error;
    } finally {
      this.fullLimit = before;
    }
  }

  /** True once a module's load failed in the part that runs now (see load). */
  private loadFailed = false;

  /**
   * Runs a batch of calls in crossings, under the batch's limit `limitMs`: `cross` makes the calls of
   * the argument lists it is given and gives their outcomes (`{ ok }` each). The first SHORTENED_BATCH_CALLS calls run under the limit earlier
   * stops left; when they all come back, the rest of the batch, thousands of calls in a crossing, runs
   * under the batch's own limit, not one that earlier stops in the lesson cut to a fraction of a second.
   */
  batch<A>(top: boolean, limitMs: number, argumentLists: A[], cross: (lists: A[]) => unknown[]): unknown[] {
    const results = this.withDeadline(top, limitMs, () => cross(argumentLists.slice(0, SHORTENED_BATCH_CALLS)));
    const rest = argumentLists.slice(SHORTENED_BATCH_CALLS);
    if (rest.length > 0 && results.length === SHORTENED_BATCH_CALLS && results.every((outcome) => (outcome as { ok: boolean }).ok)) {
      this.fullLimit = true;
      try {
        results.push(...this.withDeadline(top, limitMs, () => cross(rest)));
      } finally {
        this.fullLimit = false;
      }
    }
    return results;
  }

  /**
   * A top-level call begins: gives when it must be stopped, on the wall clock. That is its limit, or the end of the test's or the lesson's budget when that comes first
   * (then `boundBy` names that budget until the call ends).
   */
  callStarted(): number {
    const limit = this.currentLimit();
    const budget = this.budgetEnd();
    const left = budget === undefined ? limit : this.clock.leftUntil(budget.at, limit);
    this.bound = budget !== undefined && left < limit ? budget.budget : undefined;
    this.callStartedAt = this.wallNow();
    return this.callStartedAt + Math.min(limit, left);
  }

  /** The top-level call has ended. */
  callEnded(): void {
    this.bound = undefined;
  }

  /** The budget that set the deadline of the call that runs now, if one did. */
  get boundBy(): Budget | undefined {
    return this.bound;
  }

  /**
   * The call that runs now was stopped at its deadline, after its code had waited
   * `waitedMs` for a CPU: when its own limit set that deadline (no budget did), its time is excused.
   */
  callTimedOut(waitedMs: number): void {
    if (this.bound === undefined) this.excuse(this.wallNow() - this.callStartedAt - waitedMs);
  }

  /** Leaves `ms` out of the lesson's budget (see excusedMs). */
  excuse(ms: number): void {
    this.excusedMs += ms;
  }

  /**
   * Leaves the `ms` a module took to load again (in a sandbox booted afresh for a part, or after a
   * stop) out of the test's budget and the lesson's (up to the lesson's cap, see excusedMs): the file
   * loaded once already, and loading it again is the grader's doing, not the test's.
   */
  excuseReload(ms: number): void {
    this.excuse(ms);
    if (this.testStartedAt !== undefined) this.testStartedAt += ms;
  }

  /** The code was stopped: the next calls of the lesson get a shorter limit. */
  countStop(): void {
    this.stops += 1;
  }
}
