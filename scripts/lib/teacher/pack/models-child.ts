/**
 * The behavioural leak check's child process (started by models.ts, in a scratch copy of the pack):
 * works out the reference's answers to every probe (probes.ts), loads every module the pack ships,
 * calls each exported function on the same inputs and writes down the ones that agree. Everything it
 * finds, and what it is about to do, goes to a results file line by line (JSON), so that when a
 * shipped function never returns, the parent knows which one to leave out on its next try.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { Worker } from 'node:worker_threads';
import { type AnyFunction, PROBES, type Probe, RandomSource, type Reference, ScriptedLines } from './probes.ts';

/** What models.ts tells the child. */
export interface ChildTask {
  /** The teacher's workbook, whose solutions/ holds the references. */
  root: string;
  /** Every lesson's files, for the references (a probe may use another lesson's reference). */
  lessonFiles: Record<string, string[]>;
  /** The lessons whose graded functions no shipped function may compute. */
  probed: string[];
  /** The shipped modules to load, relative to the pack (the working folder). */
  modules: string[];
  /** "path" or "path#export": left out because they never finished on an earlier try. */
  skip: string[];
  /** Where to write the results. */
  results: string;
}

/** One line of the results file. */
export type ChildLine =
  | { load: string }
  | { unloadable: string; error: string }
  | { weak: string; why: string }
  | { try: string }
  | { slow: string; ms: number }
  | { agrees: string; lesson: string; name: string }
  | { done: { modules: number; functions: number; probes: number; calls: number; ms: number } };

/** What one call gave: the value returned or the error thrown, and what it asked and printed through a ScriptedLines IO. */
interface Answer {
  value?: unknown;
  threw?: true;
  transcript?: unknown[];
}

/** A probe ready to compare: its samples and the reference's answer to each (samples where the reference throws are left out). */
interface ReadyProbe {
  probe: Probe;
  samples: unknown[][];
  answers: Answer[];
}

const started = Date.now();
const builtin = createRequire(import.meta.url);
const task = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as ChildTask;
const exit = process.exit.bind(process);
const write = (line: ChildLine): void => appendFileSync(task.results, `${JSON.stringify(line)}\n`);
let calls = 0;

/** How many times an IO may be asked for a line after its lines ran out, or print, before the call is stopped. */
const IO_LIMITS = { askAfterEnd: 20, prints: 10_000 };

/** The argument as a call gets it: a fresh copy of data, a fresh IO or random source for the markers, functions as they are. */
function materialize(value: unknown, transcript: unknown[]): unknown {
  if (value instanceof ScriptedLines) return scriptedIO(value.lines, transcript);
  if (value instanceof RandomSource) {
    let next = 0;
    return () => value.values[next++ % value.values.length];
  }
  if (Array.isArray(value)) return value.map((item) => materialize(item, transcript));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, materialize(item, transcript)]));
  }
  return value;
}

/** An IO that answers with `lines`, then null, and writes down every prompt and every printed text. */
function scriptedIO(lines: readonly string[], transcript: unknown[]): { input(prompt: unknown): string | null; print(text: unknown): void } {
  let next = 0;
  let afterEnd = 0;
  return {
    input(prompt) {
      transcript.push(['input', prompt]);
      if (next < lines.length) return lines[next++] as string;
      afterEnd += 1;
      if (afterEnd > IO_LIMITS.askAfterEnd) throw new Error('asked for input long after it ended');
      return null;
    },
    print(text) {
      transcript.push(['print', text]);
      if (transcript.length > IO_LIMITS.prints) throw new Error('printed too much');
    },
  };
}

/**
 * How long one call, or the loading of one module, may take before the process is ended (the parent
 * then leaves out what the last line of the results file names): this much CPU time, so that a busy
 * machine does not stop honest work, or this long on the clock (work that waits without working).
 * Loading gets more: a module may bring a library as large as vite.
 */
const LIMITS = { call: { cpuMs: 3_000, clockMs: 30_000 }, load: { cpuMs: 30_000, clockMs: 300_000 } };

/** CPU time the process has used, in milliseconds. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * What is under way, watched by a thread that ends the whole process when it goes past its limit (a
 * loop that never ends cannot be stopped from inside): slot 0 numbers each call or load (0 between
 * them), slot 1 says which it is (0 a call, 1 a load).
 */
const underWay = new Int32Array(new SharedArrayBuffer(8));
new Worker(
  `const { workerData } = require('node:worker_threads');
  const { underWay, limits } = workerData;
  const cpuMs = () => (process.cpuUsage().user + process.cpuUsage().system) / 1000;
  let seen = 0;
  let since = { cpu: cpuMs(), clock: Date.now() };
  setInterval(() => {
    const now = Atomics.load(underWay, 0);
    const limit = Atomics.load(underWay, 1) === 1 ? limits.load : limits.call;
    if (now !== seen) {
      seen = now;
      since = { cpu: cpuMs(), clock: Date.now() };
    } else if (now !== 0 && (cpuMs() - since.cpu > limit.cpuMs || Date.now() - since.clock > limit.clockMs)) {
      process.kill(process.pid, 'SIGKILL');
    }
  }, 50);`,
  { eval: true, workerData: { underWay, limits: LIMITS } },
).unref();

/** How many calls and loads have begun: each one's number for the watch. */
let begun = 0;

/** Marks the start of a call or a load for the watch. */
function watchStart(kind: 'call' | 'load'): void {
  begun += 1;
  Atomics.store(underWay, 1, kind === 'load' ? 1 : 0);
  Atomics.store(underWay, 0, begun);
}

/** Marks its end. */
function watchEnd(): void {
  Atomics.store(underWay, 0, 0);
}

/** Calls `fn` on a fresh copy of the arguments. */
function call(fn: AnyFunction, args: unknown[]): Answer {
  calls += 1;
  watchStart('call');
  const transcript: unknown[] = [];
  const hasIO = args.some((arg) => arg instanceof ScriptedLines);
  try {
    const value = fn(...args.map((arg) => materialize(arg, transcript)));
    if (typeof (value as { then?: unknown } | null)?.then === 'function') (value as Promise<unknown>).then(undefined, () => {});
    return hasIO ? { value, transcript } : { value };
  } catch {
    return hasIO ? { threw: true, transcript } : { threw: true };
  } finally {
    watchEnd();
  }
}

/** The lesson's reference: the exports of all its files, loaded before anything else. */
async function loadReferences(): Promise<Reference> {
  const loaded = new Map<string, Record<string, unknown>>();
  for (const [lessonId, files] of Object.entries(task.lessonFiles)) {
    const exports: Record<string, unknown> = {};
    try {
      for (const file of files) Object.assign(exports, await import(pathToFileURL(join(task.root, 'solutions', lessonId, file)).href));
      loaded.set(lessonId, exports);
    } catch {
      // a lesson without a reference yet: its probes are left out below
    }
  }
  return (lessonId) => {
    const exports = loaded.get(lessonId);
    if (exports === undefined) throw new Error(`no reference for ${lessonId}`);
    return exports;
  };
}

/** Why agreeing with the reference on these answers would prove too little, or null when it proves enough. */
function weakness(probe: Probe, answers: Answer[]): string | null {
  if (probe.constant) return answers.length === 1 ? null : 'a constant probe needs exactly one sample the reference answers';
  if (answers.length < 8) return `only ${answers.length} samples the reference answers`;
  const counts = new Map<string, number>();
  for (const answer of answers) {
    const key = JSON.stringify(answer) ?? 'undefined';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const commonest = Math.max(...counts.values());
  if (counts.size < 2) return 'every sample has the same answer';
  if (commonest > 0.8 * answers.length) return `${commonest} of ${answers.length} samples have the same answer`;
  return null;
}

/** The probes of the lessons checked, with the reference's answers. */
function readyProbes(reference: Reference): ReadyProbe[] {
  const ready: ReadyProbe[] = [];
  for (const probe of PROBES.filter((candidate) => task.probed.includes(candidate.lesson))) {
    const label = `lesson ${probe.lesson.slice(0, 2)}'s ${probe.name}`;
    let answer: AnyFunction;
    let all: unknown[][];
    try {
      answer = probe.answer?.(reference) ?? (reference(probe.lesson)[probe.name] as AnyFunction);
      all = probe.samples(reference);
      if (typeof answer !== 'function') throw new Error(`the reference has no function ${probe.name}`);
    } catch (error) {
      write({ weak: label, why: `not probed: ${error instanceof Error ? error.message : String(error)}` });
      continue;
    }
    const samples: unknown[][] = [];
    const answers: Answer[] = [];
    for (const sample of all) {
      const result = call(answer, sample);
      if (result.threw) continue;
      samples.push(sample);
      answers.push(result);
    }
    const why = weakness(probe, answers);
    if (why !== null) write({ weak: label, why });
    else ready.push({ probe, samples, answers });
  }
  return ready;
}

/** Every order of the arguments 0 … count-1, the given order first; only the given one past three arguments. */
function orders(count: number): number[][] {
  const given = [...Array(count).keys()];
  if (count > 3) return [given];
  const permute = (rest: number[]): number[][] =>
    rest.length <= 1 ? [rest] : rest.flatMap((head) => permute(rest.filter((other) => other !== head)).map((tail) => [head, ...tail]));
  return permute(given);
}

/** True when two answers are deeply equal; false too when comparing throws (a getter of the value, say). */
function sameAnswer(actual: Answer, expected: Answer): boolean {
  try {
    return isDeepStrictEqual(actual, expected);
  } catch {
    return false;
  }
}

/** What each function answered without arguments: asked once, compared with every constant probe. */
const withoutArguments = new Map<AnyFunction, Answer>();

/**
 * CPU time a function may take on first samples, over all probes, before it is given up (counted as
 * not agreeing, and reported): a function that does a lot on any input (a walk through every game)
 * would otherwise take most of the check. A function that has agreed so far goes on to the last sample.
 */
const FIRST_SAMPLES_BUDGET_MS = 2_000;

/** How much CPU time the function being checked has spent on first samples. */
let spent = 0;

/** True when `fn`, given the probe's arguments in this order, answers every sample as the reference does; null when it took too long. */
function agreesInOrder(fn: AnyFunction, ready: ReadyProbe, order: number[]): boolean | null {
  for (const [index, sample] of ready.samples.entries()) {
    if (index === 0 && spent > FIRST_SAMPLES_BUDGET_MS) return null;
    const args = order.map((at) => sample[at]);
    const begun = cpuMs();
    let answer = args.length === 0 ? withoutArguments.get(fn) : undefined;
    if (answer === undefined) answer = call(fn, args);
    if (args.length === 0) withoutArguments.set(fn, answer);
    if (index === 0) spent += cpuMs() - begun;
    if (!sameAnswer(answer, ready.answers[index] as Answer)) return false;
  }
  return true;
}

/** True when `fn` computes the probe's graded function (its arguments in any order); null when it took too long to tell. */
function agrees(fn: AnyFunction, ready: ReadyProbe): boolean | null {
  const count = (ready.samples[0] as unknown[]).length;
  // A function that needs more arguments than the graded function takes is not a model of it.
  if (fn.length > count) return false;
  for (const order of orders(count)) {
    const verdict = agreesInOrder(fn, ready, order);
    if (verdict !== false) return verdict;
  }
  return false;
}

/** Keeps a shipped function from starting processes, threads or servers, or ending the check. */
function fenceIn(): void {
  const refuse = (what: string) => () => {
    throw new Error(`${what} is not allowed in the leak check`);
  };
  const childProcess = builtin('node:child_process') as Record<string, unknown>;
  for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) childProcess[name] = refuse(name);
  (builtin('node:worker_threads') as Record<string, unknown>).Worker = refuse('Worker');
  for (const name of ['node:net', 'node:http', 'node:https']) (builtin(name) as Record<string, unknown>).createServer = refuse('createServer');
  syncBuiltinESMExports();
  process.exit = refuse('process.exit') as never;
  process.kill = refuse('process.kill') as never;
  process.abort = refuse('process.abort') as never;
}

/** Every function the shipped modules export, with every "path#export" that holds it. */
async function shippedFunctions(): Promise<Map<AnyFunction, string[]>> {
  const holders = new Map<AnyFunction, string[]>();
  for (const path of task.modules) {
    if (task.skip.includes(path)) continue;
    write({ load: path });
    let exports: Record<string, unknown>;
    watchStart('load');
    try {
      exports = await import(pathToFileURL(join(process.cwd(), path)).href);
    } catch (error) {
      write({ unloadable: path, error: (error instanceof Error ? error.message : String(error)).split('\n')[0] as string });
      continue;
    } finally {
      watchEnd();
    }
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value !== 'function') continue;
      const holder = `${path}#${name}`;
      holders.set(value as AnyFunction, [...(holders.get(value as AnyFunction) ?? []), holder]);
    }
  }
  return holders;
}

const reference = await loadReferences();
const probes = readyProbes(reference);
// A shipped function that fails later (a promise it rejects, a timer it set) must not end the check.
process.on('unhandledRejection', () => {});
process.on('uncaughtException', () => {});
fenceIn();
const functions = await shippedFunctions();
for (const [fn, holders] of functions) {
  if (holders.some((holder) => task.skip.includes(holder))) continue;
  write({ try: holders[0] as string });
  spent = 0;
  // Probes of as many arguments as the function declares first: a model takes what the graded function takes.
  const arity = (ready: ReadyProbe): number => Math.abs((ready.samples[0] as unknown[]).length - fn.length);
  for (const ready of [...probes].sort((a, b) => arity(a) - arity(b))) {
    const verdict = agrees(fn, ready);
    if (verdict === null) {
      write({ slow: holders[0] as string, ms: Math.round(spent) });
      break;
    }
    if (verdict) for (const holder of holders) write({ agrees: holder, lesson: ready.probe.lesson, name: ready.probe.name });
  }
}
write({ done: { modules: task.modules.length, functions: functions.size, probes: probes.length, calls, ms: Date.now() - started } });
exit(0);
