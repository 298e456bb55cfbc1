/**
 * The pretend player's twin (see io.ts): under the grader it sits beside the graded code, so the code
 * asks it for a line without a crossing each time. It types the same lines as the pretend player of
 * the test, and tells that player, one-way, every line it gave and every text printed; the test's
 * player checks each line against its own copy and keeps the transcript, so what decides a test never
 * comes from here. This file must stay self-contained (type imports only, which compile away): the
 * sandbox loads it on its own.
 */
import type { StopsCode } from '../../scripts/lib/grader/contracts/membrane-types.ts';

/** Where the test's pretend player stands when its twin is made. */
export interface TwinStart {
  /** The lines not yet read. */
  lines: string[];
  /** How many times input was asked for after the lines ran out. */
  asksAfterEnd: number;
  /** How many times print was called. */
  prints: number;
  /** When the player gives up: asks after the lines ran out, and prints. */
  limits: { askAfterEnd: number; prints: number };
}

/** Tells the test's pretend player of a line the twin gave (one-way: nothing comes back). */
type ToldInput = (prompt: unknown, line: string | null) => void;
/** Tells the test's pretend player of a text printed (one-way). */
type ToldPrint = (text: unknown) => void;

/** A prompt or text as the test's player is told of it: plain values as they are, anything else as its own String() here, beside the code. */
function told(value: unknown): unknown {
  return (typeof value === 'object' && value !== null) || typeof value === 'function' ? String(value) : value;
}

/**
 * Why the pretend player stopped the code, in the words of results files (a report words it from `kept` and `limit`),
 * with the limit written as the English catalog writes it ("10,000").
 */
export function endlessReason(kept: 'asking' | 'printing', limit: number): string {
  const times = `${limit.toLocaleString('en-US')} ${limit === 1 ? 'time' : 'times'}`;
  return kept === 'asking' ? `kept asking for input ${times} after input had ended` : `printed more than ${times}`;
}

/** A twin of the test's pretend player, from where it stands now (`start`, as JSON); `stopsCode` comes from the sandbox. */
export function pretendPlayer(
  start: string,
  toldInput: ToldInput,
  toldPrint: ToldPrint,
  stopsCode: StopsCode,
): { input(prompt: string): string | null; print(text: string): void } {
  const { lines, limits, ...counts } = JSON.parse(start) as TwinStart;
  const endless = (kept: 'asking' | 'printing', limit: number): Error => stopsCode(kept, limit, endlessReason(kept, limit));
  const queue = [...lines];
  let asksAfterEnd = counts.asksAfterEnd;
  let prints = counts.prints;
  return {
    input(prompt) {
      const line = queue.shift();
      toldInput(told(prompt), line ?? null);
      if (line !== undefined) return line;
      asksAfterEnd += 1;
      if (asksAfterEnd > limits.askAfterEnd) throw endless('asking', limits.askAfterEnd);
      return null;
    },
    print(text) {
      toldPrint(told(text));
      prints += 1;
      if (prints > limits.prints) throw endless('printing', limits.prints);
    },
  };
}
