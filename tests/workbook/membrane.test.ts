/**
 * The membrane between the suites and a hand-in's code (scripts/lib/grader/sandbox/membrane.js), with both
 * sides in this process and JSON in between, as over the real pipes: values keep their identity and
 * sharing, changes travel both ways, and nothing the graded side sends can make a check pass.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { CROSSED_FIELD, isStopped, MESSAGE_LENGTH_FIELD, UNREADABLE_FIELD, VERDICT_FIELD, verdictOf } from '../../scripts/lib/core/failure.ts';
import { toFailure } from '../../scripts/lib/grader/contracts/child-protocol.ts';
import { probeFences, SANDBOX_LIMITS, sandboxCommand, sandboxSpec } from '../../scripts/lib/grader/contracts/fences.ts';
import { createMembrane, type Membrane, type Message, type Transport, type TwinRecipe } from '../../scripts/lib/grader/contracts/membrane-types.ts';
import { loadInSandbox } from './sandbox-run.ts';

/**
 * A trusted side and a sandbox side, joined; `exports` is what the sandbox side offers, as the trusted
 * side sees it. `tamper` may change what the sandbox side answers (as hostile code could); `said` is
 * the sandbox's own word on which errors its process.exit and the pretend player's twin made.
 */
function pair<T extends Record<string, unknown>>(
  offered: T,
  tamper = (_request: Message, reply: Message) => reply,
  said: Pick<Transport, 'exitCodeOf' | 'playerStopOf'> = {},
): { exports: T; trusted: Membrane } {
  const sides: { trusted?: Membrane; sandbox?: Membrane } = {};
  const viaJson = (message: Message): Message => JSON.parse(JSON.stringify(message)) as Message;
  const serveInSandbox = (message: Message): Message => tamper(message, sides.sandbox!.serve(viaJson(message), { offer: () => offered }));
  sides.trusted = createMembrane('T', { request: (message) => viaJson(serveInSandbox(message)) });
  sides.sandbox = createMembrane('S', { request: (message) => viaJson(sides.trusted!.serve(viaJson(message))), ...said });
  return { exports: sides.trusted.ask('offer', []) as T, trusted: sides.trusted };
}

/** What `call` threw (it fails the test when it throws nothing). */
function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('the call did not throw');
}

describe('values cross as the code would see them in one process', () => {
  test('a function that changes the array it was given changes the caller’s array', () => {
    const { exports } = pair({ play: (board: string[], cell: number) => ((board[cell] = 'X'), board) });
    const board = [' ', ' ', ' '];
    const result = exports.play(board, 1);
    expect(board).toEqual([' ', 'X', ' ']);
    expect(result).toBe(board);
  });

  test('a frozen array stays frozen, so changing it throws on the other side too', () => {
    const { exports } = pair({ play: (board: string[]) => ((board[0] = 'X'), board) });
    expect(() => exports.play(Object.freeze([' ', ' ']) as string[])).toThrow(TypeError);
  });

  test('rows shared on the other side stay shared here', () => {
    const row = ['.', '.', '.'];
    const { exports } = pair({ grid: () => [row, row, row] });
    const grid = exports.grid();
    (grid[0] as string[])[0] = 'X';
    expect(grid[2]?.[0]).toBe('X');
  });

  test('a class instance is a mirror: methods run there, fields written here are seen there', () => {
    class Counter {
      count = 0;
      add(): number {
        this.count += 1;
        return this.count;
      }
    }
    const { exports } = pair({ Counter });
    const counter = new exports.Counter();
    expect(counter).toBeInstanceOf(exports.Counter);
    expect(counter.add()).toBe(1);
    counter.count = 10;
    expect(counter.add()).toBe(11);
    expect(counter.count).toBe(11);
  });

  test('a callback runs here, with what the other side passes', () => {
    const { exports } = pair({ twice: (callback: (value: number) => number) => callback(1) + callback(2) });
    expect(exports.twice((value) => value * 10)).toBe(30);
  });

  test('an error crosses as an Error of its name, whatever the name: constructor and toString find no class of the receiving side', () => {
    const thrower = (name: string) => () => {
      const error = new Error(`named ${name}`);
      error.name = name;
      throw error;
    };
    const { exports } = pair({ first: thrower('constructor'), second: thrower('toString'), third: thrower('RangeError') });
    for (const [key, name] of [
      ['first', 'constructor'],
      ['second', 'toString'],
      ['third', 'RangeError'],
    ] as const) {
      let caught: unknown;
      try {
        (exports[key] as () => void)();
      } catch (error) {
        caught = error;
      }
      expect(caught, name).toBeInstanceOf(Error);
      expect((caught as Error).name, name).toBe(name);
      expect((caught as Error).message, name).toBe(`named ${name}`);
    }
  });

  test('a batch gives each call’s value or what it threw', () => {
    const { exports, trusted } = pair({ half: (value: number) => (value % 2 === 0 ? value / 2 : missing(value)) });
    expect(trusted.callEach(exports.half, [[4], [3]])).toEqual([
      { ok: true, value: 2 },
      { ok: false, error: expect.objectContaining({ message: 'odd: 3' }) },
    ]);
  });
});

describe('a batch crosses in parts that grow', () => {
  /** A pair whose sandbox side counts the argument lists each batch request brings. */
  const counted = <T extends Record<string, unknown>>(offered: T) => {
    const parts: number[] = [];
    const joined = pair(offered, (request, reply) => {
      if (request.op === 'each') parts.push(((request.slots as Array<{ v: unknown[] }>)[1]!.v ?? []).length);
      return reply;
    });
    return { ...joined, parts };
  };
  const lists = (count: number): [number][] => Array.from({ length: count }, (_, index) => [index]);

  test('every call is made, in order, and each value comes back', () => {
    const { exports, trusted, parts } = counted({ twice: (value: number) => value * 2 });
    const outcomes = trusted.callEach(exports.twice, lists(1000));
    expect(outcomes).toEqual(lists(1000).map(([value]) => ({ ok: true, value: value * 2 })));
    expect(parts).toEqual([64, 512, 424]);
  });

  test('a function that throws at once is sent only the first part', () => {
    const { exports, trusted, parts } = counted({
      stub: (): never => {
        throw new Error('not implemented yet');
      },
    });
    const outcomes = trusted.callEach(exports.stub, lists(19_683));
    expect(outcomes).toEqual([{ ok: false, error: expect.objectContaining({ message: 'not implemented yet' }) }]);
    expect(parts).toEqual([64]);
  });

  test('a throw in a later part ends the batch there, with every value before it', () => {
    const { exports, trusted, parts } = counted({
      upTo: (value: number): number => {
        if (value >= 100) throw new Error(`past 99: ${value}`);
        return value;
      },
    });
    const outcomes = trusted.callEach(exports.upTo, lists(1000));
    expect(outcomes).toHaveLength(101);
    expect(outcomes[99]).toEqual({ ok: true, value: 99 });
    expect(outcomes[100]).toEqual({ ok: false, error: expect.objectContaining({ message: 'past 99: 100' }) });
    expect(parts).toEqual([64, 512]);
  });
});

describe('a batch answer that does not fit the calls made is refused', () => {
  const withAnswer = (change: (answer: { given: unknown[]; threw: boolean }) => void) =>
    pair({ same: (value: number) => value }, (request, reply) => {
      if (request.op === 'each') change((reply.slots as Array<{ v: { given: unknown[]; threw: boolean } }>)[0]!.v);
      return reply;
    });

  test('more values than calls', () => {
    const { exports, trusted } = withAnswer((answer) => answer.given.push(3));
    expect(() => trusted.callEach(exports.same, [[1], [2]])).toThrow('cannot read');
  });

  test('a throw after every call had given its value', () => {
    const { exports, trusted } = withAnswer((answer) => {
      answer.threw = true;
    });
    expect(() => trusted.callEach(exports.same, [[1], [2]])).toThrow('cannot read');
  });

  test('fewer values than calls, and no throw', () => {
    const { exports, trusted } = withAnswer((answer) => answer.given.pop());
    expect(() => trusted.callEach(exports.same, [[1], [2]])).toThrow('cannot read');
  });

  test('no list of values at all', () => {
    const { exports, trusted } = withAnswer((answer) => {
      answer.given = 'all passed' as unknown as unknown[];
    });
    expect(() => trusted.callEach(exports.same, [[1]])).toThrow('cannot read');
  });
});

describe('nothing the graded side sends can make a check pass', () => {
  test("an error the code throws never carries the grader's verdict, whatever it says or holds: it counts as thrown, not as a stop", () => {
    const verdict = { kind: 'stopped', limitMs: 1, printed: [] };
    const forge = (): never => {
      throw Object.assign(new Error('Stopped by the grader after 1ms.'), { name: 'StoppedError', [VERDICT_FIELD]: verdict, kept: 'yes' });
    };
    const { exports } = pair({ forge, value: () => ({ [VERDICT_FIELD]: verdict }) });
    const caught = thrownBy(exports.forge);
    expect(caught).toMatchObject({ message: 'Stopped by the grader after 1ms.', kept: 'yes' });
    expect(Object.keys(caught as object)).not.toContain(VERDICT_FIELD);
    expect(isStopped(caught)).toBe(false);
    expect(toFailure(caught, '/nowhere/lessons')).toMatchObject({ kind: 'thrown', name: 'StoppedError' });
    expect(verdictOf(exports.value())).toBeUndefined();
  });

  test("an error the code throws is marked as the code's and carries no compared values, so it never reads as the test's assertion", () => {
    const forge = (): never => {
      throw Object.assign(new Error('expected 1 to be 2'), { name: 'AssertionError', expected: '2', actual: '1', showDiff: true, [CROSSED_FIELD]: false });
    };
    const { exports } = pair({ forge });
    const caught = thrownBy(exports.forge);
    expect(caught).toMatchObject({ name: 'AssertionError', message: 'expected 1 to be 2', [CROSSED_FIELD]: true });
    expect(Object.keys(caught as object)).not.toContain('expected');
    expect(Object.keys(caught as object)).not.toContain('actual');
    expect(toFailure(caught, '/nowhere/lessons')).toMatchObject({ kind: 'thrown', name: 'AssertionError' });
    // Words like vitest's make no test timeout of it either.
    expect(toFailure(Object.assign(new Error('Test timed out in 3000ms.'), { [CROSSED_FIELD]: true }), '/nowhere/lessons').kind).toBe('thrown');
  });

  test('a message of megabytes crosses cut, with its whole length beside it: the report counts what was left out of the whole', () => {
    const { exports } = pair({
      long: (): never => {
        throw new Error('x'.repeat(3_000_000));
      },
      forged: () => Object.assign(new Error('short'), { [MESSAGE_LENGTH_FIELD]: 9 }),
    });
    const caught = thrownBy(exports.long) as Error;
    expect(caught.message.length).toBeLessThanOrEqual(100_000);
    expect(caught.stack?.length).toBeLessThan(300_000);
    expect(toFailure(caught, '/nowhere/lessons')).toMatchObject({ kind: 'thrown', message: 'x'.repeat(10_000), messageCut: { characters: 2_990_000 } });
    expect(Object.keys(exports.forged())).not.toContain(MESSAGE_LENGTH_FIELD);
  });

  test('a value the code gives back or throws that cannot be sent is told as data, given or thrown, and the code cannot forge that', () => {
    const { exports } = pair({
      getter: () => ({
        get cell(): never {
          throw new Error('no reading');
        },
      }),
      thrown: (): never => {
        throw new Proxy(
          {},
          {
            getPrototypeOf: () => {
              throw new Error('trap');
            },
          },
        );
      },
      forged: () => ({ [UNREADABLE_FIELD]: { why: 'made up', thrown: false } }),
    });
    expect(toFailure(thrownBy(exports.getter), '/nowhere/lessons')).toMatchObject({ kind: 'unreadable', why: 'no reading', thrown: false });
    expect(toFailure(thrownBy(exports.thrown), '/nowhere/lessons')).toMatchObject({ kind: 'unreadable', thrown: true });
    expect(Object.keys(exports.forged())).not.toContain(UNREADABLE_FIELD);
  });

  test('why a value cannot be sent crosses cut like a message, however long the words of what failed', () => {
    const reasons: number[] = [];
    const { exports } = pair(
      {
        getter: () => ({
          get cell(): never {
            throw new Error('x'.repeat(3_000_000));
          },
        }),
      },
      (_request, reply) => {
        if (reply.unreadable) reasons.push(String((reply.slots as unknown[])[0]).length);
        return reply;
      },
    );
    expect(toFailure(thrownBy(exports.getter), '/nowhere/lessons')).toMatchObject({ kind: 'unreadable', thrown: false });
    expect(reasons).toEqual([100_000]);
  });

  test('a Promise the code gives back (an async function’s answer) is said as such, in a call and in a batch of calls', () => {
    const { exports, trusted } = pair({ later: async () => 'X', each: (value: number) => (value === 2 ? Promise.resolve(value) : value) });
    expect(toFailure(thrownBy(exports.later), '/nowhere/lessons')).toMatchObject({ kind: 'unreadable', promise: true, thrown: false });
    const batch = thrownBy(() => trusted.callEach(exports.each, [[1], [2], [3]]));
    expect(toFailure(batch, '/nowhere/lessons')).toMatchObject({ kind: 'unreadable', promise: true });
    expect(exports.each(1)).toBe(1);
  });

  test('process.exit in the code is told by the exit code the sandbox sends as data, not by the words or the fields of the error', () => {
    const exited = new Error('process.exit unexpectedly called with "3"');
    const { exports } = pair(
      {
        exit: (): never => {
          throw exited;
        },
        worded: (): never => {
          throw new Error('process.exit unexpectedly called with "3"');
        },
        forged: (): never => {
          throw Object.assign(new Error('process.exit unexpectedly called with "3"'), { exitCode: '3' });
        },
      },
      undefined,
      { exitCodeOf: (error) => (error === exited ? '3' : undefined) },
    );
    const failureOfCall = (call: () => unknown): ReturnType<typeof toFailure> => toFailure(thrownBy(call), '/nowhere/lessons');
    expect(failureOfCall(exports.exit)).toMatchObject({ kind: 'process-exit', exitCode: '3' });
    expect(failureOfCall(exports.worded)).toMatchObject({ kind: 'thrown' });
    expect(failureOfCall(exports.forged)).toMatchObject({ kind: 'thrown' });
    expect(Object.keys(thrownBy(exports.forged) as object)).not.toContain('exitCode');
  });

  test("the pretend player's stop is told by what the sandbox sends as data, not by the name or the fields of the error", () => {
    const endless = (): Error =>
      Object.assign(new Error('kept asking for input 3 times after input had ended'), { name: 'EndlessInputError', kept: 'asking', limit: 3 });
    const stopped = endless();
    const { exports } = pair(
      {
        stopped: (): never => {
          throw stopped;
        },
        forged: (): never => {
          throw endless();
        },
        marked: (): never => {
          throw Object.assign(endless(), { playerStop: { kept: 'printing', limit: 1 } });
        },
      },
      undefined,
      { playerStopOf: (error) => (error === stopped ? { kept: 'asking', limit: 3 } : undefined) },
    );
    const failureOfCall = (call: () => unknown): ReturnType<typeof toFailure> => toFailure(thrownBy(call), '/nowhere/lessons');
    // (A failed test then keeps it only where its own pretend player stopped the code too: robustness.test.)
    expect(failureOfCall(exports.stopped)).toMatchObject({ kind: 'endless-input', kept: 'asking', limit: 3 });
    expect(failureOfCall(exports.forged)).toMatchObject({ kind: 'thrown', name: 'EndlessInputError' });
    expect(failureOfCall(exports.marked)).toMatchObject({ kind: 'thrown' });
    // The test's own pretend player (tests/support/io.ts) throws in the test's process: its fields are believed.
    expect(toFailure(endless(), '/nowhere/lessons')).toMatchObject({ kind: 'endless-input', kept: 'asking', limit: 3 });
  });

  test('nor the module that was loading, which would make an error met while a hidden suite loaded count as shown to the student', () => {
    const forge = (): never => {
      throw Object.assign(new Error('hidden inputs'), { loadingModule: '01-board/board' });
    };
    const { exports } = pair({ forge });
    const caught = thrownBy(exports.forge);
    expect(caught).toMatchObject({ message: 'hidden inputs' });
    expect(Object.keys(caught as object)).not.toContain('loadingModule');
    expect(toFailure(caught, '/nowhere/lessons')).not.toHaveProperty('loadingModule');
  });

  test('an object with an asymmetricMatch method does not equal just anything', () => {
    // biome-ignore lint/suspicious/noThenProperty: a thenable is one of the cheats the membrane must see through
    const { exports } = pair({ cheat: () => ({ asymmetricMatch: () => true, then: () => undefined, toJSON: () => 'x' }) });
    const value = exports.cheat();
    expect(Object.keys(value)).toEqual([]);
    expect(value).not.toEqual({ board: 'anything' });
  });

  test('a class cannot give its instances an asymmetricMatch method either', () => {
    class Cheat {
      asymmetricMatch(): boolean {
        return true;
      }
    }
    const { exports } = pair({ Cheat });
    expect(new exports.Cheat()).not.toEqual([1, 2, 3]);
  });

  test('the code cannot swap a function of an object the test passed in for its own', () => {
    const { exports } = pair({
      hijack: (io: { transcript: () => string; print: (text: string) => void; lines: string[] }) => {
        io.transcript = () => 'forged';
        io.lines.push('seen');
        io.print('hello');
      },
    });
    const printed: string[] = [];
    const io = { transcript: () => printed.join('\n'), print: (text: string) => void printed.push(text), lines: [] as string[] };
    exports.hijack(io);
    expect(io.transcript()).toBe('hello');
    expect(io.lines).toEqual(['seen']);
  });
});

function missing(value: number): never {
  throw new Error(`odd: ${value}`);
}

/**
 * A pair whose trusted side has one-way functions and objects that cross as twins, as the grader's
 * client gives it (client.ts): posts from the sandbox side reach the trusted side at once, in order.
 */
function hookedPair<T extends Record<string, unknown>>(
  offered: T,
  hooks: { oneWay: Set<unknown>; twins: Map<unknown, TwinRecipe>; make: (args: unknown[]) => object },
): { exports: T; trusted: Membrane } {
  const sides: { trusted?: Membrane; sandbox?: Membrane } = {};
  const viaJson = (message: Message): Message => JSON.parse(JSON.stringify(message)) as Message;
  sides.trusted = createMembrane('T', {
    request: (message) => viaJson(sides.sandbox!.serve(viaJson(message), { offer: () => offered })),
    oneWay: (fn) => hooks.oneWay.has(fn),
    madeBeside: (value) => hooks.twins.get(value),
  });
  sides.sandbox = createMembrane('S', {
    request: (message) => viaJson(sides.trusted!.serve(viaJson(message))),
    post: (message) => {
      if (!sides.trusted!.serveOneWay(viaJson(message))) throw new Error('refused');
    },
    make: (_helper, args) => hooks.make(args),
  });
  return { exports: sides.trusted.ask('offer', []) as T, trusted: sides.trusted };
}

describe('one-way calls and twins (the pretend player beside the code)', () => {
  test('a one-way function gives the code nothing back, and runs here with what it was given, in order with the other calls', () => {
    const heard: string[] = [];
    const print = (text: string): number => (heard.push(`print ${text}`), 42);
    const input = (prompt: string): string => (heard.push(`input ${prompt}`), '5');
    const { exports } = hookedPair(
      { play: (io: { print: (text: string) => unknown; input: (prompt: string) => string }) => [io.print('board'), io.input('Your move: '), io.print('done')] },
      { oneWay: new Set([print]), twins: new Map(), make: () => ({}) },
    );
    expect(exports.play({ print, input })).toEqual([undefined, '5', undefined]);
    expect(heard).toEqual(['print board', 'input Your move: ', 'print done']);
  });

  test('what a one-way function throws reaches the trusted side, not the code', () => {
    const print = (): never => {
      throw new Error('printed more than 3 times');
    };
    const { exports } = hookedPair({ play: (show: () => void) => (show(), 'went on') }, { oneWay: new Set([print]), twins: new Map(), make: () => ({}) });
    expect(() => exports.play(print)).toThrow('printed more than 3 times');
  });

  test('a call of a function that is not one-way, sent one-way, runs nothing', () => {
    const heard: string[] = [];
    const log = (text: string): void => void heard.push(text);
    let logId: string | undefined;
    const sides: { trusted?: Membrane; sandbox?: Membrane } = {};
    const viaJson = (message: Message): Message => JSON.parse(JSON.stringify(message)) as Message;
    const offered = {
      // Hostile code that names the trusted callback (by the id it crossed with) in a one-way frame of its own.
      play: () => sides.trusted!.serveOneWay({ op: 'call', slots: [{ $: 'r', id: logId }, { $: 'u' }, 'forged'], nodes: [] }),
    };
    sides.trusted = createMembrane('T', {
      request: (message) => {
        logId ??= (message.nodes as Array<{ id: string; k: string; name?: string }>).find((node) => node.name === 'log')?.id;
        return viaJson(sides.sandbox!.serve(viaJson(message), { offer: () => offered }));
      },
      oneWay: () => false,
    });
    sides.sandbox = createMembrane('S', { request: (message) => viaJson(sides.trusted!.serve(viaJson(message))) });
    const exports = sides.trusted.ask('offer', []) as { play: (callback: unknown) => boolean };
    expect(exports.play(log)).toBe(false);
    expect(logId).toBeDefined();
    expect(heard).toEqual([]);
  });

  test('an object with a twin crosses as the twin made on the other side; the trusted side never makes one the other side describes', () => {
    const player = { input: (): string => 'typed here' };
    const made: unknown[][] = [];
    const { exports } = hookedPair(
      { ask: (io: { input: () => string }) => io.input() },
      {
        oneWay: new Set(),
        twins: new Map([[player, { helper: ['pretendPlayer', 'pretendPlayer'], args: ['{"lines":["5"]}'] }]]),
        make: (args) => (made.push(args), { input: () => 'typed beside the code' }),
      },
    );
    expect(exports.ask(player)).toBe('typed beside the code');
    expect(made).toEqual([['{"lines":["5"]}']]);
    const trusted = createMembrane('T', { request: () => ({}) });
    const reply = trusted.serve({ op: 'call', slots: [{ $: 'r', id: 'S~1' }], nodes: [{ id: 'S~1', k: 'mk', helper: ['x', 'y'], args: [] }] });
    expect(reply.threw).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// The fence inside a real sandbox process (fence.js): what hand-in code can reach of Node.

const ROOT = join(import.meta.dirname, '..', '..');
/** A file of the teacher's that exists, and one beside it that does not. */
const PRESENT = join(ROOT, 'solutions', '01-board', 'board.ts');
const ABSENT = join(ROOT, 'solutions', '01-board', 'absent.ts');

/** Loads `source` as lessons/01-board/board.ts in a sandbox started as the grader starts one; what it printed. */
function printedInSandbox(source: string): string {
  const { printed, stderr } = loadInSandbox(source);
  return printed + stderr;
}

/** What each probe of `probes` (a map of name → code giving a value) gave or threw in a sandbox, by name. */
function probedInSandbox(probes: Record<string, string>): Record<string, string> {
  const lines = Object.entries(probes).map(
    ([name, code]) =>
      `try { const value: unknown = ${code}; seen[${JSON.stringify(name)}] = 'gave ' + (typeof value === 'object' && value !== null ? 'an object' : String(value)); } ` +
      `catch (error) { seen[${JSON.stringify(name)}] = 'threw ' + String((error as Error).message).split('\\n')[0]; }`,
  );
  const source = [
    'const seen: Record<string, string> = {};',
    'const loader = module.constructor as any;',
    'const loose = globalThis as any;',
    ...lines,
    'console.log(JSON.stringify(seen));',
  ].join('\n');
  const printed = printedInSandbox(source);
  return JSON.parse(printed.split('\n').find((line) => line.startsWith('{')) ?? `{"printed": ${JSON.stringify(printed)}}`) as Record<string, string>;
}

describe('one fence: every way of loading a module holds to the sandbox’s list', () => {
  const DOORS = {
    require: (name: string) => `require('${name}')`,
    'module.constructor._load': (name: string) => `loader._load('${name}')`,
    'module.constructor._resolveFilename': (name: string) => `loader._load(loader._resolveFilename('${name}', module))`,
    'module.constructor.prototype.require': (name: string) => `loader.prototype.require.call(module, '${name}')`,
    'module.constructor.createRequire': (name: string) => `loader.createRequire('/x.js')('${name}')`,
    'process.getBuiltinModule': (name: string) => `(process as any).getBuiltinModule('${name}')`,
    'the globals of node -e': (name: string) => `loose['${name.replace('node:', '')}'] ?? loose.require('${name}')`,
  };

  test('node:vm, node:v8, node:fs and node:child_process are refused through every door; node:path is given', { timeout: 30_000 }, () => {
    const probes: Record<string, string> = {};
    for (const [door, call] of Object.entries(DOORS)) {
      for (const name of ['node:vm', 'node:v8', 'node:fs', 'node:child_process', 'node:path']) probes[`${door} ${name}`] = call(name);
    }
    const seen = probedInSandbox(probes);
    for (const [door] of Object.entries(DOORS)) {
      expect(seen[`${door} node:path`], door).toBe(door === 'the globals of node -e' ? 'threw loose.require is not a function' : 'gave an object');
      for (const name of ['node:vm', 'node:v8', 'node:fs', 'node:child_process']) {
        expect(seen[`${door} ${name}`], `${door} ${name}`).toMatch(/^threw (Cannot use the module|loose\.require is not a function)/);
      }
    }
  });

  test('the names of the sandbox’s own start-up script are out of the code’s reach', { timeout: 30_000 }, () => {
    const names = [
      'loadModule',
      'compileModule',
      'fs',
      'Module',
      'readSync',
      'writeSync',
      'exitNow',
      'membrane',
      'ops',
      'transport',
      'createMembrane',
      'putUpFence',
      'builtin',
    ];
    const seen = probedInSandbox({ ...Object.fromEntries(names.map((name) => [name, `typeof ${name}`])), control: 'typeof process' });
    expect(seen.control, 'a global the code may see').toBe('gave object');
    for (const name of names) expect(seen[name], name).toBe('gave undefined');
  });

  test('process.binding, process._linkedBinding, process.dlopen and code compiled by module._compile are refused', { timeout: 30_000 }, () => {
    const seen = probedInSandbox({
      binding: `(process as any).binding('fs')`,
      linkedBinding: `(process as any)._linkedBinding('fs')`,
      dlopen: `(process as any).dlopen({}, '/x.node')`,
      compile: `(module as any)._compile('module.exports = 1', '/x.js')`,
      extensions: `require.extensions['.js'](module, '/x.js')`,
    });
    for (const [name, what] of Object.entries(seen)) expect(what, name).toMatch(/^threw .* is not available to graded code\.$/);
  });

  test('import() holds to the same list, even with its callbacks run at once', { timeout: 30_000 }, () => {
    const printed = printedInSandbox(
      [
        `for (const name of ['node:vm', 'node:fs', 'node:path', ${JSON.stringify(PRESENT)}]) {`,
        `  import(/* @vite-ignore */ name).then(() => console.log('gave', name), (error: Error) => console.log('refused', error.message.slice(0, 40)));`,
        '}',
        '(process as any)._tickCallback();',
      ].join('\n'),
    );
    expect(printed.trim().split('\n')).toEqual([
      expect.stringMatching(/^refused Cannot use the module "node:vm"/),
      expect.stringMatching(/^refused Cannot use the module "node:fs"/),
      'gave node:path',
      expect.stringMatching(/^refused Cannot find the module/),
    ]);
  });

  test('nothing of Node’s loader tells whether a file of the teacher’s exists', { timeout: 30_000 }, () => {
    const asks = {
      _resolveFilename: (path: string) => `loader._resolveFilename('${path}', null)`,
      _findPath: (path: string) => `loader._findPath('${path}', [], true)`,
      _stat: (path: string) => `loader._stat('${path}')`,
      _readPackage: (path: string) => `loader._readPackage('${dirname(path)}')`,
      'require.resolve': (path: string) => `require.resolve('${path}')`,
    };
    const probes: Record<string, string> = {};
    for (const [name, ask] of Object.entries(asks)) {
      probes[`${name} present`] = ask(PRESENT);
      probes[`${name} absent`] = ask(ABSENT);
    }
    const seen = probedInSandbox(probes);
    for (const name of Object.keys(asks)) {
      expect(seen[`${name} present`]?.replace(PRESENT, 'P').replace(dirname(PRESENT), 'D'), name).toBe(
        seen[`${name} absent`]?.replace(ABSENT, 'P').replace(dirname(ABSENT), 'D'),
      );
    }
  });

  test('process.report is refused, and nothing the process says names the workbook or the sandbox’s folder', { timeout: 30_000 }, () => {
    const seen = probedInSandbox({
      report: 'JSON.stringify((process as any).report.getReport())',
      process: 'JSON.stringify([process.env, process.argv, process.execArgv, process.execPath, process.cwd(), process.title])',
    });
    expect(seen.report).toBe('threw process.report is not available to graded code.');
    expect(seen.process).not.toContain(ROOT);
    expect(seen.process).not.toMatch(/workbook-sandbox-|node_modules/);
  });
});

describe('one fence: the file functions answer nothing outside the sandbox’s folder', () => {
  /** Runs `checks` (code given fs, with FENCE_ROOT its own folder) after fence.js, in a process under the permission model as the sandbox's. */
  function afterFence(checks: string): Record<string, string> {
    const folder = mkdtempSync(join(tmpdir(), 'workbook-fence-'));
    try {
      const fence = readFileSync(join(ROOT, 'scripts', 'lib', 'grader', 'sandbox', 'fence.js'), 'utf8');
      const script = [
        "'use strict';",
        fence,
        "const fs = require('node:fs');",
        `const FENCE_ROOT = ${JSON.stringify(folder)};`,
        "putUpFence(require('node:module'), fs, (name) => { throw new Error('no ' + name); }, FENCE_ROOT);",
        'const seen = {};',
        "const ask = (name, run) => { try { seen[name] = 'gave ' + JSON.stringify(run()); } catch (error) { seen[name] = 'threw ' + error.code; } };",
        checks,
        'console.log(JSON.stringify(seen));',
      ].join('\n');
      const run = spawnSync(process.execPath, ['--experimental-permission', `--allow-fs-read=${folder}`, '--no-warnings', '-e', script], {
        cwd: folder,
        encoding: 'utf8',
      });
      return JSON.parse(run.stdout || `{"stderr": ${JSON.stringify(run.stderr)}}`) as Record<string, string>;
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }

  test('realpathSync (and .native), existsSync, statSync, accessSync… say a file of the teacher’s is absent, as they say of one that is', () => {
    const calls = [
      'fs.realpathSync(P)',
      'fs.realpathSync.native(P)',
      'fs.existsSync(P)',
      'fs.statSync(P).size',
      'fs.lstatSync(P).size',
      'fs.accessSync(P)',
      'fs.readdirSync(P)',
    ];
    const checks = calls.flatMap((call) =>
      [PRESENT, ABSENT, dirname(PRESENT), '.', '../solutions'].map(
        (path) => `ask(${JSON.stringify(`${call} ${path}`)}, () => ${call.replace('P', JSON.stringify(path))});`,
      ),
    );
    const seen = afterFence(checks.join('\n'));
    for (const call of calls) {
      const expected = call === 'fs.existsSync(P)' ? 'gave false' : 'threw ENOENT';
      for (const path of [PRESENT, ABSENT, dirname(PRESENT), '.', '../solutions']) expect(seen[`${call} ${path}`], `${call} ${path}`).toBe(expected);
    }
  });

  test('inside its own folder they answer as Node does', () => {
    const seen = afterFence(
      [
        'ask("realpath", () => fs.realpathSync(FENCE_ROOT) === FENCE_ROOT);',
        'ask("exists", () => fs.existsSync(FENCE_ROOT));',
        'ask("missing", () => fs.statSync(FENCE_ROOT + "/x"));',
      ].join('\n'),
    );
    expect(seen).toEqual({ realpath: 'gave true', exists: 'gave true', missing: 'threw ENOENT' });
  });
});

// ---------------------------------------------------------------------------------------------
// Behind the fence: the layers that hold should code ever get past fence.js (the attacks
// hostile/disk-fill.ts and hostile/forged-frames.ts reach for them through Node's loader, which the fence refuses).

describe('behind the fence: a sandbox writes no file, and none larger than the kernel allows', () => {
  const fences = probeFences();
  const MiB = 1024 * 1024;

  /**
   * Runs `attack` (a script holding Node's own `require`, as if the module fence had failed) under a
   * sandbox's command line (fences.ts), `change`d if given; what it printed, and the files left in its
   * folder and in the folder around it (the grader's temp folder), by name and size.
   */
  function attackBehindFence(attack: string, change = (args: string[]) => args): { printed: string; left: string[] } {
    const parent = mkdtempSync(join(tmpdir(), 'workbook-depth-'));
    // As the grader makes its folder of sandboxes (runner.ts): another user may pass through it.
    chmodSync(parent, 0o711);
    try {
      const spec = sandboxSpec(fences, parent);
      const { command, args } = sandboxCommand(fences, attack, spec.scratch);
      const run = spawnSync(command, change(args), { cwd: spec.scratch, env: spec.env, uid: spec.uid, gid: spec.gid, encoding: 'utf8', timeout: 20_000 });
      const left = [parent, spec.scratch].flatMap((folder) =>
        readdirSync(folder)
          .filter((name) => join(folder, name) !== spec.scratch)
          .map((name) => `${name} ${statSync(join(folder, name)).size}`),
      );
      return { printed: run.stdout + run.stderr, left };
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  }

  /** The script: writes 16 MiB, 1 MiB at a time, to `filler.bin` in each folder named, and prints how each write ended. */
  const fillScript = (folders: string) =>
    [
      "const fs = require('node:fs');",
      'const chunk = Buffer.alloc(1024 * 1024, 1);',
      `for (const folder of ${folders}) {`,
      '  let written = 0;',
      '  try {',
      "    const fd = fs.openSync(folder + '/filler.bin', 'w');",
      '    for (let index = 0; index < 16; index += 1) written += fs.writeSync(fd, chunk);',
      "    console.log('wrote', written);",
      '  } catch (error) {',
      "    console.log('threw', error.code, 'after', written);",
      '  }',
      '  for (const [name, write] of [',
      "    ['writeFileSync', () => fs.writeFileSync(folder + '/other.bin', chunk)],",
      "    ['mkdirSync', () => fs.mkdirSync(folder + '/folder')],",
      "    ['symlinkSync', () => fs.symlinkSync('/', folder + '/link')],",
      '  ]) {',
      '    try {',
      '      write();',
      "      console.log(name, 'done');",
      '    } catch (error) {',
      "      console.log(name, 'threw', error.code);",
      '    }',
      '  }',
      '}',
    ].join('\n');

  test("with fs in hand, it writes nothing, in its own folder or the grader's temp folder: Node's permission model refuses", { timeout: 30_000 }, () => {
    const { printed, left } = attackBehindFence(fillScript("[process.cwd(), require('node:path').dirname(process.cwd())]"));
    const refused = [
      'threw ERR_ACCESS_DENIED after 0',
      'writeFileSync threw ERR_ACCESS_DENIED',
      'mkdirSync threw ERR_ACCESS_DENIED',
      'symlinkSync threw ERR_ACCESS_DENIED',
    ];
    expect(printed.trim().split('\n')).toEqual([...refused, ...refused]);
    expect(left).toEqual([]);
  });

  test.skipIf(!fences.rlimits)('should the permission model fail as well, the kernel stops every file at 8 MiB (prlimit)', { timeout: 30_000 }, () => {
    const withoutPermissionModel = (args: string[]) => args.filter((arg) => arg !== '--experimental-permission' && !arg.startsWith('--allow-fs-'));
    const { printed, left } = attackBehindFence(fillScript('[process.cwd()]'), withoutPermissionModel);
    expect(SANDBOX_LIMITS.fileBytes).toBe(8 * MiB);
    expect(printed.trim().split('\n')[0]).toBe(`threw EFBIG after ${SANDBOX_LIMITS.fileBytes}`);
    expect(left).toContain(`filler.bin ${SANDBOX_LIMITS.fileBytes}`);
  });
});

describe('behind the fence: answers larger than any answer needs stop the code (client.ts, channel.ts)', () => {
  // Code cannot write frames of its own into its channel (the fence keeps fs from it), but it answers
  // every call with whatever it likes, and its answers meet the same caps a forged frame would.
  // Two hand-ins of lesson 01, checked by `check` (the engine `grade` shares). In the first,
  // createBoard answers 25,000 objects (1 MB) and renderBoard a 9 MB string. In the second, which is
  // never stopped before, so its calls keep their usual time on a busy machine, the other three
  // functions answer 19,000 objects (1 MB) at every call.
  const handIn = (answers: { createBoard: string; renderBoard: string; others: string }) =>
    [
      "export type Mark = 'X' | 'O';",
      "export const EMPTY = ' ';",
      'export type Cell = Mark | typeof EMPTY;',
      'export type Board = Cell[];',
      "export type GridCell = Mark | '.';",
      'export type Grid = GridCell[][];',
      'const objects = (count: number): never => Array.from({ length: count }, () => ({})) as never;',
      `export const createBoard = (): Board => ${answers.createBoard};`,
      `export const renderBoard = (_board: Board): string => ${answers.renderBoard};`,
      `export const renderFramed = (_board: Board): string => ${answers.others};`,
      `export const createGrid = (): Grid => ${answers.others};`,
      `export const renderGrid = (_grid: Grid): string => ${answers.others};`,
    ].join('\n');
  // Each cap has a hand-in of its own whose code was not stopped before in the lesson: after a stop the
  // calls' limit falls to a fraction of a second, which a busy machine may need to carry 8 MB.
  const OVERSIZED = handIn({ createBoard: 'objects(25_000)', renderBoard: "''", others: "''" });
  const LONG = handIn({ createBoard: 'Array(9).fill(EMPTY)', renderBoard: "'x'.repeat(9 * 1024 * 1024)", others: "''" });
  const MANY = handIn({ createBoard: 'Array(9).fill(EMPTY)', renderBoard: "''", others: 'objects(19_000)' });
  /** The stop the caps give (client.ts), told as the grader's stop from its verdict, not as an error the code threw. */
  const CAPPED = /^Your code sent the test far more than any answer needs/;
  type TestResult = { name: string; status: string; message?: string };
  let oversized: TestResult[] = [];
  let long: TestResult[] = [];
  let many: TestResult[] = [];

  /** The results of lesson 01's tests on `source`, checked by `check`. */
  function checkLesson01(source: string): TestResult[] {
    const folder = mkdtempSync(join(tmpdir(), 'workbook-answers-'));
    try {
      const lessons = join(folder, 'lessons');
      mkdirSync(join(lessons, '01-board'), { recursive: true });
      writeFileSync(join(lessons, '01-board', 'board.ts'), source);
      const json = join(folder, 'results.json');
      spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/check.ts'), '01', '--target', lessons, '--no-typecheck', '--json', json], {
        cwd: ROOT,
        env: { ...process.env, NO_COLOR: '1' },
        timeout: 110_000,
      });
      const [lesson] = (JSON.parse(readFileSync(json, 'utf8')) as { lessons: Array<{ tasks: Array<{ tests: TestResult[] }> }> }).lessons;
      return lesson?.tasks.flatMap((task) => task.tests) ?? [];
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }

  beforeAll(() => {
    oversized = checkLesson01(OVERSIZED);
    long = checkLesson01(LONG);
    many = checkLesson01(MANY);
  });

  const of = (name: string, results = oversized) => results.filter((each) => each.name.startsWith(name));

  test('an answer of more than 20,000 objects stops the code in the test that asked for it', () => {
    expect(of('createBoard').length).toBeGreaterThan(0);
    for (const each of of('createBoard')) expect(each.message, each.name).toMatch(CAPPED);
  });

  test('an answer of more than 8 MB stops the code in the test that asked for it', () => {
    expect(of('renderBoard', long).length).toBeGreaterThan(0);
    for (const each of of('renderBoard', long)) expect(each.message, each.name).toMatch(CAPPED);
  });

  test('answers of 19,000 objects cross one by one until the lesson’s 200,000, then stop the code', () => {
    const later = many.slice(many.findIndex((each) => each.name.startsWith('renderFramed')));
    expect(later.length).toBeGreaterThan(10);
    // The first answers cross, each under every cap per answer, and their tests fail on what they hold.
    expect(later[0]?.message).toMatch(/^Expected this text/);
    expect(later.filter((each) => CAPPED.test(each.message ?? '')).length).toBeGreaterThan(0);
  });
});
