/**
 * The vitest pool of watch mode, whose worker threads outlive a run. vitest's own pool starts a new
 * worker thread for every run (some 0.35 s on the README's machine before a test can start), and the
 * thread's sandboxes end with it (0.1–0.2 s more to boot new ones); this pool keeps a thread when its
 * run has ended cleanly and gives it to the next run, with the sandboxes it keeps (sandbox/channel.ts).
 * The thread runs vitest's own vmThreads worker (kept-thread.mjs), so each test file still gets a fresh
 * vm context and fresh modules, and a new run boots its sandbox with the newly compiled files.
 */
import type { Readable, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { PoolOptions, PoolRunnerInitializer, PoolWorker, WorkerRequest } from 'vitest/node';

/** The pool's name in vitest's config. */
const KEPT_POOL = 'workbook-kept-threads';

/**
 * Past this much heap, a thread is not kept: each run leaves some 3.5 MB behind in it (as each test
 * file does in vitest's vmThreads pool, which has vmMemoryLimit for this), so about every 25th run
 * after a save starts a new thread and takes as long as it did before this pool.
 */
const KEEP_BELOW_BYTES = 96 * 1024 * 1024;

/** How long a kept thread may take to be ready for another run before a new one is started instead. */
const READY_LIMIT_MS = 5000;

/** A thread whose run has ended, and whether it is ready for the next (false if it did not say so in time). */
interface Kept {
  thread: Worker;
  ready: Promise<boolean>;
}

/** Kept threads, by the settings they were started with. */
const keptThreads = new Map<string, Kept[]>();

/** vitest's messages from a worker thread that this pool reads. */
interface WorkerMessage {
  __vitest_worker_response__?: unknown;
  type?: unknown;
  usedMemory?: unknown;
  keptThreadReady?: unknown;
}

/** One pool worker of vitest's: a kept thread when there is one, else a new thread. */
class KeptThreadWorker implements PoolWorker {
  readonly name = KEPT_POOL;
  readonly reportMemory = true;
  private thread: Worker | undefined;
  private usedMemory = 0;
  private stoppedCleanly = false;
  private exited = false;

  constructor(private readonly options: PoolOptions) {}

  private get key(): string {
    return JSON.stringify([this.options.env, this.options.execArgv]);
  }

  async start(): Promise<void> {
    const thread = (await this.takeKept()) ?? this.newThread();
    this.thread = thread;
    thread.on('message', (message: WorkerMessage) => {
      if (message?.__vitest_worker_response__ !== true) return;
      if (typeof message.usedMemory === 'number') this.usedMemory = message.usedMemory;
      if (message.type === 'stopped') this.stoppedCleanly = true;
    });
    thread.once('exit', () => {
      this.exited = true;
    });
    for (const [from, to] of this.streams(thread)) {
      to.setMaxListeners(to.getMaxListeners() + 1);
      from.pipe(to);
    }
  }

  async stop(): Promise<void> {
    const thread = this.current;
    this.thread = undefined;
    for (const [from, to] of this.streams(thread)) {
      from.unpipe(to);
      to.setMaxListeners(to.getMaxListeners() - 1);
    }
    for (const event of ['message', 'error', 'exit']) thread.removeAllListeners(event);
    // Only a thread whose run ended as vitest ends one is kept (not one stopped by force, or too big).
    if (this.exited || !this.stoppedCleanly || this.usedMemory > KEEP_BELOW_BYTES) {
      await thread.terminate();
      return;
    }
    const ready = new Promise<boolean>((resolve) => {
      thread.on('message', (message: WorkerMessage) => {
        if (message?.keptThreadReady === true) resolve(true);
      });
      thread.once('exit', () => resolve(false));
    });
    thread.unref();
    const list = keptThreads.get(this.key) ?? [];
    list.push({ thread, ready });
    keptThreads.set(this.key, list);
  }

  on(event: string, callback: (arg: unknown) => void): void {
    this.current.on(event, callback);
  }

  off(event: string, callback: (arg: unknown) => void): void {
    this.current.off(event, callback);
  }

  send(message: WorkerRequest): void {
    this.current.postMessage(message);
  }

  deserialize(data: unknown): unknown {
    return data;
  }

  /** A kept thread with these settings that is ready for another run (one that is not is ended). */
  private async takeKept(): Promise<Worker | undefined> {
    const kept = keptThreads.get(this.key)?.pop();
    if (kept === undefined) return undefined;
    const ready = await Promise.race([kept.ready, sleep(READY_LIMIT_MS, false, { ref: false })]);
    kept.thread.removeAllListeners('message');
    kept.thread.removeAllListeners('exit');
    if (!ready) {
      await kept.thread.terminate();
      return undefined;
    }
    kept.thread.ref();
    return kept.thread;
  }

  private newThread(): Worker {
    return new Worker(new URL('./kept-thread.mjs', import.meta.url), {
      env: this.options.env,
      execArgv: [...this.options.execArgv, '--experimental-vm-modules'],
      stdout: true,
      stderr: true,
    });
  }

  private get current(): Worker {
    if (this.thread === undefined) throw new Error('The worker thread of this run is not running.');
    return this.thread;
  }

  private streams(thread: Worker): Array<[Readable, Writable]> {
    const { logger } = this.options.project.vitest;
    return [
      [thread.stdout, logger.outputStream],
      [thread.stderr, logger.errorStream],
    ];
  }
}

/** The pool, for vitest.config.ts (watch mode). */
export function keptThreadPool(): PoolRunnerInitializer {
  return { name: KEPT_POOL, createPoolWorker: (options) => new KeptThreadWorker(options) };
}
