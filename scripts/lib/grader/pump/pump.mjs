// @ts-check
// The pump of the trusted test side (channel.ts): it starts the sandbox processes and keeps their
// clocks. The suites' thread blocks while the hand-in's code runs (so that a call into it looks
// synchronous); the pump, elsewhere, stops a sandbox that runs past its deadline, uses too much
// memory or breaks the protocol, and then wakes the suites' thread. Where named pipes exist, frames
// go straight between the suites' thread and the sandbox; elsewhere the pump relays them.
//
// Under the grader the pumps of every suites' thread run in the main thread of the vitest child
// (startKeeper, from suite-child.mjs), which never waits on graded code: a thread of its own for
// each pump cost some 0.1 s of CPU time to start, twice in every check. Elsewhere (a suite run by
// plain vitest, say) each suites' thread starts its pump in a helper thread that loads this file.
//
// Plain JavaScript, because it runs in a worker thread that loads it without a TypeScript loader.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, rmSync, writeSync } from 'node:fs';
import { BroadcastChannel, isMainThread, workerData } from 'node:worker_threads';
import { BUSY_STRETCH, innermostProcess, mayWaitUncounted, processRun, residentBytes, schedTimes, threadRun, threadWaitMs } from './cpu-time.mjs';
import { takeStockPair } from './pipe-pairs.mjs';
import { KEEPER_CHANNEL, MAX_FRAME } from '../contracts/wire.mjs';

/** Bytes of a sandbox's standard error kept, to explain a crash. */
const STDERR_KEEP = 4096;
/** How often deadlines are looked at, in milliseconds. */
const DEADLINE_EVERY = 20;
/** How often memory use is measured, in milliseconds. */
const MEMORY_EVERY = 100;
/** What the suites' thread reads from a named pipe when its sandbox has gone (no frame is that long). */
const WAKE = Buffer.from([0xff, 0xff, 0xff, 0xff]);

/** @typedef {import('./pipe-pairs.mjs').OpenPipes} OpenPipes */
/** What starting one sandbox takes (a spawn request of a suites' thread, or a sandbox started ahead). */
/** @typedef {Omit<import('../contracts/fences.ts').SandboxSpec, 'pipes'> & { sid: Sid, control: SharedArrayBuffer, pipes: OpenPipes | undefined }} StartSpec */
/** A sandbox's id at its pump: a number from a suites' thread, a text for one started ahead. */
/** @typedef {number | string} Sid */
/**
 * A pump: `task` is the operating-system id of the suites' thread it serves, in this process (undefined
 * for the sandboxes started ahead, until a thread takes them).
 * @typedef {{ post: (message: object) => void, sandboxes: Map<Sid, Box>, task: string | undefined }} Pump
 */
/**
 * @typedef {object} Box One sandbox as its pump keeps it.
 * @property {Pump} pump
 * @property {Sid} sid
 * @property {import('node:child_process').ChildProcess | undefined} child
 * @property {Buffer} pending
 * @property {string} stderr
 * @property {string | undefined} reason
 * @property {NodeJS.Timeout[]} timers
 * @property {string} scratch
 * @property {Int32Array} gone
 * @property {OpenPipes | undefined} pipes
 * @property {SharedArrayBuffer} control
 * @property {{ waitedMs?: number, callWaitedMs?: number }} waits What it had waited for a CPU when the pump stopped it (see stop).
 */
/**
 * @typedef {{ end: number, limit: number, waitedBefore: number | undefined, runs?: CallRuns }} Call (waitedBefore: see
 * callWaits; runs: what its processes had run at the last look, from one look before its deadline on)
 */
/** @typedef {import('./cpu-time.mjs').CallRuns} CallRuns */
/**
 * A request of a suites' thread (channel.ts).
 * @typedef {({ op: 'spawn' } & StartSpec) | { op: 'take-spare', sid: number, until: number } | { op: 'write', sid: Sid, text: string } | { op: 'kill', sid: Sid, reason?: string }} PumpRequest
 */

/** Every pump of this thread: the live sandboxes of each, by id. */
/** @type {Set<Map<Sid, Box>>} */
const everyPump = new Set();

/**
 * A pump: `post` carries its messages to the suites' thread it serves, and `sandboxes` holds the
 * sandboxes it started for that thread, by id. Each sandbox's record (`box`) names its pump and its
 * id there: a sandbox started ahead (see prespawn) changes hands when a thread takes it.
 * @param {(message: object) => void} post
 * @param {string | undefined} task
 */
function newPump(post, task) {
  /** @type {Pump} */
  const pump = { post, sandboxes: new Map(), task };
  everyPump.add(pump.sandboxes);
  return pump;
}

/**
 * Starts a sandbox for `pump` under the id `sid`.
 * @param {Pump} pump
 * @param {StartSpec} spec
 * @returns {Box}
 */
function start(pump, { sid, command, args, env, uid, gid, memoryLimitBytes, scratch, control, pipes }) {
  /** @type {import('node:child_process').SpawnOptions} */
  const options = { env, cwd: scratch, stdio: pipes ? ['ignore', 'pipe', 'pipe', pipes.childIn, pipes.childOut] : ['pipe', 'pipe', 'pipe'] };
  if (uid !== undefined) Object.assign(options, { uid, gid });
  // control: [0] 1 once the sandbox is gone; as Float64 at byte 8: when the current call must end (0: none).
  const gone = new Int32Array(control, 0, 1);
  const until = new Float64Array(control, 8, 1);
  /** @type {Box} */
  const box = { pump, sid, child: undefined, pending: Buffer.alloc(0), stderr: '', reason: undefined, timers: [], scratch, gone, pipes, control, waits: {} };
  pump.sandboxes.set(sid, box);
  try {
    box.child = spawn(command, args, options);
  } catch (error) {
    box.reason = 'spawn';
    box.stderr = String(/** @type {Error} */ (error).message);
    finish(box, null, null);
    return box;
  }
  const child = /** @type {import('node:child_process').ChildProcess} */ (box.child);
  pump.post({ sid, spawned: true, pid: child.pid });
  child.stdin?.on('error', () => {});
  /** @type {import('node:stream').Readable} */ (child.stdout).on('data', (/** @type {Buffer} */ chunk) => {
    if (pipes) return; // with named pipes, standard output carries nothing the grader reads
    box.pending = box.pending.length === 0 ? chunk : Buffer.concat([box.pending, chunk]);
    while (box.pending.length >= 4) {
      const length = box.pending.readUInt32LE(0);
      if (length > MAX_FRAME) {
        stop(box, 'oversized');
        return;
      }
      if (box.pending.length < 4 + length) break;
      const text = box.pending.toString('utf8', 4, 4 + length);
      box.pending = box.pending.subarray(4 + length);
      box.pump.post({ sid: box.sid, frame: text });
    }
  });
  /** @type {import('node:stream').Readable} */ (child.stderr).on('data', (/** @type {Buffer} */ chunk) => {
    if (box.stderr.length < STDERR_KEEP) box.stderr += chunk.toString('utf8').slice(0, STDERR_KEEP - box.stderr.length);
  });
  child.on('error', (error) => {
    box.reason ??= 'spawn';
    box.stderr += String(error.message);
  });
  child.on('close', (code, killedBy) => finish(box, code, killedBy));
  /** @type {Call | undefined} */
  let call; // the current call: its deadline, its limit, and how long the sandbox had waited for a CPU before it
  box.timers.push(
    setInterval(() => {
      const end = /** @type {number} */ (until[0]);
      if (end <= 0) {
        call = undefined;
        return;
      }
      const now = Date.now();
      if (call?.end !== end) call = { end, limit: Math.max(0, end - now), waitedBefore: callWaits(box) };
      if (now + DEADLINE_EVERY < end) return;
      const before = call.runs;
      call.runs = callRuns(box);
      if (now <= end) return;
      if (now > call.end + call.limit * (BUSY_STRETCH - 1) || !(stillOwed(call, box, now) || mayWaitUncounted(before, call.runs))) stop(box, 'timeout', call);
    }, DEADLINE_EVERY),
  );
  if (memoryLimitBytes) {
    box.timers.push(
      setInterval(() => {
        if ((residentBytes(child.pid) ?? 0) > memoryLimitBytes) stop(box, 'memory');
      }, MEMORY_EVERY),
    );
  }
  return box;
}

/**
 * Whether a call past its deadline is still owed time: the machine kept its code, or the suites'
 * thread that sends and reads its messages, waiting for a CPU for longer than the call has overrun.
 * (However much it is owed, it is stopped once it has run BUSY_STRETCH times its limit.)
 * @param {Call} call
 * @param {Box} box
 * @param {number} now
 */
function stillOwed(call, box, now) {
  const waitedNow = callWaits(box);
  if (call.waitedBefore === undefined || waitedNow === undefined) return false;
  return now - call.end < waitedNow - call.waitedBefore;
}

/**
 * What the processes of a call have run, and whether they are ready to run: the sandbox's innermost
 * process (the one that runs the graded code) and the suites' thread it serves.
 * @param {Box} box
 * @returns {CallRuns}
 */
function callRuns(box) {
  return { sandbox: processRun(innermostProcess(box.child?.pid)), thread: threadRun(box.pump.task) };
}

/**
 * Milliseconds a sandbox and the suites' thread it serves have waited, ready, for a CPU (a call's time
 * is theirs: the thread writes the call and reads its answer); undefined where /proc does not tell.
 * @param {Box} box
 */
function callWaits(box) {
  const sandbox = schedTimes(box.child?.pid)?.waitMs;
  return sandbox === undefined ? undefined : sandbox + (threadWaitMs(box.pump.task) ?? 0);
}

/**
 * Tells the suites' thread that a sandbox is gone, waking it if it is reading a named pipe.
 * @param {Box} box
 * @param {number | null} code
 * @param {NodeJS.Signals | null} killedBy
 */
function finish(box, code, killedBy) {
  for (const timer of box.timers) clearInterval(timer);
  box.pump.sandboxes.delete(box.sid);
  if (box.scratch) rmSync(box.scratch, { recursive: true, force: true });
  Atomics.store(box.gone, 0, 1);
  const exit = { code, signal: killedBy, reason: box.reason ?? 'exit', detail: box.stderr, ...box.waits };
  if (!box.pipes) {
    box.pump.post({ sid: box.sid, exit });
    return;
  }
  // Never waits: a dead sandbox may have left the pipe full (a frame too large to read, say), and then
  // the thread is not blocked on an empty pipe but reading, or waiting for this message (once a
  // blocking write here waited for it, and it for this message, for ever).
  try {
    writeSync(box.pipes.wake, WAKE);
  } catch {
    // The pipe is full: the thread finds the sandbox gone as it reads on.
  }
  box.pump.post({ sid: box.sid, exit });
}

/**
 * Stops a sandbox. The first stop notes what it had waited for a CPU, in all and (a call stopped at its
 * deadline) in the call that runs: once it is gone the kernel no longer tells, and the suites' thread
 * leaves that time out of its budgets (steady-clock.ts).
 * @param {Box | undefined} box
 * @param {string} reason
 * @param {Call} [call]
 */
function stop(box, reason, call) {
  if (!box) return;
  if (box.reason === undefined) {
    const waitedMs = schedTimes(box.child?.pid)?.waitMs;
    const callWaited = call === undefined ? undefined : callWaits(box);
    const inCall = callWaited === undefined || call?.waitedBefore === undefined ? undefined : callWaited - call.waitedBefore;
    box.waits = { ...(waitedMs === undefined ? {} : { waitedMs }), ...(inCall === undefined ? {} : { callWaitedMs: inCall }) };
  }
  box.reason ??= reason;
  try {
    box.child?.kill('SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * The pump of one suites' thread: `port` carries its messages to that thread, which waits on
 * `signalBuffer` (an Int32Array's memory) and is woken through it. `spares`: sandboxes started ahead
 * that the thread may take (in the main thread of the vitest child). Returns the function that takes
 * the thread's requests, and the one that ends every sandbox the pump started.
 */
/**
 * @param {{ postMessage(message: object): void }} port
 * @param {SharedArrayBuffer} signalBuffer
 * @param {string | undefined} task the thread's id in the operating system, where it is known
 * @param {Box[]} [spares]
 */
function createPump(port, signalBuffer, task, spares = []) {
  const signal = new Int32Array(signalBuffer);
  const pump = newPump((message) => {
    port.postMessage(message);
    Atomics.store(signal, 0, 1);
    Atomics.notify(signal, 0);
  }, task);

  /** Takes one request of the suites' thread. */
  const handle = (/** @type {PumpRequest} */ message) => {
    switch (message.op) {
      case 'spawn':
        start(pump, message);
        break;
      case 'take-spare': {
        const box = takeSpare(spares);
        if (box === undefined) {
          pump.post({ sid: message.sid, spare: null });
          break;
        }
        // From now on the thread's start-up deadline holds (a spare that never listened is stopped).
        new Float64Array(box.control, 8, 1)[0] = message.until;
        box.pump.sandboxes.delete(box.sid);
        box.pump = pump;
        box.sid = message.sid;
        pump.sandboxes.set(box.sid, box);
        const { mainIn, mainOut, wake } = /** @type {OpenPipes} */ (box.pipes);
        pump.post({
          sid: box.sid,
          spare: { pid: /** @type {import('node:child_process').ChildProcess} */ (box.child).pid, control: box.control, pipes: { mainIn, mainOut, wake } },
        });
        break;
      }
      case 'write': {
        const box = pump.sandboxes.get(message.sid);
        if (!box?.child?.stdin) return;
        const body = Buffer.from(message.text, 'utf8');
        const header = Buffer.alloc(4);
        header.writeUInt32LE(body.length, 0);
        box.child.stdin.write(Buffer.concat([header, body]));
        break;
      }
      case 'kill':
        stop(pump.sandboxes.get(message.sid), message.reason ?? 'closed');
        break;
      default:
    }
  };

  /** Ends every sandbox of this pump (its thread has gone). */
  const endAll = () => {
    for (const box of pump.sandboxes.values()) stop(box, 'closed');
    everyPump.delete(pump.sandboxes);
  };
  return { handle, endAll };
}

/**
 * The first spare still running, taken off the list; undefined when none is left.
 * @param {Box[]} spares
 */
function takeSpare(spares) {
  for (let box = spares.shift(); box !== undefined; box = spares.shift()) {
    if (box.child && Atomics.load(box.gone, 0) === 0) return box;
  }
  return undefined;
}

// When this thread goes (the helper thread of a suites' thread, or the vitest child), every sandbox goes with it.
process.on('exit', () => {
  for (const sandboxes of everyPump) {
    for (const box of sandboxes.values()) {
      try {
        box.child?.kill('SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
});

// Loaded as the helper thread of one suites' thread.
if (!isMainThread && workerData?.signal) {
  const { handle } = createPump(workerData.port, workerData.signal, workerData.task);
  workerData.port.on('message', handle);
}

/** How often the main thread looks whether the suites' threads it pumps for are still there, in milliseconds. */
const THREADS_EVERY = 250;

/**
 * Runs the pumps of every suites' thread of this process here, in the main thread (Linux: see channel.ts).
 * A thread's first request names its own operating-system thread (`task`) and brings the memory it waits
 * on; the pump answers on a channel of that thread's own. When the thread has gone (vitest replaced a
 * worker, say), its sandboxes end, as they would with the thread's own helper thread. Returns
 * `prespawn` (see there) and `stop`, which ends the pumps and every sandbox they started.
 */
export function startKeeper() {
  const requests = new BroadcastChannel(KEEPER_CHANNEL);
  /** The pumps, by the suites' thread they serve (its threadId). */
  /** @type {Map<number, ReturnType<typeof createPump> & { task: string }>} */
  const pumps = new Map();
  /** Sandboxes started ahead, for the first threads that ask (see prespawn); until then, no thread's. */
  /** @type {Box[]} */
  const spares = [];
  const waiting = newPump(() => {}, undefined);
  requests.onmessage = (event) => {
    const message = event.data;
    if (
      typeof message?.thread !== 'number' ||
      typeof message.task !== 'string' ||
      !/^\d+$/.test(message.task) ||
      !(message.signal instanceof SharedArrayBuffer)
    )
      return;
    let pump = pumps.get(message.thread);
    if (pump === undefined) {
      const replies = new BroadcastChannel(`${KEEPER_CHANNEL}-${message.thread}`);
      replies.unref();
      pump = { ...createPump(replies, message.signal, message.task, spares), task: message.task };
      pumps.set(message.thread, pump);
    }
    pump.handle(message);
  };
  requests.unref();
  const watch = setInterval(() => {
    for (const [thread, pump] of pumps) {
      if (existsSync(`/proc/self/task/${pump.task}`)) continue;
      pump.endAll();
      pumps.delete(thread);
    }
  }, THREADS_EVERY);
  watch.unref();

  /**
   * Starts a sandbox for each spec now, with a pair of pipes from the grader's stock (`stock`), for the
   * first threads to take (a spare holds no code until a thread boots it). The grader sends the specs
   * with the run's start, while vitest itself starts here and the other CPU has little to do.
   */
  const prespawn = (/** @type {import('../contracts/child-protocol.ts').SpareSpec[]} */ specs, /** @type {string | undefined} */ stock) => {
    let tries = 0;
    const next = () => {
      while (specs.length > 0) {
        const pipes = takeStockPair(stock);
        if (pipes === undefined) {
          // The stock is still being made (the grader started it a moment ago).
          if ((tries += 1) <= SPARE_TRIES) setTimeout(next, SPARE_RETRY_MS).unref();
          return;
        }
        const { startLimitMs, ...spec } = /** @type {import('../contracts/child-protocol.ts').SpareSpec} */ (specs.shift());
        const control = new SharedArrayBuffer(16);
        new Float64Array(control, 8, 1)[0] = Date.now() + startLimitMs;
        const box = start(waiting, { ...spec, sid: `ahead-${(spared += 1)}`, args: [...spec.args, 'pipes'], control, pipes });
        // The sandbox holds its own copies of its two ends now (or never will).
        closeSync(pipes.childIn);
        closeSync(pipes.childOut);
        if (box.child !== undefined) spares.push(box);
      }
    };
    next();
  };

  const stopKeeper = () => {
    clearInterval(watch);
    requests.close();
    for (const pump of pumps.values()) pump.endAll();
    pumps.clear();
    for (const box of spares.splice(0)) stop(box, 'closed');
  };
  return { prespawn, stop: stopKeeper };
}

/** How many sandboxes started ahead so far (their ids while no thread has them). */
let spared = 0;
/** How long to wait for the pipe stock before trying again, in milliseconds, and how many times. */
const SPARE_RETRY_MS = 20;
const SPARE_TRIES = 50;
