/**
 * The line between the suites' thread and one sandbox process: start it, send a frame, wait for the
 * next one. Waiting blocks the thread (so the suites see a synchronous call), while a pump elsewhere
 * (pump.mjs) keeps the sandbox's deadline and wakes the thread if the sandbox goes. On Linux and
 * macOS frames go through named pipes that only this process can open; elsewhere the pump relays them.
 * A worker thread keeps its sandboxes between the lessons of a test file (`SandboxPool`), so a class of students
 * needs few process starts.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, readlinkSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BroadcastChannel, MessageChannel, receiveMessageOnPort, threadId, Worker, type MessagePort } from 'node:worker_threads';
import { innermostProcess, schedTimes } from '../pump/cpu-time.mjs';
import type { Message } from '../contracts/membrane-types.ts';
import { type OpenPipes, openPair, takeStockPair } from '../pump/pipe-pairs.mjs';
import { START_LIMIT_MS, type SandboxSpec } from '../contracts/fences.ts';
import { KEEPER_CHANNEL, MAX_FRAME, PART_BYTES } from '../contracts/wire.mjs';

/** A message between the two sides, as JSON. */
export type Frame = Message;

/** How a sandbox ended. */
export interface Exit {
  code: number | null;
  signal: string | null;
  /** 'timeout', 'memory', 'protocol', 'oversized', 'spawn', 'closed', or 'exit' (it ended by itself). */
  reason: string;
  /** The end of what it wrote on standard error. */
  detail: string;
  /** Milliseconds it had waited for a CPU when the pump stopped it, in all and in the call it stopped (where the kernel tells). */
  waitedMs?: number;
  callWaitedMs?: number;
}

type PumpMessage = { sid: number; frame?: string; spawned?: boolean; pid?: number; exit?: Exit; spare?: Omit<SpareSandbox, 'sid'> | null };

/** What a worker thread's sandboxes get from the grader's vitest child, when it runs them. */
export interface PumpSettings {
  /** The child's main thread keeps the pumps (it says so on Linux, where the pump can tell when this thread has gone). */
  keeper: boolean;
  /** The folder of named pipes the grader makes ahead (command/pipe-stock.ts), when there is one. */
  pipeStock: string | undefined;
}

/**
 * This worker thread's pump (pump.mjs), shared by every test file the thread runs: under the grader,
 * in the main thread of the vitest child (when `keeper`); otherwise in a helper thread of this thread's own.
 */
export class Pump {
  private readonly port: MessagePort | BroadcastChannel;
  private readonly requests: { postMessage(message: unknown): void };
  private readonly signal: Int32Array;
  private readonly queues = new Map<number, PumpMessage[]>();
  private next = 0;
  /** True when the pump runs in the main thread of the vitest child. */
  private readonly keeper: boolean = false;
  /** The grader's stock of named pipes for this thread's sandboxes, when there is one. */
  readonly pipeStock: string | undefined;

  constructor(settings: PumpSettings) {
    const buffer = new SharedArrayBuffer(4);
    this.signal = new Int32Array(buffer);
    this.pipeStock = settings.pipeStock;
    const task = settings.keeper ? ownTask() : undefined;
    if (task !== undefined) {
      const replies = new BroadcastChannel(`${KEEPER_CHANNEL}-${threadId}`);
      // A broadcast channel hands what comes while this thread's loop runs to its listener (it keeps
      // nothing for later); what comes while the thread waits is read at once (see receive).
      replies.onmessage = (event) => this.enqueue((event as { data: PumpMessage }).data);
      replies.unref();
      const requests = new BroadcastChannel(KEEPER_CHANNEL);
      requests.unref();
      this.port = replies;
      this.keeper = true;
      this.requests = { postMessage: (message) => requests.postMessage({ ...(message as object), thread: threadId, task, signal: buffer }) };
      return;
    }
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.requests = port1;
    const worker = new Worker(new URL('../pump/pump.mjs', import.meta.url), {
      workerData: { port: port2, signal: buffer, task: ownTask() },
      transferList: [port2],
      env: {},
    });
    worker.unref();
    port1.unref();
  }

  open(): number {
    this.next += 1;
    this.queues.set(this.next, []);
    return this.next;
  }

  send(message: Record<string, unknown>): void {
    this.requests.postMessage(message);
  }

  /** The next message about one sandbox, waiting at most `waitMs`; undefined when none came in time. */
  receive(sid: number, waitMs: number): PumpMessage | undefined {
    const until = Date.now() + waitMs;
    for (;;) {
      const queued = this.queues.get(sid)?.shift();
      if (queued) return queued;
      Atomics.store(this.signal, 0, 0);
      this.drain();
      const drained = this.queues.get(sid)?.shift();
      if (drained) return drained;
      const left = until - Date.now();
      if (left <= 0) return undefined;
      Atomics.wait(this.signal, 0, 0, left);
    }
  }

  close(sid: number): void {
    this.queues.delete(sid);
  }

  /** Set once the main thread's pump has no sandbox started ahead to give (it starts them only when a run starts). */
  private noSpares = false;

  /**
   * A sandbox the main thread's pump started ahead, while vitest itself was starting (see prespawn in
   * pump.mjs), now this thread's; undefined when it has none (left), or with a pump of this thread's own.
   */
  takeSpare(): SandboxProcess | undefined {
    if (!this.keeper || this.noSpares) return undefined;
    const sid = this.open();
    this.send({ op: 'take-spare', sid, until: Date.now() + START_LIMIT_MS });
    const answer = this.receive(sid, START_LIMIT_MS);
    if (answer?.spare) return new SandboxProcess(this, { sid, ...answer.spare });
    this.close(sid);
    this.noSpares = true;
    return undefined;
  }

  private drain(): void {
    // (Node reads a broadcast channel here too, since 15.12; its types name only the message port.)
    const port = this.port as MessagePort;
    for (let got = receiveMessageOnPort(port); got; got = receiveMessageOnPort(port)) this.enqueue(got.message as PumpMessage);
  }

  private enqueue(message: PumpMessage): void {
    this.queues.get(message.sid)?.push(message);
  }
}

/** This thread's id in the operating system (Linux: /proc/thread-self), or undefined where it cannot be read. */
function ownTask(): string | undefined {
  try {
    return /\/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1];
  } catch {
    return undefined;
  }
}

/** Named pipes between this thread and one sandbox, opened before the sandbox starts (then unlinked). */
type Pipes = OpenPipes;

/** This thread's ends of a sandbox's pipes. */
type MainEnds = Pick<Pipes, 'mainIn' | 'mainOut' | 'wake'>;

/** A sandbox the main thread's pump started ahead (see prespawn in pump.mjs), as this thread takes it. */
export interface SpareSandbox {
  sid: number;
  pid: number;
  control: SharedArrayBuffer;
  pipes: MainEnds;
}

/** One sandbox process as the suites' thread sees it. */
export class SandboxProcess {
  readonly sid: number;
  /** When the current call must end (ms since the epoch; 0 between calls), read by the pump. */
  readonly deadline: Float64Array;
  private readonly gone: Int32Array;
  private readonly pipes: MainEnds | undefined;
  /** The sandbox's own ends of its pipes, closed here once it holds its copies. */
  private readonly childEnds: number[];
  private exit: Exit | undefined;
  private released = false;
  private started = false;
  /** The process the pump started (on Linux, the sandbox runs below it). */
  private pid: number | undefined;

  /** Asks the pump to start a sandbox (`ready` waits until it listens), or takes one it started ahead. */
  constructor(
    private readonly pump: Pump,
    spec: SandboxSpec | SpareSandbox,
  ) {
    if ('control' in spec) {
      // Started by the main thread's pump before this thread asked, its own ends of the pipes closed there.
      this.sid = spec.sid;
      this.gone = new Int32Array(spec.control, 0, 1);
      this.deadline = new Float64Array(spec.control, 8, 1);
      this.pipes = spec.pipes;
      this.childEnds = [];
      this.pid = spec.pid;
      this.spawnedAhead = true;
      return;
    }
    this.sid = pump.open();
    const control = new SharedArrayBuffer(16);
    this.gone = new Int32Array(control, 0, 1);
    this.deadline = new Float64Array(control, 8, 1);
    this.deadline[0] = Date.now() + START_LIMIT_MS;
    const pipes = spec.pipes ? openPipes(pump.pipeStock) : undefined;
    this.pipes = pipes;
    this.childEnds = pipes ? [pipes.childIn, pipes.childOut] : [];
    const { pipes: _usePipes, ...rest } = spec;
    pump.send({ op: 'spawn', sid: this.sid, ...rest, args: [...spec.args, pipes ? 'pipes' : 'stdio'], control, pipes });
  }

  /** True for a sandbox the pump started ahead (its start is known already). */
  private readonly spawnedAhead: boolean = false;

  /** Waits until the sandbox has started and listens (at once when it already does). */
  ready(): void {
    if (this.started) return;
    this.started = true;
    if (!this.spawnedAhead) {
      const started = this.pump.receive(this.sid, START_LIMIT_MS + 5000);
      this.pid = started?.pid;
      // The sandbox holds its own copies of its two ends now (or never will).
      for (const end of this.childEnds) closeSync(end);
      if (started?.exit) this.ended(started.exit);
    }
    // A sandbox says 'ready' once it listens; anything else is a broken start.
    if (this.alive && this.receive()?.t !== 'ready') this.kill('protocol');
  }

  get alive(): boolean {
    return this.exit === undefined && Atomics.load(this.gone, 0) === 0;
  }

  /** Why the sandbox ended, once it has. */
  get ending(): Exit | undefined {
    return this.exit;
  }

  /** Sends one frame; false when the sandbox is gone. */
  send(frame: Frame): boolean {
    if (!this.alive) return false;
    const text = JSON.stringify(frame);
    if (!this.pipes) {
      this.pump.send({ op: 'write', sid: this.sid, text });
      return true;
    }
    const body = Buffer.from(text, 'utf8');
    const whole = Buffer.alloc(4 + body.length);
    whole.writeUInt32LE(body.length, 0);
    body.copy(whole, 4);
    for (let offset = 0; offset < whole.length; offset += PART_BYTES) {
      if (offset > 0 && this.receive()?.t !== 'more') return false;
      writeAll(this.pipes.mainIn, whole.subarray(offset, offset + PART_BYTES));
    }
    return true;
  }

  /** The next frame, blocking until it comes; undefined when the sandbox is gone (see `ending`). */
  receive(): Frame | undefined {
    const text = this.pipes ? this.readPipe() : this.readRelay();
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text) as Frame;
    } catch {
      this.kill('protocol');
      return this.receive();
    }
  }

  /**
   * The CPU time the process running the graded code has used, in milliseconds, as the kernel counts it
   * (the graded code cannot change it); undefined where /proc does not tell. Only that process: the
   * fences' own processes above it only wait, and the code can start none below it, so differences of
   * this time are the code's; one file read instead of a walk of the tree (calls are timed in bulk).
   */
  cpuMs(): number | undefined {
    this.codePid ??= innermostProcess(this.pid);
    return schedTimes(this.codePid)?.runMs;
  }

  /** The process that runs the graded code (found the first time the CPU time is read, once it runs). */
  private codePid: number | undefined;

  /**
   * Milliseconds the sandbox's processes have waited, ready, for a CPU since they started: 0 before it
   * starts and where the kernel does not tell; once it is gone, what the pump noted when it stopped it,
   * else what was last read.
   */
  waitedMs(): number {
    const now = this.alive ? schedTimes(this.pid)?.waitMs : this.exit?.waitedMs;
    this.lastWaitedMs = Math.max(this.lastWaitedMs, now ?? 0);
    return this.lastWaitedMs;
  }

  private lastWaitedMs = 0;

  kill(reason: string): void {
    if (this.exit === undefined) this.pump.send({ op: 'kill', sid: this.sid, reason });
  }

  /** Ends the sandbox and waits until it is gone, then frees what this side held for it. */
  release(): void {
    if (this.released) return;
    this.ready();
    this.kill('closed');
    while (this.exit === undefined) this.awaitExit();
    this.released = true;
    this.pump.close(this.sid);
    if (this.pipes) {
      closeSync(this.pipes.mainIn);
      closeSync(this.pipes.mainOut);
      closeSync(this.pipes.wake);
    }
  }

  private readRelay(): string | undefined {
    while (this.exit === undefined) {
      const message = this.pump.receive(this.sid, 60_000);
      if (message?.exit) this.ended(message.exit);
      else if (message?.frame !== undefined) return message.frame;
    }
    return undefined;
  }

  private readPipe(): string | undefined {
    const header = this.readBytes(4);
    if (header === undefined) return undefined;
    const length = header.readUInt32LE(0);
    if (length > MAX_FRAME) {
      this.kill('oversized');
      this.awaitExit();
      return undefined;
    }
    return this.readBytes(length)?.toString('utf8');
  }

  /** Reads exactly `count` bytes from the pipe, or undefined once the sandbox is gone. */
  private readBytes(count: number): Buffer | undefined {
    const buffer = Buffer.alloc(count);
    let offset = 0;
    while (offset < count) {
      if (!this.alive) {
        this.awaitExit();
        return undefined;
      }
      offset += readSync((this.pipes as Pipes).mainOut, buffer, offset, count - offset, null);
    }
    if (!this.alive) {
      this.awaitExit();
      return undefined;
    }
    return buffer;
  }

  /** Waits for the pump's word that the sandbox is gone. */
  private awaitExit(): void {
    while (this.exit === undefined) {
      const message = this.pump.receive(this.sid, 60_000);
      if (message?.exit) this.ended(message.exit);
    }
  }

  private ended(exit: Exit): void {
    this.exit = exit;
  }
}

function writeAll(fd: number, data: Buffer): void {
  let offset = 0;
  while (offset < data.length) offset += writeSync(fd, data, offset, data.length - offset);
}

/** Whether named pipes can be made here (once per thread); `stock`: the grader's (see PumpSettings). */
let pipesWork: boolean | undefined;
export function namedPipesWork(stock: string | undefined): boolean {
  if (pipesWork === undefined) {
    try {
      // The first pipes made here are kept for the sandboxes to come.
      if (process.platform === 'win32') throw new Error('no named pipes here');
      if (pipeStock.length === 0) pipeStock.push(...takeOrMakePipes(stock));
      pipesWork = true;
    } catch {
      pipesWork = false;
    }
  }
  return pipesWork;
}

/** How many pairs of named pipes one `mkfifo` makes: starting a process costs far more than a pipe. */
const PIPES_PER_BATCH = 4;

/** Pairs made ahead and already opened (their names are gone), for the next sandboxes of this thread. */
const pipeStock: Pipes[] = [];

/**
 * Two named pipes for one sandbox: this side holds both ends of each (so opening never blocks), the
 * sandbox gets only the end it needs (read requests, write replies). They are made a few pairs at a
 * time in a private folder, opened at once, and the folder removed, so nothing else can ever open them.
 */
function openPipes(stock: string | undefined): Pipes {
  if (process.platform === 'win32') throw new Error('no named pipes here');
  if (pipeStock.length === 0) pipeStock.push(...takeOrMakePipes(stock));
  return pipeStock.pop() as Pipes;
}

/** A pair from the grader's stock (`stock`, see pipe-stock.ts) when it has one, else a batch made here. */
function takeOrMakePipes(stock: string | undefined): Pipes[] {
  const taken = takeStockPair(stock);
  return taken === undefined ? makePipes(PIPES_PER_BATCH) : [taken];
}

function makePipes(count: number): Pipes[] {
  const folder = mkdtempSync(join(tmpdir(), 'workbook-pipes-'));
  try {
    const names = Array.from({ length: count }, (_, index) => ({ requests: join(folder, `requests-${index}`), replies: join(folder, `replies-${index}`) }));
    const made = spawnSync('mkfifo', ['-m', '600', ...names.flatMap((pair) => [pair.requests, pair.replies])], { stdio: 'ignore' });
    if (made.status !== 0) throw new Error('mkfifo failed');
    return names.map(openPair);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The sandboxes of this worker thread, kept between lessons of one folder: at most a few, the least
 * recently used go first. A sandbox only ever serves the folder it was first booted for; the one
 * sandbox that never holds graded code (`pinned`) is kept apart, for every folder the thread grades.
 */
export class SandboxPool {
  readonly pump: Pump;
  private readonly idle = new Map<string, SandboxProcess>();
  private readonly pinned = new Map<string, SandboxProcess>();
  private static readonly KEEP = 2;
  /** A sandbox started ahead, for whichever folder needs one next (it holds no code until it is booted). */
  private spare: SandboxProcess | undefined;

  constructor(settings: PumpSettings) {
    this.pump = new Pump(settings);
  }

  /** Starts a spare sandbox now, while the thread has other work, unless one is waiting for `key` or for anyone. */
  warm(key: string, start: (pump: Pump) => SandboxProcess): void {
    if (this.idle.get(key)?.alive) return;
    this.spare ??= this.pump.takeSpare() ?? start(this.pump);
  }

  /** The spare sandbox, if one was started and is still there. */
  takeSpare(): SandboxProcess | undefined {
    const spare = this.spare;
    this.spare = undefined;
    return spare?.alive ? spare : undefined;
  }

  /**
   * A live sandbox kept for `key`, taken out of the pool, or undefined. Sandboxes kept for other
   * folders end here: the grader runs one folder's lessons after another, so theirs are done.
   */
  take(key: string): SandboxProcess | undefined {
    for (const [other, kept] of [...this.idle]) {
      if (other === key) continue;
      this.idle.delete(other);
      kept.release();
    }
    const sandbox = this.idle.get(key) ?? this.pinned.get(key);
    this.idle.delete(key);
    this.pinned.delete(key);
    if (sandbox && !sandbox.alive) {
      sandbox.release();
      return undefined;
    }
    return sandbox;
  }

  /** Ends the sandbox kept for `key` (not a pinned one), if there is one. */
  releaseKept(key: string): void {
    this.idle.get(key)?.release();
    this.idle.delete(key);
  }

  /** Keeps a sandbox for the next lesson of the same folder (`pinned`: one without graded code, kept apart). */
  keep(key: string, sandbox: SandboxProcess, pinned = false): void {
    if (!sandbox.alive) {
      sandbox.release();
      return;
    }
    if (pinned) {
      this.pinned.get(key)?.release();
      this.pinned.set(key, sandbox);
      return;
    }
    this.idle.get(key)?.release();
    this.idle.set(key, sandbox);
    while (this.idle.size > SandboxPool.KEEP) {
      const [oldest, first] = this.idle.entries().next().value as [string, SandboxProcess];
      this.idle.delete(oldest);
      first.release();
    }
  }
}

const POOL_KEY = Symbol.for('tictactoe-workbook.sandbox-pool');

/**
 * This worker thread's pool (the same `process` object is seen by every test file the thread runs),
 * made with `settings` the first time (they are the same for every test file of a thread).
 */
export function sandboxPool(settings: PumpSettings): SandboxPool {
  const host = process as unknown as Record<symbol, SandboxPool | undefined>;
  host[POOL_KEY] ??= new SandboxPool(settings);
  return host[POOL_KEY];
}
