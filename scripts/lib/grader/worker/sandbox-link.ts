/** One sandbox process of a session: its start, the frames to and from it while a request runs, and how it ends. */
import { tmpdir } from 'node:os';
import { namedPipesWork, SandboxProcess, type Exit, type Frame, type Pump } from './channel.ts';
import type { Membrane } from '../contracts/membrane-types.ts';
import { sandboxSpec, START_LIMIT_MS, type Fences } from '../contracts/fences.ts';
import { MAX_NODES_PER_MESSAGE, MAX_NODES_PER_SANDBOX } from './stops.ts';

/** What a sandbox needs from the session it runs for. */
export interface LinkOwner {
  /** Counts the tests of the file, so a stop is known to belong to the test that met it. */
  testNumber(): number;
  /** Shows output of the hand-in's code (a frame 't: out') where the suites see it. */
  replay(method: string, text: string): void;
  /** The error of a sandbox that ended as `exit` says, counted as a stop of the code. */
  stopFor(exit: Exit): Error;
  /** Counts a stop of the code that a one-way function of the suites made (it threw). */
  countStop(): void;
  /** Runs a one-way call of the code, during which nothing may be asked of the code (see Session.request). */
  servingOneWay<T>(serve: () => T): T;
}

/** A new sandbox process, fenced as `fences` say, with its scratch folder under `scratchRoot`. */
export function spawnSandbox(pump: Pump, fences: Fences, scratchRoot: string | undefined): SandboxProcess {
  return new SandboxProcess(pump, { ...sandboxSpec(fences, scratchRoot ?? tmpdir()), pipes: namedPipesWork(pump.pipeStock) });
}

/** One running sandbox and the membrane to it. */
export class Sandbox {
  /** The membrane over this sandbox's frames, set once it has booted (see Session.start). */
  membrane = undefined as unknown as Membrane;
  /** Why it ended, once it has (or what a one-way call threw, which ends it), and in which test. */
  stop?: Error;
  stoppedIn?: number;
  /** Module path → the exports object (stubs and data) in this sandbox. */
  readonly modules = new Map<string, Record<string, unknown>>();
  /**
   * True once it has run code for the folder's lessons (a call made after their first test began), not
   * only the loads of the suites: a sandbox booted within a test has served that test.
   */
  served = false;
  /** The modules it was asked to load, in order, whether or not they loaded (see Session.dropHiddenProcesses). */
  readonly loads: string[] = [];
  /** How many objects its messages have held so far (see MAX_NODES_PER_SANDBOX). */
  private nodesReceived = 0;

  constructor(
    readonly process: SandboxProcess,
    private readonly owner: LinkOwner,
  ) {}

  /**
   * Boots the process with the compiled files (the frame `boot` gives), under the start-up limit.
   * False when code it ran before changed a built-in or a global (see sandbox.js): the lesson needs a fresh process.
   */
  boot(boot: () => Frame): boolean {
    this.process.deadline[0] = Date.now() + START_LIMIT_MS;
    this.send(boot());
    const booted = this.expect('booted');
    this.process.deadline[0] = 0;
    return booted.builtInsChanged !== true;
  }

  /** Sends a request and serves the sandbox's requests and one-way calls until the reply comes. */
  exchange(message: Frame): Frame {
    this.send({ ...message, t: 'req' });
    for (;;) {
      const frame = this.next();
      if (frame.t === 'res') return frame;
      if (frame.t === 'req') {
        this.send({ ...this.membrane.serve(frame), t: 'res' });
      } else if (frame.t === 'post') {
        this.serveOneWay(frame);
      }
    }
  }

  /**
   * Runs a one-way call the code made (it has run on since). When the function throws (a twin told of
   * a line the pretend player would not have typed, say), the code is stopped and the test gets that
   * error; a call of a function that is not one-way breaks the protocol.
   */
  private serveOneWay(frame: Frame): void {
    let served: boolean;
    try {
      served = this.owner.servingOneWay(() => this.membrane.serveOneWay(frame));
    } catch (error) {
      this.stop = error instanceof Error ? error : new Error(String(error));
      this.stoppedIn = this.owner.testNumber();
      this.owner.countStop();
      // Gone before anything else runs: a stopped sandbox is never kept for the next lesson.
      this.process.release();
      throw this.stop;
    }
    if (!served) {
      this.process.kill('protocol');
      while (this.process.receive() !== undefined) {
        // Nothing more it sends is read.
      }
      throw this.gone();
    }
  }

  private send(frame: Frame): void {
    if (!this.process.send(frame)) throw this.gone();
  }

  /** The next frame from the sandbox; output frames are shown here as they come. */
  private next(): Frame {
    for (;;) {
      if (this.stop) throw this.stop;
      const frame = this.process.receive();
      if (frame === undefined) throw this.gone();
      if (frame.t === 'out') {
        this.owner.replay(String(frame.m), String(frame.s));
        continue;
      }
      const nodes = Array.isArray(frame.nodes) ? frame.nodes.length : 0;
      this.nodesReceived += nodes;
      if (nodes > MAX_NODES_PER_MESSAGE || this.nodesReceived > MAX_NODES_PER_SANDBOX) {
        // Stopped before a single one is built.
        this.process.kill('oversized');
        while (this.process.receive() !== undefined) {
          // Nothing more it sends is read.
        }
        throw this.gone();
      }
      return frame;
    }
  }

  /** Waits for a frame of one type during start-up. */
  private expect(type: string): Frame {
    for (;;) {
      // Output while loading is shown as it comes; anything else is skipped.
      const frame = this.next();
      if (frame.t === type) return frame;
    }
  }

  /** The error for a sandbox that has gone (kept, so every later crossing gets the same one). */
  private gone(): Error {
    if (this.stop === undefined) {
      const ending = this.process.ending ?? { code: null, signal: null, reason: 'exit', detail: '' };
      this.stop = this.owner.stopFor(ending);
      this.stoppedIn = this.owner.testNumber();
    }
    return this.stop;
  }
}
