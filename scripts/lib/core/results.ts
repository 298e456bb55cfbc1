/** What grading produces: per lesson, per task, per test; and how points are worked out. */
import type { ComparedCuts, LeftOut } from './bounded-text.ts';
import type { SyntaxErrorDetails } from './vitest-wording.ts';
import type { Lesson } from './workbook.ts';

/** What a failure keeps of any error. */
export interface ErrorFields {
  /** Error name, for example "AssertionError" or "TypeError". */
  name: string;
  /** The message, cut to what is shown (core/bounded-text.ts). */
  message: string;
  /** How much was cut from the end of `message`; the note saying so is made where it is shown, in the reader's language. */
  messageCut?: LeftOut;
  /** Where the student's code threw, as "lessons/01-board/board.ts:41:9", when known. */
  location?: string;
  /** The exercise module ("01-board/board") that was loading when it happened, for an error of the hand-in's module itself. */
  loadingModule?: string;
}

/** What the test support's pretend player stopped the code for: asking for input without end, or printing without end. */
export type EndlessKept = 'asking' | 'printing';

/**
 * What a test expected and what the code gave, as text, for an error that compared them (both or
 * neither), each cut to what is shown, and how much was left out of a cut one.
 */
export interface Comparison {
  expected?: string;
  actual?: string;
  cut?: ComparedCuts;
}

/** Why the grader stopped the code when time was not the reason (grader/worker/client.ts), with the details of each reason. */
export type Halt =
  /** It used more memory than a sandbox may (`limitBytes`). */
  | { reason: 'memory'; limitBytes: number }
  /** It wrote into the grader's own channel. */
  | { reason: 'protocol' }
  /** It sent more than any answer needs: over `frameBytes`, or `answerObjects` objects in one answer, or `lessonObjects` in one lesson. */
  | { reason: 'oversized'; frameBytes: number; answerObjects: number; lessonObjects: number }
  /** The process running it ended: with `exitCode`, or killed by `signal`; `said`, the last lines it wrote on standard error. */
  | { reason: 'ended'; exitCode: number | null; signal: string | null; said: string[] }
  /** The grader could not start a sandbox for it; `detail`, what the system said. */
  | { reason: 'spawn'; detail: string }
  /** It gave the test a value that runs its code when it is read (a toString, say) while the code ran on. */
  | { reason: 'reentry' }
  /** It changed what the test gave it as a twin beside it: a function (`twin`), or the lines the pretend player types (`player`). */
  | { reason: 'tampered'; twin: TamperedTwin };

/** What a twin the code changed was: a function the test gave it, or the pretend player. */
export type TamperedTwin = 'function' | 'player';

/**
 * Why what the code gave back (or `thrown`) could not be sent to the test: a getter that throws, a
 * Proxy, a value nested too deep (`why`, in the words of what failed), or a Promise (`promise`: the
 * answer of an `async` function, which the test cannot wait for).
 */
export interface Unreadable {
  why: string;
  thrown: boolean;
  promise: boolean;
}

/**
 * A failure as the grader keeps it: plain data, safe to write as JSON (made by failureOf in
 * failure.ts), by kind, each kind with its own details.
 */
export type Failure =
  /** The grader stopped a call that ran past its time limit; the last lines the code printed. */
  | (ErrorFields & { kind: 'stopped'; limitMs: number; printed: string[] })
  /** The test (budget 'test'), or its lesson, spent the time it may spend in the code (grader/worker/client.ts). */
  | (ErrorFields & { kind: 'out-of-time'; budget: 'test' | 'lesson'; budgetMs: number; printed: string[] })
  /** The grader stopped the code for another reason than time (its `reason`, with details); the last lines the code printed. */
  | (ErrorFields & { kind: 'halted'; printed: string[] } & Halt)
  /** vitest's own limit on a test ran out. */
  | (ErrorFields & { kind: 'test-timeout'; limitMs: number })
  /** A stub still throws "not implemented yet": the function that is not written yet. */
  | (ErrorFields & { kind: 'stub'; missing: string })
  /** An expect() failed. */
  | (ErrorFields & Comparison & { kind: 'assertion' })
  /** The test support's pretend player stopped the code: it kept asking for input after input had ended, or kept printing (`limit`: how many times it let it). */
  | (ErrorFields & { kind: 'endless-input'; kept: EndlessKept; limit?: number })
  /** What the code gave back (or `thrown`) could not be sent to the test (see Unreadable). */
  | (ErrorFields & { kind: 'unreadable' } & Unreadable)
  /** The code called process.exit: with what, as text ("undefined" for nothing). */
  | (ErrorFields & { kind: 'process-exit'; exitCode: string })
  /** The test did not run exactly once (it did not run, was skipped or ran again), so it counts as failed; `lessonStopped`: its lesson stopped before it (its file did not load, say). */
  | (ErrorFields & { kind: 'not-run'; lessonStopped?: true })
  /** A file could not be read as TypeScript: what and where, as the compiler said it (from the grader's own compilation of a hand-in's file, or vite's words for another file). */
  | (ErrorFields & { kind: 'syntax'; syntax: SyntaxErrorDetails })
  /** Any other error the code threw; `stackOverflow`: it was the engine's stack overflow (code that called itself without end). */
  | (ErrorFields & Comparison & { kind: 'thrown'; stackOverflow?: true });

/** One test's outcome. */
export interface TestOutcome {
  /** The test's own name, without the task. */
  name: string;
  /** The task it belongs to (1-based), or 0 when the test is outside every task. */
  task: number;
  /** True for teacher-only tests (tests/hidden/). */
  hidden: boolean;
  /** A test of a rule whose breaking makes other tests of its task fail too (see CAUSE in tests/support/lesson.ts). */
  cause?: true;
  status: 'passed' | 'failed' | 'skipped';
  failure?: Failure;
  durationMs: number;
}

/** Why a lesson could not be graded normally. */
export type LessonProblem =
  | {
      kind: 'load-error';
      failure: Failure;
      /** It came from a teacher-only suite (its message is not the student's to see). */
      hidden?: boolean;
      /** The earlier lesson whose file kept this one from loading (`missing`: it is not there; else it does not load), worked out from the graded folder. */
      blockedBy?: { lesson: string; missing: boolean };
    }
  | { kind: 'timeout'; limitMs: number; runningTest?: string; lastOutput: string[] }
  | Crash;

/** Why a lesson's grading ended without its tests, by cause (put into words by crashMessage in report.ts). */
export type Crash =
  /**
   * The grader itself broke, not the graded code: its test runner ended (`end`) before the lesson was
   * graded; `tail`: what the runner printed last ('' for nothing).
   */
  | { kind: 'crash'; cause: 'grader-broke'; end: RunnerEnd; tail: string }
  /**
   * The test runner went silent or ended (`end`) while it graded `lesson` of the hand-in `handIn` (its
   * name as shown), which is what stopped it.
   */
  | { kind: 'crash'; cause: 'runner-stalled'; end: RunnerEnd; lesson: string; handIn: string }
  /** The lesson has no graded suite (`suite`: "tests/01-board.test.ts"). */
  | { kind: 'crash'; cause: 'no-suite'; suite: string }
  /** Exercise files of the lesson are missing. */
  | { kind: 'crash'; cause: 'files-missing'; files: string[] };

/**
 * How the test runner ended (put into words by runnerEndWords in report.ts): stopped by a signal
 * (`signal`: "SIGKILL"), or exited by itself with an exit code (`code`, null when the system gave none),
 * or stopped by the grader after it had said nothing for `silentMs` milliseconds. `text`: the end in the
 * teacher's words alone, from a gradebook written before ends were data.
 */
export type RunnerEnd =
  | { kind: 'signal'; signal: string }
  | { kind: 'exit'; code: number | null }
  | { kind: 'silent'; silentMs: number }
  | { kind: 'text'; text: string };

/** What running one lesson's suites gave. */
export interface LessonRun {
  lessonId: string;
  tests: TestOutcome[];
  problem?: LessonProblem;
  /** What the student's code printed while its tests ran (capped). */
  output: string;
  durationMs: number;
  /** Outcomes that did not match the suites' list of tests (see held-to-list.ts), for the teacher. */
  anomalies?: string[];
}

/** Points of one task. */
export interface TaskScore {
  number: number;
  title: string;
  points: number;
  earned: number;
  passed: number;
  total: number;
  hiddenFailed: number;
}

/** A graded lesson. */
export interface LessonScore {
  lesson: Lesson;
  run: LessonRun;
  tasks: TaskScore[];
  /** Points earned out of 100, to one decimal (100 only when every test passed; otherwise at most 99.9). */
  earned: number;
  done: boolean;
}

/**
 * Scores a lesson: a task's points are earned in proportion to its passing tests;
 * a lesson that timed out or failed to load earns only what finished before.
 */
export function scoreLesson(lesson: Lesson, run: LessonRun): LessonScore {
  const tasks = lesson.tasks.map((meta, index): TaskScore => {
    const tests = run.tests.filter((test) => test.task === index + 1 && test.status !== 'skipped');
    const passed = tests.filter((test) => test.status === 'passed').length;
    const hiddenFailed = tests.filter((test) => test.hidden && test.status === 'failed').length;
    const earned = tests.length === 0 ? 0 : (meta.points * passed) / tests.length;
    return { number: index + 1, title: meta.title, points: meta.points, earned, passed, total: tests.length, hiddenFailed };
  });
  const complete = run.problem === undefined && tasks.every((task) => task.total > 0 && task.passed === task.total);
  const sum = tasks.reduce((total, task) => total + task.earned, 0);
  const earned = complete ? 100 : Math.min(MOST_UNFINISHED, roundPoints(sum));
  return { lesson, run, tasks, earned, done: complete };
}

/** The most an unfinished lesson shows: 100 is kept for a lesson whose every test passes. */
const MOST_UNFINISHED = 99.9;

/** Points rounded to one decimal (93.75 → 93.8), the precision every report and gradebook shows. */
export function roundPoints(points: number): number {
  return Math.round(points * 10 + 1e-9) / 10;
}

/** Points as text: "100", "93.8" (one decimal at most, none for whole points). */
export function formatPoints(points: number): string {
  const rounded = roundPoints(points);
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/** How much of a hidden failure's message the teacher's gradebook keeps. */
const DETAIL_KEEP = 600;

/**
 * The part of a hidden test's failure a teacher needs to see what went wrong (teacher only): for a
 * generated case, fast-check's counterexample (shrunk) and the assertion it failed, without the stack;
 * otherwise the first lines.
 */
export function failureDetail(message: string | undefined): string | undefined {
  if (message === undefined || message.trim() === '') return undefined;
  const lines = message.split('\n');
  const counterexample = lines.findIndex((line) => line.startsWith('Counterexample: '));
  const kept =
    counterexample === -1
      ? lines.slice(0, 6)
      : [
          lines[counterexample] as string,
          ...lines
            .slice(counterexample + 1)
            .filter((line) => line.trim() !== '' && !/^(Shrunk \d+ time|Encountered failures|Hint: |\s+at )/.test(line))
            .slice(0, 6),
        ];
  const text = kept.join('\n').trim();
  return text.length > DETAIL_KEEP ? `${text.slice(0, DETAIL_KEEP)}…` : text;
}
