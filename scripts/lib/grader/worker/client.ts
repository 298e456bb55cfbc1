/**
 * The trusted side of sealed grading. The graded suites import `@workbook/NN-slug/module`; the
 * vitest config turns that into a small module that calls `sealedModule` here. The hand-in's code
 * never runs in this realm: it runs in a sandbox process (sandbox.js; a worker thread keeps one per
 * graded folder between lessons, booted afresh for each lesson of a test file), and every call into it crosses
 * the membrane (membrane.js) synchronously, with a deadline. A call that runs past its deadline,
 * crashes or ends its process fails only the test that made it; the next test starts a fresh sandbox.
 */
import { join } from 'node:path';
import { types } from 'node:util';
import { expect, inject } from 'vitest';
import { sandboxPool, type Exit, type Frame, type Pump, type SandboxPool, type SandboxProcess } from './channel.ts';
import { compileFolder, HELPER_ROOT, readCompiledFolder, type CompiledFolder } from '../contracts/compile.ts';
import { createMembrane, type PlayerStop, type TwinRecipe } from '../contracts/membrane-types.ts';
import { foldersOf, jobOf, planAt, type GradingPlan } from '../contracts/plan.ts';
import { probeFences, SANDBOX_LIMITS, type Fences } from '../contracts/fences.ts';
import { Budgets } from './budgets.ts';
import { SteadyClock } from './steady-clock.ts';
import { Sandbox, spawnSandbox, type LinkOwner } from './sandbox-link.ts';
import { outOfTime, RecentOutput, reentered, retired, stopped } from './stops.ts';

/** The folder a sandbox without graded code is started for (it holds no exercise files). */
const CLEAN_TARGET = '/nonexistent/workbook-without-hand-in/lessons';

/**
 * A function or class the suites import: it always calls the export of its session's current sandbox
 * (whichever sandbox that session runs now: a sandbox is booted afresh for each lesson, and after a stop).
 */
interface StableExport {
  session: Session;
  modulePath: string;
  name: string;
}

/** The suites' functions whose calls from the code need no answer (see `oneWay`). */
const oneWayFunctions = new WeakSet<object>();
/** The suites' objects and functions that cross as a twin made beside the code (see `crossesAsTwin`). */
const twins = new WeakMap<object, () => TwinRecipe>();
/** Every stable function the suites imported, whichever session made it. */
const stableInfo = new WeakMap<object, StableExport>();

/** One graded folder's connection to its code, for the test file that grades it. */
class Session {
  private sandbox: Sandbox | undefined;
  /**
   * The functions and classes the suites imported from this folder's modules, one per export, and the
   * prototype that mirrors of each exported class get (the `prototype` of its stable function): this
   * session's own, so that a suite only ever calls the code of this folder, and a class's mirrors
   * have the methods of the sandbox that runs now.
   */
  private readonly stableExports = new Map<string, (...args: unknown[]) => unknown>();
  private readonly stablePrototypes = new Map<string, object>();
  /** True once the session has ended for good (its folder's lessons are over): it starts no more sandboxes. */
  private retired = false;
  private depth = 0;
  /** The output the test that runs now saw lately, to show if the code is stopped. */
  private readonly output = new RecentOutput();
  private fencesFound: Fences | undefined;
  readonly limitMs: number;
  /** The clock of the budgets: the same time on a quiet machine and a busy one. */
  private readonly clock = new SteadyClock();
  /** The time the code may take: each call's limit, the test's and the lesson's budgets. */
  private readonly budgets: Budgets;

  constructor(
    private readonly target: string,
    limitMs: number,
    /** The folder's index in the plan's targets; undefined for a suite run outside the grader. */
    private readonly folderIndex?: number,
  ) {
    this.limitMs = limitMs;
    this.budgets = new Budgets(limitMs, this.clock);
  }

  /** The exports of one exercise module ("01-board/board"), as functions and data of this realm. */
  module(modulePath: string): Record<string, unknown> {
    const remote = this.exportsOf(modulePath);
    const result: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(remote)) {
      if (typeof value !== 'function') {
        result[name] = value;
        continue;
      }
      result[name] = this.stableExport(modulePath, name);
      this.refreshPrototype(modulePath, name, value);
    }
    return result;
  }

  /**
   * Calls `fn` (an export of the hand-in) once per argument list, in a few crossings. Gives the results
   * and how long the crossings took: the CPU time the sandbox used where the kernel tells it (steady on
   * a busy machine), else the wall time; both measured here, where the graded code cannot reach.
   */
  callEach(fn: unknown, argumentLists: unknown[][], limitMs: number): { results: unknown[]; ms: number } {
    // A sandbox booted afresh (after a stop) loads the function's module before the clock starts: the
    // time of its load is no time of the calls.
    const stable = typeof fn === 'function' ? stableInfo.get(fn) : undefined;
    if (stable?.session === this) this.current(stable);
    const sandbox = this.ensure();
    const cpuBefore = sandbox.process.cpuMs();
    const started = performance.now();
    const results = this.budgets.batch(this.depth === 0, limitMs, argumentLists, (lists) => sandbox.membrane.callEach(fn, lists));
    const wall = performance.now() - started;
    const cpuAfter = sandbox.process.cpuMs();
    const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
    return { results, ms: cpu ?? wall };
  }

  /**
   * Runs `action` while the graded code's Math.random is watched (and, with `returns`, made to give
   * that number); returns what the action gave and how many times Math.random was called.
   */
  watchMathRandom<T>(action: () => T, returns?: number): { result: T; calls: number } {
    this.ask('watchRandom', [returns ?? null]);
    try {
      const result = action();
      return { result, calls: this.ask('unwatchRandom', []) as number };
    } catch (error) {
      if (this.sandbox && !this.sandbox.stop) this.ask('unwatchRandom', []);
      throw error;
    }
  }

  /** Sends the sandbox one of its own requests, under the usual deadline. */
  private ask(op: string, values: unknown[]): unknown {
    const sandbox = this.ensure();
    return this.budgets.withDeadline(this.depth === 0, this.limitMs, () => sandbox.membrane.ask(op, values));
  }

  /** What a trusted helper function gives, made in the sandbox (see HELPERS in compile.ts), so the graded code calls it without crossing. */
  helper(module: string, name: string, args: unknown[]): unknown {
    return this.ask('helper', [module, name, args]);
  }

  /**
   * How long sending these argument lists across takes by itself, in milliseconds: the same batch
   * sent to a function that does nothing, in a sandbox that never holds graded code (so the graded
   * code cannot make it look slower). The smaller of two tries.
   */
  crossingCost(argumentLists: unknown[][]): number {
    // A folder that holds no exercise files: the sandbox gets only the helpers (kept for the next time).
    const clean = new Session(CLEAN_TARGET, this.limitMs);
    try {
      const nothing = clean.ask('nothing', []);
      const first = clean.callEach(nothing, argumentLists, this.limitMs).ms;
      const second = clean.callEach(nothing, argumentLists, this.limitMs).ms;
      return Math.min(first, second);
    } finally {
      clean.close();
    }
  }

  isSealed(fn: unknown): boolean {
    return typeof fn === 'function' && stableInfo.get(fn)?.session === this;
  }

  /** Notes output a test saw (the pretend player's transcript), to show if the code is stopped. */
  noteOutput(text: string): void {
    this.output.note(text);
  }

  /**
   * A test begins: its time budget starts. A test of a lesson that has spent its budget fails at once
   * (setup.ts calls this before each test), whether or not it would call the code.
   */
  testStarted(): void {
    this.output.clear();
    this.playerStops.clear();
    this.testNumber += 1;
    this.testsBegun += 1;
    if (this.budgets.testStarted()) throw outOfTime('lesson', this.budgets.budgetMs('lesson'));
  }

  /** Throws when a budget has run out: the code is not called again in this test (or, for the lesson's, in this lesson). */
  private checkBudget(): void {
    const spent = this.budgets.spent();
    if (spent !== undefined) throw outOfTime(spent, this.budgets.budgetMs(spent));
  }

  /** How many tests of this folder have begun in this file. */
  private testsBegun = 0;

  /** True once a test of this folder has begun (its lessons are running, not only loading). */
  get running(): boolean {
    return this.testsBegun > 0;
  }

  /** Counts the tests of this file, so a stop is known to belong to the test that met it. */
  private testNumber = 0;

  /** The stops the suites' pretend players made in the test now running (tests/support/io.ts), by what they stopped. */
  private readonly playerStops = new Map<PlayerStop['kept'], PlayerStop>();

  /** Notes that a pretend player of the suites stopped the code, by its own count. */
  notePlayerStop(stop: PlayerStop): void {
    this.playerStops.set(stop.kept, stop);
  }

  /**
   * Keeps the pretend player's stop that the sandbox put on a failed test's error (membrane.js) only where
   * a player of this test made the same stop by its own count, with that player's limit. Any other
   * error is the code's own (one it made, a stop of an earlier test it kept and threw again, or a thrown
   * object with the fields of the player's error), so it loses what would read as a stop. (The suites'
   * own player never throws its error here: its twin's is the one the code meets, see io.ts.)
   */
  confirmStops(errors: readonly object[]): void {
    for (const error of errors as Array<{ playerStop?: unknown; kept?: unknown; limit?: unknown }>) {
      const said = error.playerStop as { kept?: unknown } | undefined;
      const made = [...this.playerStops.values()].find((stop) => stop.kept === said?.kept);
      if (made !== undefined) error.playerStop = made;
      else delete error.playerStop;
      delete error.kept;
      delete error.limit;
    }
  }

  /** The fences around the sandbox: those the grader found, or found here when the first one starts. */
  private get fences(): Fences {
    this.fencesFound ??= gradingPlan()?.fences ?? probeFences();
    return this.fencesFound;
  }

  /**
   * A new part of a lesson of the test file begins (lesson-entry.ts): a stop in an earlier lesson no
   * longer shortens this one's limits, and a stopped sandbox is not kept. With `freshBoot` (before the
   * part's tests run) a sandbox that has served a test is booted afresh too, so each part's tests
   * start as they would in a test file of their own (the first lesson's find only the file's modules
   * loaded). A visible part (`hidden` false) never runs in a process that has run code for a hidden
   * part: the code could have kept a hidden test's inputs in a global, and a visible test's message
   * is the student's to read. (The grader runs a folder's visible parts first, so this ends a process
   * only if a hidden suite called the code while it loaded.)
   */
  lessonStarted(options: { freshBoot: boolean; hidden: boolean; lesson?: string | undefined }): void {
    // The lesson's budget runs from here to the next part's start.
    if (options.freshBoot) this.budgets.partStarted(options.lesson);
    if (!options.hidden && this.ranHidden) this.dropHiddenProcesses();
    this.hiddenPart = options.hidden;
    const served = this.sandbox?.served === true;
    if ((options.freshBoot && served) || this.sandbox?.stop !== undefined || this.sandbox?.process.alive === false) this.close();
    // Before the folder's first lesson, in its start hook, not in a test: the replayed loads run, each
    // with its own deadline, as they did while the suites loaded (see dropHiddenProcesses), and what they cost or
    // printed is no test's.
    if (options.freshBoot && this.pendingLoads.length > 0) this.replayLoads();
    // What was stopped in the lesson's visible part still counts in its hidden part.
    this.budgets.countStopsOf(options.freshBoot ? options.lesson : undefined);
    this.output.clear();
    this.testNumber += 1;
  }

  /** True while a part of a hidden suite loads or runs (see lessonStarted). */
  private hiddenPart = false;

  /**
   * True once a process of this folder that still runs (its sandbox's, or the one kept for it) has run
   * code for a hidden part: a call other than a module load, which gives the code no input of a test.
   */
  private ranHidden = false;

  /** Ends this folder's processes that have run code for a hidden part (see lessonStarted); before its first lesson, their loads are replayed in the next. */
  private dropHiddenProcesses(): void {
    if (this.sandbox !== undefined && !this.running && this.sandbox.stop === undefined) this.pendingLoads = this.sandbox.loads;
    this.release();
    threadPool().releaseKept(this.target);
    this.ranHidden = false;
  }

  /**
   * Ends this test file's use of its sandbox, after its last test. One that held graded code is ended,
   * not kept for a later test file: what that code changed in its process (a built-in it replaced, a
   * global it set) would still be there, and in watch mode the next run grades the files as saved since.
   * Watch mode starts a clean spare for that next run instead.
   */
  end(): void {
    this.budgets.closePart();
    this.retired = true;
    this.sandbox?.process.release();
    this.sandbox = undefined;
    threadPool().releaseKept(this.target);
    if (gradingPlan()?.watch === true) this.warmUp();
  }

  /** The modules the next sandbox loads before anything else: those of a sandbox that dropHiddenProcesses ended before the lessons ran. */
  private pendingLoads: string[] = [];

  /**
   * Loads the modules of the sandbox dropHiddenProcesses ended into a new one, in the same order: the state a kept
   * sandbox would have had. A load that fails fails as it did then; after a stop the rest are skipped,
   * and the lesson's first call starts afresh.
   */
  private replayLoads(): void {
    const loads = this.pendingLoads;
    this.pendingLoads = [];
    for (const modulePath of loads) {
      try {
        this.exportsOf(modulePath);
      } catch {
        // It failed the same way while the suites loaded; the lesson's own calls meet it again.
      }
    }
  }

  /** Ends this session's sandbox, if it runs one, without ending the session: a later call starts a fresh one. */
  release(): void {
    this.sandbox?.process.release();
    this.sandbox = undefined;
  }

  /** Ends this lesson's use of the sandbox; a live one is kept for the next lesson of the same folder. */
  close(): void {
    const sandbox = this.sandbox;
    this.sandbox = undefined;
    if (sandbox) threadPool().keep(this.target, sandbox.process, this.target === CLEAN_TARGET);
  }

  private exportsOf(modulePath: string): Record<string, unknown> {
    const sandbox = this.ensure();
    const known = sandbox.modules.get(modulePath);
    if (known) return known;
    const path = join(this.target, `${modulePath}.ts`);
    sandbox.loads.push(modulePath);
    const starting = this.clock.now();
    let exports: Record<string, unknown>;
    try {
      exports = this.budgets.load(() => this.ask('load', [path])) as Record<string, unknown>;
    } catch (error) {
      throw markedAsLoading(error, modulePath);
    }
    if (this.loadedOnce.has(modulePath)) this.budgets.excuseReload(this.clock.now() - starting);
    this.loadedOnce.add(modulePath);
    sandbox.modules.set(modulePath, exports);
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value === 'function') this.refreshPrototype(modulePath, name, value);
    }
    return exports;
  }

  /** The modules of this folder that some sandbox of the session has loaded (a later load of one is a reload, see Budgets.excuseReload). */
  private readonly loadedOnce = new Set<string>();

  /** The stable function for one export of this folder: it calls that export in this session's current sandbox. */
  private stableExport(modulePath: string, name: string): (...args: unknown[]) => unknown {
    const key = `${modulePath}#${name}`;
    const known = this.stableExports.get(key);
    if (known) return known;
    const info: StableExport = { session: this, modulePath, name };
    const wrapper = {
      [name]: function (this: unknown, ...args: unknown[]): unknown {
        const fn = info.session.current(info) as (...values: unknown[]) => unknown;
        return new.target ? Reflect.construct(fn, args) : Reflect.apply(fn, this, args);
      },
    }[name] as (...args: unknown[]) => unknown;
    this.stablePrototypes.set(key, wrapper.prototype as object);
    stableInfo.set(wrapper, info);
    this.stableExports.set(key, wrapper);
    return wrapper;
  }

  /** The export of the current sandbox behind a stable function (loads the module again after a restart). */
  current(stable: StableExport): unknown {
    const value = this.exportsOf(stable.modulePath)[stable.name];
    if (typeof value !== 'function') throw new TypeError(`${stable.name} is not a function`);
    return value;
  }

  /**
   * Gives the prototype that mirrors use the methods and accessors of a class's stub in the current
   * sandbox, and only those (what an earlier sandbox of the folder had and this one lacks is removed).
   */
  private refreshPrototype(modulePath: string, name: string, stub: unknown): void {
    const proto = this.stablePrototypes.get(`${modulePath}#${name}`);
    const source = (stub as { prototype?: object }).prototype;
    if (!proto || !source) return;
    for (const key of Object.getOwnPropertyNames(proto)) {
      if (key !== 'constructor' && !Object.hasOwn(source, key)) delete (proto as Record<string, unknown>)[key];
    }
    for (const key of Object.getOwnPropertyNames(source)) {
      if (key === 'constructor') continue;
      Object.defineProperty(proto, key, Object.getOwnPropertyDescriptor(source, key) as PropertyDescriptor);
    }
  }

  /** True while a one-way call of the code runs here (see Sandbox.serveOneWay in sandbox-link.ts). */
  private servingOneWay = false;

  /** The live sandbox, started (again) when needed. */
  private ensure(): Sandbox {
    if (this.depth === 0) this.checkBudget();
    const current = this.sandbox;
    if (current && current.stop === undefined && current.process.alive) return current;
    // Once the code was stopped in a test, the rest of that test fails at once; the next test starts afresh.
    if (current?.stop && current.stoppedIn === this.testNumber) throw current.stop;
    if (current) current.process.release();
    if (this.retired) throw retired();
    const starting = this.clock.now();
    this.sandbox = this.start();
    if (current !== undefined) this.budgets.excuse(this.clock.now() - starting);
    return this.sandbox;
  }

  /**
   * A sandbox for this test file, loaded with the compiled files: one this thread kept for the same
   * folder, unless it cannot serve this lesson (see bootKept: then a fresh one, whose start the lesson is not charged for), or a new one.
   */
  private start(): Sandbox {
    const pool = threadPool();
    const kept = pool.take(this.target);
    const starting = this.clock.now();
    const booted = kept === undefined ? undefined : this.bootKept(kept);
    if (booted !== undefined) return booted;
    kept?.release();
    const fresh = this.boot(pool.takeSpare() ?? this.spawn(pool.pump));
    if (kept !== undefined) this.budgets.excuse(this.clock.now() - starting);
    // A process booted for the first time has run no code, so its built-ins are as they started.
    if (fresh === undefined) throw new Error('A sandbox booted for the first time said its built-ins had changed.');
    return fresh;
  }

  /** True while a kept sandbox boots (see bootKept). */
  private bootingKept = false;

  /**
   * `kept` booted, or undefined when it cannot serve this lesson: code it ran before changed a built-in
   * (see sandbox.js), or left something behind that broke or held up its boot. Neither is a stop of this lesson.
   */
  private bootKept(kept: SandboxProcess): Sandbox | undefined {
    this.bootingKept = true;
    try {
      return this.boot(kept);
    } catch {
      return undefined;
    } finally {
      this.bootingKept = false;
    }
  }

  /** `process` booted with the compiled files, or undefined when code it ran before changed a built-in (see sandbox.js). */
  private boot(process: SandboxProcess): Sandbox | undefined {
    this.clock.watch(process);
    process.ready();
    const sandbox = new Sandbox(process, this.linkOwner());
    const asStarted = sandbox.boot(() => ({ t: 'boot', modules: this.compile(), base: this.base(), helpers: HELPER_ROOT, words: gradingPlan()?.sandboxWords }));
    if (!asStarted) return undefined;
    sandbox.membrane = createMembrane('T', {
      request: (message) => this.request(sandbox, message),
      outgoing: (value) => {
        const stable = typeof value === 'function' ? stableInfo.get(value) : undefined;
        return stable?.session === this ? this.current(stable) : value;
      },
      oneWay: (fn) => typeof fn === 'function' && oneWayFunctions.has(fn),
      madeBeside: twinRecipe,
      prototypeFor: (classStub) => {
        for (const [modulePath, exports] of sandbox.modules) {
          for (const [name, value] of Object.entries(exports)) {
            if (value === classStub) return this.stablePrototypes.get(`${modulePath}#${name}`);
          }
        }
        return undefined;
      },
    });
    return sandbox;
  }

  /** Starts a spare sandbox in the background, so that the first call of the test file finds it ready. */
  warmUp(): void {
    threadPool().warm(this.target, (pump) => this.spawn(pump));
  }

  private spawn(pump: Pump): SandboxProcess {
    const scratchRoot = gradingPlan()?.sandboxesDir;
    return spawnSandbox(pump, this.fences, scratchRoot);
  }

  /** What this session's sandboxes need from it: the test that runs now, where the code's output goes, and what a stop costs. */
  private linkOwner(): LinkOwner {
    return {
      testNumber: () => this.testNumber,
      replay: (method, text) => this.replay(method, text),
      stopFor: (exit) => this.stopFor(exit),
      countStop: () => this.budgets.countStop(),
      servingOneWay: (serve) => {
        try {
          this.servingOneWay = true;
          return serve();
        } finally {
          this.servingOneWay = false;
        }
      },
    };
  }

  /** The folder paths in messages are shown relative to: the one holding lessons/. */
  private base(): string {
    return join(this.target, '..');
  }

  /** Sends a request to the sandbox and serves its requests until the reply comes. */
  private request(sandbox: Sandbox, message: Frame): Frame {
    // The code runs on while a one-way call is served here, so it cannot be asked anything meanwhile.
    if (this.servingOneWay) throw reentered();
    const top = this.depth === 0;
    this.depth += 1;
    if (this.testsBegun > 0) sandbox.served = true;
    if (this.hiddenPart && message.op !== 'load') this.ranHidden = true;
    // The clock runs for a whole top-level call, callbacks to the suites included, and stops it at the
    // end of the test's or the lesson's budget when that comes first. The pump gives the call back the
    // time its code waited for a CPU, so the deadline on the wall clock is steady time too.
    if (top) {
      this.checkBudget();
      sandbox.process.deadline[0] = this.budgets.callStarted();
    }
    try {
      return sandbox.exchange(message);
    } finally {
      this.depth -= 1;
      if (top) {
        sandbox.process.deadline[0] = 0;
        this.budgets.callEnded();
      }
    }
  }

  /** The error of a sandbox that ended as `exit` says; a stop of the code, whose time is excused when its call's own limit stopped it. */
  private stopFor(exit: Exit): Error {
    // A kept sandbox that did not boot is no stop of the code (see bootKept).
    if (this.bootingKept) return new Error('A kept sandbox did not boot.');
    const error = stopped(exit, this.output.lines(), this.budgets);
    if (exit.reason === 'timeout') this.budgets.callTimedOut(exit.callWaitedMs ?? 0);
    this.budgets.countStop();
    return error;
  }

  /** Shows output of the hand-in's code here, where the suites (and vitest) see it. */
  private replay(method: string, text: string): void {
    this.noteOutput(text);
    if (method === 'stdout') process.stdout.write(text);
    else if (method === 'stderr') process.stderr.write(text);
    else {
      const print = console[method as 'log'] ?? console.log;
      print(text.endsWith('\n') ? text.slice(0, -1) : text);
    }
  }

  /**
   * The target's exercise files and the helpers, compiled: as the grader compiled them before the
   * suites started, or (a suite run without the grader) compiled here.
   */
  private compile(): CompiledFolder {
    const dir = gradingPlan()?.compiledDir;
    const index = this.folderIndex;
    const compiled = dir === undefined || index === undefined ? compileFolder(this.target) : readCompiledFolder(dir, index);
    if (this.target !== CLEAN_TARGET) return compiled;
    // A sandbox without graded code gets the helpers alone.
    return Object.fromEntries(Object.entries(compiled).filter(([path]) => path.startsWith(`${HELPER_ROOT}/`)));
  }
}

/**
 * Marks an error met while an exercise module loaded (`loadingModule`, read by toFailure): what went
 * wrong is the hand-in's module itself, whichever suite imported it, so the grader may show it to the
 * student even when a hidden suite's file was loading. Only errors of this realm are marked (the
 * membrane remakes the hand-in's errors here); anything else it threw is left as it is.
 */
function markedAsLoading(error: unknown, modulePath: string): unknown {
  if (types.isNativeError(error)) Object.defineProperty(error, 'loadingModule', { value: modulePath, enumerable: true });
  return error;
}

/**
 * Marks a function of the suites as one-way: the graded code never needs what it returns (a twin
 * telling of a call, see crossesAsTwin), so under the grader a call from the code is sent without
 * waiting for it, and the code runs on. It runs here, in order with the code's other calls; if it
 * throws, the code is stopped.
 */
export function oneWay<F extends (...args: never[]) => unknown>(fn: F): F {
  oneWayFunctions.add(fn);
  return fn;
}

/**
 * Makes `value` cross into the sandbox as a twin: what the export `name` of the helper `module` (one
 * of the HELPERS in compile.ts) gives for `args()`, read each time it crosses. The code then calls the
 * twin without crossing. The twin runs where the code can tamper with it, so whatever decides a test
 * must come back through one-way functions of this side that check it (see tests/support/io.ts).
 * Each crossing makes a fresh twin from where `value` stands then: code that keeps a twin from an
 * earlier call and is given `value` again holds two twins, which the checks may tell apart.
 */
export function crossesAsTwin<T extends object>(value: T, module: string, name: string, args: () => unknown[]): T {
  twins.set(value, () => ({ helper: [module, name], args: args() }));
  return value;
}

/** Notes that a pretend player of the suites stopped the code in the test now running (see Session.notePlayerStop). */
export function notePlayerStop(stop: PlayerStop): void {
  currentSession().notePlayerStop(stop);
}

/** Under the grader, keeps a pretend player's stop on a failed test's errors only where this test's player made it (see Session.confirmStops). */
export function confirmPlayerStops(errors: readonly object[]): void {
  if (inject('workbookSealed')) currentSession().confirmStops(errors);
}

/** How a value of the suites crosses as a twin, if it does (see crossesAsTwin). */
function twinRecipe(value: unknown): TwinRecipe | undefined {
  const isObject = (typeof value === 'object' && value !== null) || typeof value === 'function';
  return isObject ? twins.get(value)?.() : undefined;
}

/** The session of the folder this test file grades. */
let session: Session | undefined;

/** The grading plan of the run, under the grader (the vitest child provides its path); undefined for a suite run outside it. */
function gradingPlan(): GradingPlan | undefined {
  return planAt(inject('workbookPlan'));
}

/** This worker thread's pool of sandboxes, with the pumps and the pipes the grader's child offers. */
function threadPool(): SandboxPool {
  return sandboxPool({ keeper: inject('workbookKeeper') === true, pipeStock: gradingPlan()?.pipeStock });
}

/**
 * The folder the grader's test file running now grades (its index in the plan's targets, from the
 * plan's job for this file); undefined when a suite runs outside the grader (its project names the folder).
 */
function gradedFolder(): number | undefined {
  const job = jobOf(gradingPlan(), expect.getState().testPath ?? '');
  return job && foldersOf(job)[0];
}

/** The limit of one call into the graded code (the grader's --limit, in the plan), in milliseconds. */
function callLimit(): number {
  const limit = gradingPlan()?.limitMs ?? SANDBOX_LIMITS.callMs;
  return limit > 0 ? limit : SANDBOX_LIMITS.callMs;
}

/** A session for a folder of the grader, or, outside the grader (no such folder), for the folder the suites' project names. */
function sessionFor(index: number | undefined): Session {
  const target = index === undefined ? undefined : gradingPlan()?.targets[index];
  return index === undefined || target === undefined ? new Session(inject('workbookTarget'), callLimit()) : new Session(target, callLimit(), index);
}

/** The session of the folder this test file grades (made the first time it is asked for, then kept for the file). */
export function currentSession(): Session {
  session ??= sessionFor(gradedFolder());
  return session;
}

/** The exports of one of the hand-in's modules ("01-board/board"): what `@workbook/01-board/board` gives the suites. */
export function sealedModule(modulePath: string): Record<string, unknown> {
  return currentSession().module(modulePath);
}

/** Starts a sandbox ahead of the test file's first call (the setup file calls it before the suite loads). */
export function warmUp(): void {
  if (inject('workbookSealed')) currentSession().warmUp();
}

/** A lesson begins (see Session.lessonStarted), or its suite is about to load. */
export function lessonStarted(options: { freshBoot: boolean; hidden: boolean; lesson?: string }): void {
  if (inject('workbookSealed')) currentSession().lessonStarted(options);
}

/** Ends this test file's sandbox (the setup file calls it after the last test). */
export function closeSession(): void {
  if (inject('workbookSealed')) session?.end();
  session = undefined;
}
