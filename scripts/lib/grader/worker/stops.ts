/** What a test is told when the grader stopped the hand-in's code or its process ended: the error, its words and its verdict, with the lines the code printed last. */
import { outOfTimeMessage, stoppedMessage, withVerdict } from '../../core/failure.ts';
import type { Halt } from '../../core/results.ts';
import type { Exit } from './channel.ts';
import { SANDBOX_LIMITS } from '../contracts/fences.ts';
import { MAX_FRAME } from '../contracts/wire.mjs';
import type { Budget } from './budgets.ts';

/**
 * The most objects the code may send in one message, and in all the messages of one sandbox (one
 * lesson). Honest code sends a few hundred in a message and a few thousand in a lesson; code that
 * writes its own frames into the channel could otherwise make this side build millions of them after
 * its call has returned, where no deadline stops it.
 */
export const MAX_NODES_PER_MESSAGE = 20_000;
export const MAX_NODES_PER_SANDBOX = 200_000;

/** Lines of recent output kept to explain a stopped call. */
const RECENT_LINES = 12;

/** Raised in a test when the hand-in's code was stopped or its process ended. */
export class StoppedError extends Error {
  override name = 'StoppedError';
}

/** The output a test saw lately (the pretend player's transcript), to show if the code is stopped. */
export class RecentOutput {
  private recent: string[] = [];

  /** Notes output the test saw. */
  note(text: string): void {
    const lines = text.split('\n');
    const last = this.recent.pop() ?? '';
    this.recent.push(last + (lines[0] ?? ''), ...lines.slice(1));
    if (this.recent.length > RECENT_LINES * 2) this.recent = this.recent.slice(-RECENT_LINES - 1);
  }

  /** Forgets it (a new test, or a new part of a lesson, begins). */
  clear(): void {
    this.recent = [];
  }

  /** Its last lines, as a stop shows them (a last line left empty by a final newline is not one). */
  lines(): string[] {
    return this.recent.filter((line, index, all) => line !== '' || index < all.length - 1).slice(-RECENT_LINES);
  }
}

/** The limits a stop for time names: the budget that set the call's deadline, if one did, else the call's limit. */
export interface StopTimes {
  readonly boundBy: Budget | undefined;
  currentLimit(): number;
  budgetMs(budget: Budget): number;
}

/** The error of a test whose budget, or whose lesson's, ran out (`printed`: the lines the code printed last). */
export function outOfTime(budget: Budget, budgetMs: number, printed: string[] = []): StoppedError {
  return withVerdict(new StoppedError(outOfTimeMessage(budget, budgetMs, printedWords(printed))), { kind: 'out-of-time', budget, budgetMs, printed });
}

/** The error a test gets when the sandbox was stopped or ended (`lines`: what the code printed last). */
export function stopped(exit: Exit, lines: string[], times: StopTimes): StoppedError {
  const printed = printedWords(lines);
  if (exit.reason === 'timeout') {
    const boundBy = times.boundBy;
    if (boundBy !== undefined) return outOfTime(boundBy, times.budgetMs(boundBy), lines);
    const limitMs = times.currentLimit();
    return withVerdict(new StoppedError(stoppedMessage(limitMs, printed)), { kind: 'stopped', limitMs, printed: lines });
  }
  if (exit.reason === 'memory' || /heap out of memory|Allocation failed/i.test(exit.detail)) {
    const limitBytes = SANDBOX_LIMITS.residentBytes;
    const message = `Your code used more memory than the grader allows (${Math.round(limitBytes / 1024 / 1024)} MB), so it was stopped.${printed}`;
    return halted(message, { reason: 'memory', limitBytes }, lines);
  }
  if (exit.reason === 'protocol') {
    return halted(`Your code wrote into the grader's own channel, so it was stopped.${printed}`, { reason: 'protocol' }, lines);
  }
  if (exit.reason === 'oversized') {
    const message = `Your code sent the test far more than any answer needs (over ${MAX_FRAME / 1024 / 1024} MB or ${MAX_NODES_PER_MESSAGE.toLocaleString('en')} objects in one answer, or ${MAX_NODES_PER_SANDBOX.toLocaleString('en')} objects in one lesson), so it was stopped.${printed}`;
    return halted(message, { reason: 'oversized', frameBytes: MAX_FRAME, answerObjects: MAX_NODES_PER_MESSAGE, lessonObjects: MAX_NODES_PER_SANDBOX }, lines);
  }
  if (exit.reason === 'spawn') {
    return halted(`The grader could not start a sandbox for your code: ${exit.detail}`, { reason: 'spawn', detail: exit.detail }, lines);
  }
  const how = exit.signal ? `it was killed by ${exit.signal}` : `it ended with exit code ${exit.code}`;
  const said = exit.detail.trim() === '' ? [] : exit.detail.trim().split('\n').slice(-3);
  const saidWords = said.length === 0 ? '' : `\nIt said: ${said.join('\n')}`;
  const message = `The program running your code ended while this test ran (${how}).${printed}${saidWords}`;
  return halted(message, { reason: 'ended', exitCode: exit.code, signal: exit.signal, said }, lines);
}

/** The error of a value of the code that ran the code again while the grader served a one-way call (the code runs on meanwhile, so it cannot be asked anything). */
export function reentered(): StoppedError {
  const message = 'Your code gave the test a value that runs your code when it is read (a toString, say). Give it plain values, such as strings.';
  return halted(message, { reason: 'reentry' }, []);
}

/** The error of a call made after the session ended for good (its folder's lessons are over). */
export function retired(): StoppedError {
  return new StoppedError("This student's lessons are over: the grader runs no more of their code.");
}

/** The error of a stop for `halt`: `message` for vitest's own output, the reason and `printed` (the code's last lines) as the verdict. */
function halted(message: string, halt: Halt, printed: string[]): StoppedError {
  return withVerdict(new StoppedError(message), { kind: 'halted', printed, ...halt });
}

/** The last lines the code printed, as a stopped test's message shows them ('' when it printed none). */
function printedWords(lines: string[]): string {
  return lines.length > 0 ? `\nThe last lines your code printed:\n${lines.join('\n')}` : '';
}
