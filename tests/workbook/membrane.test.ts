/**
 * The membrane between the suites and a hand-in's code (scripts/lib/grader/sandbox/membrane.js), with both
 * sides in this process and JSON in between, as over the real pipes: values keep their identity and
 * sharing, changes travel both ways, and nothing the graded side sends can make a check pass.
 */
import { describe, expect, test } from 'vitest';
import { createMembrane, type Membrane, type Message, type TwinRecipe } from '../../scripts/lib/grader/sandbox/membrane-types.ts';

/**
 * A trusted side and a sandbox side, joined; `exports` is what the sandbox side offers, as the trusted
 * side sees it. `tamper` may change what the sandbox side answers (as hostile code could).
 */
function pair<T extends Record<string, unknown>>(offered: T, tamper = (_request: Message, reply: Message) => reply): { exports: T; trusted: Membrane } {
  const sides: { trusted?: Membrane; sandbox?: Membrane } = {};
  const viaJson = (message: Message): Message => JSON.parse(JSON.stringify(message)) as Message;
  const serveInSandbox = (message: Message): Message => tamper(message, sides.sandbox!.serve(viaJson(message), { offer: () => offered }));
  sides.trusted = createMembrane('T', { request: (message) => viaJson(serveInSandbox(message)) });
  sides.sandbox = createMembrane('S', { request: (message) => viaJson(sides.trusted!.serve(viaJson(message))) });
  return { exports: sides.trusted.ask('offer', []) as T, trusted: sides.trusted };
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
