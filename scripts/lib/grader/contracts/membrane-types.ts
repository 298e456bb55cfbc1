/**
 * The trusted side's handle on membrane.js (a plain script shared with the sandbox): its types, and
 * the function that makes one membrane.
 */
import { readFileSync } from 'node:fs';

/** A message between the two sides. */
export type Message = { t?: string; [key: string]: unknown };

/** How a twin is made beside the code: the helper [module, export] that makes it, and its arguments. */
export interface TwinRecipe {
  helper: [string, string];
  args: unknown[];
}

/** How a membrane reaches the other side. */
export interface Transport {
  /** Sends a request and returns the reply, serving the other side's requests meanwhile. */
  request(message: Message): Message;
  /** What to send instead of a value of this side (a lasting stand-in for a stub, say). */
  outgoing?(value: unknown): unknown;
  /** The prototype that mirrors of instances of a class stub get. */
  prototypeFor?(classStub: unknown): object | undefined;
  /** Whether a function of this side is one-way: the other side's calls to it do not wait for it (the trusted side only). */
  oneWay?(fn: unknown): boolean;
  /** Sends a one-way call without waiting (the sandbox only). */
  post?(message: Message): void;
  /** The twin an object of this side crosses as: the helper [module, export] that makes it, and its arguments (the trusted side only). */
  madeBeside?(value: unknown): TwinRecipe | undefined;
  /** Makes a twin with a trusted helper (the sandbox only). */
  make?(helper: [string, string], args: unknown[]): object;
  /** The code process.exit was called with, for the error the sandbox made of that call; undefined for any other value (the sandbox only). */
  exitCodeOf?(error: unknown): string | undefined;
  /** What the pretend player's twin stopped the code for, for the error the sandbox made for it; undefined for any other value (the sandbox only). */
  playerStopOf?(error: unknown): PlayerStop | undefined;
}

/**
 * Makes the error with which the pretend player's twin stops the code (the sandbox gives it to the twin,
 * tests/support/pretend-player.ts), named as the test's own player names its error (EndlessInputError, io.ts).
 */
export type StopsCode = (kept: PlayerStop['kept'], limit: number, message: string) => Error;

/** What the pretend player stopped the code for (asking for input or printing without end), after `limit` asks or prints. */
export interface PlayerStop {
  kept: 'asking' | 'printing';
  limit: number;
}

/** One side of the membrane. */
export interface Membrane {
  /** Answers a request of the other side. */
  serve(request: Message, extraOps?: Record<string, (...values: unknown[]) => unknown>): Message;
  /** Runs a one-way call of the other side; false (nothing run) when the function is not one-way. Throws what the function threw. */
  serveOneWay(message: Message): boolean;
  /** Sends the other side one of its own kinds of request (for example 'load'). */
  ask(op: string, values: unknown[]): unknown;
  /** Calls a function of the other side once per argument list, in a few crossings (parts that grow), up to the first throw. */
  callEach(fn: unknown, argumentLists: unknown[][]): unknown[];
}

/** The text of membrane.js, which the sandbox's start-up script also holds. */
const MEMBRANE_SOURCE = readFileSync(new URL('../sandbox/membrane.js', import.meta.url), 'utf8');

/**
 * The builtins membrane.js uses, read once and handed to it as parameters. The suites run in a vm
 * context, where each lookup of a global goes through the context's interceptor (about 75 ns, some
 * twenty times a local's cost), and the membrane looks up several for every value that crosses: as
 * locals, a batch of 19,683 boards crosses in a fraction of the time. The objects are the same.
 */
const BUILTINS = {
  Object,
  Array,
  Number,
  String,
  Symbol,
  BigInt,
  Function,
  Map,
  Set,
  WeakMap,
  WeakSet,
  Date,
  Promise,
  Error,
  TypeError,
  RangeError,
  Reflect,
  JSON,
  Infinity,
  NaN,
  undefined,
};

/** Makes one side of a membrane ('T' for the trusted side, 'S' for a sandbox) in this realm. */
export const createMembrane = new Function(...Object.keys(BUILTINS), `${MEMBRANE_SOURCE}\nreturn createMembrane;`)(...Object.values(BUILTINS)) as (
  side: 'T' | 'S',
  transport: Transport,
) => Membrane;
