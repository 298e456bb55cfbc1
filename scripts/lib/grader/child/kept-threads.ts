/**
 * The vitest pool of watch mode, whose worker threads outlive a run. vitest's own pool starts a new
 * worker thread for every run (a few hundred milliseconds before a test can start); this pool
 * keeps a thread when its run has ended cleanly and gives it to the next run. The thread runs vitest's
 * own vmThreads worker (kept-thread.mjs), so each test file still gets a fresh vm context and fresh
 * modules; sandboxes that held graded code end with their test file (worker/client.ts), and the next
 * run finds the clean spare its thread started. Unlike vitest's vmThreads pool it runs each test file as
 * an isolated task and has no vmMemoryLimit: a thread past KEEP_BELOW_BYTES of heap is ended instead.
 */
import type { Readable, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { PoolOptions, PoolRunnerInitializer, PoolWorker, WorkerRequest } from 'vitest/node';
import { suiteWorkers } from '../contracts/workers.mjs';

/** The pool's name in vitest's config. */
const KEPT_POOL = 'workbook-kept-threads';

/**
 * Past this much heap, a thread is not kept: each run leaves some of its heap behind (as each test
 * file does in vitest's own vmThreads pool), so now and then a run starts on a new thread.
 */
const KEEP_BELOW_BYTES = 96 * 1024 * 1024;

/** How long a kept thread may take to be ready for another run before a new one is started instead. */
const READY_LIMIT_MS = 5000;

/** vitest's messages from a worker thread that this pool reads, and kept-thread.mjs's own. */
interface ThreadMessage {
  __vitest_worker_response__?: unknown;
  type?: unknown;
  usedMemory?: unknown;
  keptThreadReady?: unknown;
}

/** A worker thread of this pool, and what its messages have told of the current run. */
class PoolThread {
  usedMemory = 0;
  stoppedCleanly = false;
  exited = false;
  /** Whether the thread said it can take another run, once this run is over (false if it ended or failed). */
  readyAgain: Promise<boolean> = Promise.resolve(false);
  private sayReady: (ready: boolean) => void = () => {};

  constructor(readonly thread: Worker) {
    thread.on('message', (message: ThreadMessage) => this.heard(message));
    // An error while parked would otherwise be thrown in the vitest process.
    thread.on('error', () => this.sayReady(false));
    thread.once('exit', () => {
      this.exited = true;
      this.sayReady(false);
    });
  }

  /** A run begins in this thread: what the last one told no longer counts. */
  beginRun(): void {
    this.stoppedCleanly = false;
    this.readyAgain = new Promise((resolve) => {
      this.sayReady = resolve;
    });
  }

  /** True when the run ended as vitest ends one (not stopped by force) and the thread is not too big. */
  get keepable(): boolean {
    return !this.exited && this.stoppedCleanly && this.usedMemory <= KEEP_BELOW_BYTES;
  }

  private heard(message: ThreadMessage): void {
    if (typeof message?.keptThreadReady === 'boolean') this.sayReady(message.keptThreadReady);
    if (message?.__vitest_worker_response__ !== true) return;
    if (typeof message.usedMemory === 'number') this.usedMemory = message.usedMemory;
    if (message.type === 'stopped') this.stoppedCleanly = true;
  }
}

/** Kept threads, by the settings they were started with. */
const keptThreads = new Map<string, PoolThread[]>();

/** One pool worker of vitest's: a kept thread when one is ready, else a new thread. */
class KeptThreadWorker implements PoolWorker {
  readonly name = KEPT_POOL;
  readonly reportMemory = true;
  private running: PoolThread | undefined;
  /** The listeners vitest added to the thread for this run (removed when the run ends). */
  private readonly listeners: Array<[string, (arg: unknown) => void]> = [];

  constructor(private readonly options: PoolOptions) {}

  async start(): Promise<void> {
    const pooled = (await takeKept(this.key)) ?? new PoolThread(this.newThread());
    pooled.beginRun();
    this.running = pooled;
    for (const [from, to] of this.streams(pooled.thread)) {
      to.setMaxListeners(to.getMaxListeners() + 1);
      from.pipe(to);
    }
  }

  async stop(): Promise<void> {
    const pooled = this.current;
    this.running = undefined;
    for (const [from, to] of this.streams(pooled.thread)) {
      from.unpipe(to);
      to.setMaxListeners(to.getMaxListeners() - 1);
    }
    for (const [event, callback] of this.listeners.splice(0)) pooled.thread.off(event, callback);
    const kept = keptThreads.get(this.key) ?? [];
    if (!pooled.keepable || kept.length >= suiteWorkers()) {
      await pooled.thread.terminate();
      return;
    }
    pooled.thread.unref();
    kept.push(pooled);
    keptThreads.set(this.key, kept);
  }

  on(event: string, callback: (arg: unknown) => void): void {
    this.current.thread.on(event, callback);
    this.listeners.push([event, callback]);
  }

  off(event: string, callback: (arg: unknown) => void): void {
    this.current.thread.off(event, callback);
    const index = this.listeners.findIndex(([name, listener]) => name === event && listener === callback);
    if (index !== -1) this.listeners.splice(index, 1);
  }

  send(message: WorkerRequest): void {
    this.current.thread.postMessage(message);
  }

  deserialize(data: unknown): unknown {
    return data;
  }

  /** Threads are kept apart by the settings they were started with. */
  private get key(): string {
    return JSON.stringify([this.options.env, this.options.execArgv]);
  }

  private get current(): PoolThread {
    if (this.running === undefined) throw new Error('The worker thread of this run is not running.');
    return this.running;
  }

  private newThread(): Worker {
    return new Worker(new URL('../worker/kept-thread.mjs', import.meta.url), {
      env: this.options.env,
      execArgv: [...this.options.execArgv, '--experimental-vm-modules'],
      stdout: true,
      stderr: true,
    });
  }

  /** The thread's output streams, each with the vitest stream it is shown on. */
  private streams(thread: Worker): Array<[Readable, Writable]> {
    const { logger } = this.options.project.vitest;
    return [
      [thread.stdout, logger.outputStream],
      [thread.stderr, logger.errorStream],
    ];
  }
}

/** A kept thread with these settings that is ready for another run (one that is not, or not in time, is ended). */
async function takeKept(key: string): Promise<PoolThread | undefined> {
  const pooled = keptThreads.get(key)?.shift();
  if (pooled === undefined) return undefined;
  const ready = await Promise.race([pooled.readyAgain, sleep(READY_LIMIT_MS, false, { ref: false })]);
  if (!ready) {
    await pooled.thread.terminate();
    return undefined;
  }
  pooled.thread.ref();
  return pooled;
}

/** The pool, for vitest.config.ts (watch mode). */
export function keptThreadPool(): PoolRunnerInitializer {
  return { name: KEPT_POOL, createPoolWorker: (options) => new KeptThreadWorker(options) };
}
