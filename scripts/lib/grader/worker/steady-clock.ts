/** A clock that a busy machine does not stretch: the wall clock less the time this thread and the sandbox it watches waited, ready, for a CPU. */
import { threadWaitMs } from '../pump/cpu-time.mjs';

/** A process whose waits for a CPU the clock leaves out: milliseconds waited since it started (0 where the kernel does not tell). */
export interface Waiting {
  waitedMs(): number;
}

/**
 * Milliseconds (from an arbitrary zero) that advance while this thread or the sandbox works or sleeps,
 * not while either waits for a CPU another program holds. Where the kernel does not tell (not Linux)
 * it is the wall clock. The two rarely wait at once: the thread sleeps while the code runs, and the
 * code while the thread runs the tests.
 */
export class SteadyClock {
  private readonly threadBase = threadWaitMs() ?? 0;
  /** Waits of the sandboxes watched before the one watched now. */
  private settledMs = 0;
  private watched: { process: Waiting; base: number } | undefined;
  /** The waits as last read: they only grow, so the wall clock less them is never behind this clock. */
  private knownMs = 0;

  /** The clock's time now (reads the kernel). */
  now(): number {
    this.knownMs = Math.max(this.knownMs, this.waitedMs());
    return Date.now() - this.knownMs;
  }

  /** True once the clock has reached `at`; reads the kernel only when the waits already known do not say it has not. */
  reached(at: number): boolean {
    return this.atMost() >= at && this.now() >= at;
  }

  /**
   * The clock's time left until `at`, exactly when it is less than `enough`; otherwise some number at
   * least `enough` (the kernel is not read).
   */
  leftUntil(at: number, enough: number): number {
    const most = at - this.atMost();
    return most < enough ? at - this.now() : most;
  }

  /** From now on, leaves out the waits of `process` (a sandbox of this thread's session), and no longer those of the one watched before. */
  watch(process: Waiting): void {
    if (this.watched !== undefined) this.settledMs += this.watched.process.waitedMs() - this.watched.base;
    this.watched = { process, base: process.waitedMs() };
  }

  /** What the clock says at most, without reading the kernel. */
  private atMost(): number {
    return Date.now() - this.knownMs;
  }

  private waitedMs(): number {
    const thread = (threadWaitMs() ?? this.threadBase) - this.threadBase;
    const sandbox = this.watched === undefined ? 0 : this.watched.process.waitedMs() - this.watched.base;
    return thread + this.settledMs + sandbox;
  }
}
