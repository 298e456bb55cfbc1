// @ts-check
// The program that runs a hand-in's code, in its own locked-down process (see fences.ts for how it
// is started: Node's permission model with no file written and none read but an empty folder of its
// own, no processes, no threads; on Linux also its own network and process namespaces and resource limits).
//
// It is started as `node -e <membrane.js + this file>` and speaks to the grader through its
// standard input and output: frames of a 4-byte length and a JSON text. It blocks on its input
// while the grader's suites run, so the hand-in's code runs only inside a call, synchronously.
// Nothing here is trusted by the grader: every value it sends back is checked by the suites.
'use strict';

/** @typedef {import('../contracts/membrane-types.ts').Message} Message */
/**
 * A hand-in's module as Node's loader makes it here.
 * @typedef {{ filename: string, paths: string[], loaded: boolean, exports: Holder, require: (specifier: string) => unknown }} LoadedModule
 */
/** @typedef {{ code?: string, error?: { message: string, location: string } }} CompiledSource */
/** The ops as the membrane serves them (the grader sends each op the arguments it takes). */
/** @typedef {Record<string, (...values: unknown[]) => unknown>} ServedOps */
/** @typedef {import('../contracts/sandbox-words.ts').SandboxWords} SandboxWords */
/** @typedef {{ t: 'boot', modules: Record<string, CompiledSource>, helpers: string, base: string, words?: SandboxWords }} BootFrame */

const fs = require('node:fs');
/** Node's module loader, with the internals this script uses (Node's types leave them out). */
const Module = /**
 * @type {ModuleLoader & {
 *   new (id: string, parent: null): LoadedModule,
 *   _load(request: string, parent: null, isMain: boolean): Holder,
 *   prototype: { _compile(this: LoadedModule, code: string, filename: string): void },
 * }}
 */ (/** @type {unknown} */ (require('node:module')));
const util = require('node:util');
/**
 * The process, with the internals this script replaces (Node's types leave them out).
 * @typedef {Holder & { reallyExit(code: number): never }} ProcessInternals
 */

// The built-in functions this script calls while code may have run, kept before any does (it may replace them).
const readSync = fs.readSync;
const writeSync = fs.writeSync;
const BufferFrom = Buffer.from;
const BufferAlloc = Buffer.alloc;
const jsonParse = JSON.parse;
const jsonStringify = JSON.stringify;
const format = util.format;
const exitNow = /** @type {ProcessInternals} */ (/** @type {unknown} */ (process)).reallyExit.bind(process);
const ownKeys = Reflect.ownKeys;
const describe = Reflect.getOwnPropertyDescriptor;
const prototypeOf = Reflect.getPrototypeOf;
const isExtensible = Reflect.isExtensible;
const sameValue = Object.is;
const hasOwn = Object.hasOwn;
const apply = Reflect.apply;
const StartError = Error;
const remember = WeakMap.prototype.set;
const recall = WeakMap.prototype.get;
const smaller = Math.min;
const readLength = Buffer.prototype.readUInt32LE;
const utf8Slice = /** @type {Buffer & { utf8Slice(start: number, end: number): string }} */ (Buffer.prototype).utf8Slice;
const defineField = Reflect.defineProperty;
const enableSourceMaps = process.setSourceMapsEnabled;

/** Bytes of output one request may print before the rest is dropped. */
const OUTPUT_CAP = 64 * 1024;

// With named pipes (argument 'pipes') requests come on fd 3 and replies go out on fd 4; otherwise
// on standard input and output. Over pipes a large frame comes in parts of PART_BYTES, and each part
// but the last is acknowledged with a 'more' frame, so the grader's writes never block.
const viaPipes = process.argv[1] === 'pipes';
const IN = viaPipes ? 3 : 0;
const OUT = viaPipes ? 4 : 1;
// Copies of wire.mjs's (this script cannot import): tests/workbook/wire.test.ts holds them equal.
const PART_BYTES = 60 * 1024;
const MAX_FRAME = 8 * 1024 * 1024;

/**
 * @param {Buffer} buffer
 * @param {number} offset
 * @param {number} length
 */
function readInto(buffer, offset, length) {
  while (length > 0) {
    let count;
    try {
      count = readSync(IN, buffer, offset, length, null);
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EAGAIN') continue;
      throw error;
    }
    if (count === 0) exitNow(0); // the grader is gone
    offset += count;
    length -= count;
  }
}

/**
 * A buffer to read a frame into, whose size Node's fs.readSync finds as its own field: nothing the
 * code may have put on the prototypes runs while a frame is read (it could change the frame's bytes).
 * @param {number} size
 */
function readBuffer(size) {
  const buffer = BufferAlloc(size);
  defineField(buffer, 'byteLength', { value: size });
  return buffer;
}

/** @returns {Message} */
function readFrame() {
  const header = readBuffer(4);
  readInto(header, 0, 4);
  const length = apply(readLength, header, [0]);
  const body = readBuffer(length);
  let read = 0;
  let partLeft = PART_BYTES - 4;
  while (read < length) {
    const step = smaller(partLeft, length - read);
    readInto(body, read, step);
    read += step;
    partLeft -= step;
    if (partLeft === 0 && read < length) {
      if (viaPipes) writeBytes(MORE_FRAME);
      partLeft = PART_BYTES;
    }
  }
  return jsonParse(apply(utf8Slice, body, [0, length]));
}

/**
 * Sends a frame. One larger than the grader takes is not built: its length alone tells the grader,
 * which stops the code at once, before a busy machine has spent the call's time on bytes it would refuse.
 * @param {object} message
 */
function writeFrame(message) {
  const longest = longestAnswerText(message);
  if (longest > MAX_FRAME) return writeBytes(lengthHeader(longest));
  const text = jsonStringify(message);
  if (text.length > MAX_FRAME) return writeBytes(lengthHeader(text.length));
  writeBytes(framed(text));
}

/** A frame's bytes: the length of the text, then the text. @param {string} text */
function framed(text) {
  const body = BufferFrom(text, 'utf8');
  const frame = BufferAlloc(4 + body.length);
  frame.writeUInt32LE(body.length, 0);
  body.copy(frame, 4);
  return frame;
}
/** The acknowledgement of a frame's part (see readFrame), made now: sent with no built-in the code may have replaced. */
const MORE_FRAME = framed(jsonStringify({ t: 'more' }));

/** The length of the longest text among a message's answers themselves (0 when none is a text): a frame is at least that long. */
function longestAnswerText(/** @type {{ slots?: unknown[] }} */ message) {
  let longest = 0;
  for (const slot of message.slots ?? []) if (typeof slot === 'string' && slot.length > longest) longest = slot.length;
  return longest;
}

/** @param {number} length */
function lengthHeader(length) {
  const header = BufferAlloc(4);
  header.writeUInt32LE(length, 0);
  return header;
}

/** @param {Buffer} frame */
function writeBytes(frame) {
  let offset = 0;
  while (offset < frame.length) {
    try {
      offset += writeSync(OUT, frame, offset, frame.length - offset);
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EAGAIN') throw error;
    }
  }
}

// What the code prints goes to the grader as it happens, capped, so the last lines are known even
// when the code is stopped.
let printed = 0;
/**
 * @param {string} method
 * @param {string} text
 */
function print(method, text) {
  if (printed > OUTPUT_CAP) return;
  printed += text.length;
  writeFrame({ t: 'out', m: method, s: printed > OUTPUT_CAP ? '[more output was cut]\n' : text });
}
for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace']) {
  /** @type {Holder} */ (/** @type {unknown} */ (console))[method] = (/** @type {unknown[]} */ ...parts) =>
    print(method === 'trace' ? 'error' : method, `${format(...parts)}\n`);
}
console.dir = (value) => print('log', `${util.inspect(value)}\n`);
console.table = (value) => print('log', `${util.inspect(value)}\n`);
for (const [stream, method] of /** @type {Array<[NodeJS.WriteStream, string]>} */ ([
  [process.stdout, 'stdout'],
  [process.stderr, 'stderr'],
])) {
  stream.write = /** @type {NodeJS.WriteStream['write']} */ (
    (/** @type {string | Uint8Array} */ chunk, /** @type {unknown} */ encoding, /** @type {unknown} */ done) => {
      print(method, typeof chunk === 'string' ? chunk : BufferFrom(chunk).toString('utf8'));
      if (typeof encoding === 'function') encoding();
      else if (typeof done === 'function') done();
      return true;
    }
  );
}

// What the sandbox tells the code it refuses, in the student's language: the grader sends the
// sentences in each boot frame (contracts/sandbox-words.ts), with a mark where the name goes.
// Copies of sandbox-words.ts's SANDBOX_WORDS_MARK and SANDBOX_WORDS_SECOND (this script cannot import):
// tests/workbook/guards.test.ts holds them equal.
const SANDBOX_WORDS_MARK = '\u0000';
const SANDBOX_WORDS_SECOND = '\u0001';
/** @type {SandboxWords} */
let words = {
  module: `Cannot use the module "${SANDBOX_WORDS_MARK}" in graded code.`,
  control: `${SANDBOX_WORDS_MARK} is not available to graded code.`,
  missing: `Cannot find the module "${SANDBOX_WORDS_MARK}" imported from ${SANDBOX_WORDS_SECOND}: check the path and the file name.`,
};

/**
 * One of the sandbox's sentences with the name of what it refused (and, for `missing`, the file that asked).
 * @param {keyof SandboxWords} which
 * @param {string} name
 * @param {string} [second]
 */
function refusal(which, name, second = '') {
  return words[which].split(SANDBOX_WORDS_MARK).join(name).split(SANDBOX_WORDS_SECOND).join(second);
}

// The process's own controls are not the code's to use. (The fences hold without this; these
// give a plain message instead of a crash.)
/** @param {string} what */
function refuse(what) {
  return () => {
    throw new Error(refusal('control', what));
  };
}
// The code it was called with crosses as data, which only this script can give (the membrane asks
// transport.exitCodeOf, and the error arrives with the field `exitCode`, which child-protocol.ts reads);
// the message is for whoever reads the error as it is.
const exitCodes = new WeakMap();
process.exit = (/** @type {unknown} */ code) => {
  // (Only functions kept here: by the time the code calls this, it may have replaced the built-ins.)
  const error = new StartError(`process.exit unexpectedly called with "${code}"`);
  apply(remember, exitCodes, [error, `${code}`]);
  throw error;
};
/** @type {ProcessInternals} */ (/** @type {unknown} */ (process)).reallyExit = process.exit;
process.abort = refuse('process.abort');
process.kill = refuse('process.kill');
/** @type {ProcessInternals} */ (/** @type {unknown} */ (process))._kill = refuse('process._kill');
process.chdir = refuse('process.chdir');

// The pretend player's twin (tests/support/pretend-player.ts) stops code that asks for input or prints
// without end with an error only this script makes (`stopsCode`, which the twin gets as its last
// argument): what it stopped crosses as data (transport.playerStopOf), so an error the code makes in
// the same words and fields reads as the code's own.
const playerStops = new WeakMap();
/** @type {import('../contracts/membrane-types.ts').StopsCode} */
function stopsCode(kept, limit, message) {
  const error = new StartError(message);
  defineField(error, 'name', { value: 'EndlessInputError', writable: true, configurable: true });
  apply(remember, playerStops, [error, { kept, limit }]);
  return error;
}

/** The Node modules graded code may import: none of them reach files, processes or the network. */
const BUILTINS = new Set(['assert', 'assert/strict', 'buffer', 'crypto', 'events', 'string_decoder', 'url', 'util', 'path']);

// Node's own loader and compiler, kept here before the fence (fence.js) hands the code refusals in their place.
const loadModule = Module._load;
const compileModule = Module.prototype._compile;

// An OpenSSL engine is a library loaded from a file: native code.
const refusedEngine = refuse('crypto.setEngine');
/** Whether the code has imported one of Node's modules in this process. */
let moduleImported = false;

/** @param {unknown} name */
function builtin(name) {
  const bare = String(name).replace(/^node:/, '');
  if (!BUILTINS.has(bare)) throw new Error(refusal('module', String(name)));
  const exports = loadModule(`node:${bare}`, null, false);
  if (bare === 'crypto') exports.setEngine = refusedEngine;
  // What code does to a Node module is not looked for: such a process serves no later lesson (see builtInsAsNoted).
  moduleImported = true;
  return exports;
}

putUpFence(Module, /** @type {FileFunctions} */ (/** @type {unknown} */ (fs)), builtin, process.cwd(), (what) => refusal('control', what));

// The hand-in's modules, compiled to CommonJS by the grader: path → { code } or { error }.
/** @type {Map<string, CompiledSource>} */
let sources = new Map();
/** @type {Map<string, LoadedModule>} */
let cache = new Map();
/** @type {Map<string, Holder>} */
let snapshots = new Map();
let helpers = '/';
/** The folder above the graded lessons/ folder: paths in messages are shown from there (lessons/01-board/board.ts). */
let base = '/';

/** @param {string} path */
function dirnameOf(path) {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

/** @param {string} path */
function normalise(path) {
  const parts = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/**
 * The module a specifier names, from the module at `from`: another exercise file, or an allowed built-in.
 * @param {string} from
 * @param {string} specifier
 */
function requireFrom(from, specifier) {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return builtin(specifier);
  const wanted = normalise(specifier.startsWith('/') ? specifier : `${dirnameOf(from)}/${specifier}`);
  const candidates = [wanted, `${wanted}.ts`, wanted.replace(/\.m?js$/, '.ts'), `${wanted}/index.ts`];
  const found = candidates.find((candidate) => sources.has(candidate));
  if (found === undefined) {
    const shown = from.startsWith(`${base}/`) ? from.slice(base.length + 1) : from;
    const error = /** @type {NodeJS.ErrnoException} */ (new Error(refusal('missing', specifier, shown)));
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return importedFrom(found);
}

/**
 * What an exercise file gives the files that import it: its exports as plain fields, read once it has
 * loaded. The compiled module's own exports are getters made afresh at every boot; once a process
 * has booted twice, V8 gives up on optimising reads of them, and the code would run about three
 * times slower in every lesson after the first. (A file still loading, in an import cycle, gives its
 * exports as they are. An `export let` that the file changes later is seen as it was when it loaded.)
 * @param {string} path
 */
function importedFrom(path) {
  const exports = load(path);
  const module = /** @type {LoadedModule} */ (cache.get(path));
  if (!module.loaded) return exports;
  let fields = snapshots.get(path);
  if (fields === undefined) {
    fields = /** @type {Holder} */ ({});
    for (const key of Object.keys(exports)) fields[key] = exports[key];
    Object.defineProperty(fields, '__esModule', { value: exports.__esModule === true });
    snapshots.set(path, fields);
  }
  return fields;
}

/**
 * @param {string} path
 * @returns {Holder}
 */
function load(path) {
  const known = cache.get(path);
  if (known !== undefined) return known.exports;
  const source = sources.get(path);
  if (source === undefined) throw new Error(`Cannot find module ${path}`);
  if (source.error) {
    const error = new SyntaxError(source.error.message);
    error.stack = `SyntaxError: ${source.error.message}\n    at ${source.error.location}`;
    throw error;
  }
  const module = new Module(path, null);
  module.filename = path;
  module.paths = [];
  module.require = (/** @type {string} */ specifier) => requireFrom(path, specifier);
  cache.set(path, module);
  try {
    compileModule.call(module, /** @type {string} */ (source.code), path);
  } catch (error) {
    cache.delete(path);
    throw error;
  }
  module.loaded = true;
  return module.exports;
}

/** @type {import('../contracts/membrane-types.ts').Transport} */
const transport = {
  request(message) {
    writeFrame({ t: 'req', ...message });
    return awaitReply();
  },
  // A call of a one-way function of the grader (see membrane.js): sent, not waited for.
  post(message) {
    writeFrame({ t: 'post', ...message });
  },
  // A twin of an object of the grader's, made by one of its trusted helpers (see membrane.js).
  make(helper, args) {
    return /** @type {object} */ (ops.helper(String(helper[0]), String(helper[1]), args));
  },
  exitCodeOf(error) {
    return typeof error === 'object' && error !== null ? /** @type {string | undefined} */ (apply(recall, exitCodes, [error])) : undefined;
  },
  playerStopOf(error) {
    return typeof error === 'object' && error !== null
      ? /** @type {import('../contracts/membrane-types.ts').PlayerStop | undefined} */ (apply(recall, playerStops, [error]))
      : undefined;
  },
};
let membrane = createMembrane('S', transport);

// Math.random gives the same numbers on every run: a test file's code starts from the same seed,
// so code that draws its own random numbers gets the same score each time it is graded.
const imul = Math.imul;
/** The seed each test file's Math.random starts from. */
const RANDOM_SEED = 0x5eed;
/**
 * A repeatable Math.random (mulberry32, as seededRandom in core/seeded-random.ts, which this script
 * cannot import), from 0 (included) to 1 (excluded).
 * @param {number} seed
 */
function repeatableRandom(seed) {
  let state = seed >>> 0;
  return function random() {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}
let realRandom = repeatableRandom(RANDOM_SEED);
/** The code's Math.random: the same function at every boot, drawing from the boot's own seed. */
function seededRandom() {
  return realRandom();
}
Math.random = seededRandom;
// A test may watch Math.random (to see that the code takes its randomness from the rng it is given).
let randomCalls = 0;
const ops = {
  load: (/** @type {string} */ path) => load(path),
  watchRandom: (/** @type {unknown} */ returns) => {
    randomCalls = 0;
    Math.random = function random() {
      randomCalls += 1;
      return typeof returns === 'number' ? returns : realRandom();
    };
  },
  unwatchRandom: () => {
    Math.random = seededRandom;
    return randomCalls;
  },
  nothing: () =>
    function nothing() {
      return 0;
    },
  // A trusted helper of the suites, run here (see HELPERS in compile.ts): what `name` of `module` gives for
  // `args`, and the maker of the pretend player's stops.
  helper: (/** @type {string} */ module, /** @type {string} */ name, /** @type {unknown[]} */ args) =>
    /** @type {(...values: unknown[]) => unknown} */ (load(`${helpers}/${module}.ts`)[name])(...args, stopsCode),
};

/** Serves the grader's requests until the reply to our own request comes. */
function awaitReply() {
  for (;;) {
    const frame = readFrame();
    if (frame.t === 'res') return frame;
    if (frame.t === 'req') writeFrame({ t: 'res', ...membrane.serve(frame, /** @type {ServedOps} */ (/** @type {unknown} */ (ops))) });
  }
}

// What code could change in this process that a later lesson's code would meet: the built-ins, the
// globals, the process's controls and how Node compiles the modules. Noted before any code runs; at each
// boot the sandbox says whether they are still as noted, and when they are not the grader boots the
// lesson in a fresh process, so no lesson is graded with a built-in that another lesson's code replaced.

/** @typedef {{ target: object, prototype: object | null, extensible: boolean, keys: PropertyKey[], descriptors: PropertyDescriptor[] }} NotedObject */

/** The language's built-ins the code may use, and the web's that Node gives it, by the names of their globals. */
const STANDARD_GLOBALS = `Object Function Array Number Boolean String Symbol BigInt Math JSON Date RegExp Promise Map Set
  WeakMap WeakSet WeakRef FinalizationRegistry Proxy Reflect Error AggregateError EvalError RangeError
  ReferenceError SyntaxError TypeError URIError ArrayBuffer SharedArrayBuffer DataView Atomics
  Uint8Array Int8Array Uint16Array Int16Array Uint32Array Int32Array Float32Array Float64Array
  Uint8ClampedArray BigUint64Array BigInt64Array Intl WebAssembly URL URLSearchParams Event EventTarget`.split(/\s+/);

/** Objects noted without what their fields hold or their prototypes: the global object, and Node's own, whose insides change as the process runs. */
const NOTED_SHALLOW = new Set(/** @type {object[]} */ ([globalThis, process, console, process.stdout, process.stderr, Buffer, Buffer.prototype]));

/**
 * The objects reachable from `roots` through fields, accessors and prototypes (getters are not called),
 * each once, with its prototype, whether it can grow, and its own properties.
 * @param {unknown[]} roots
 * @returns {NotedObject[]}
 */
function noteBuiltIns(roots) {
  /** @type {NotedObject[]} */
  const noted = [];
  const seen = new Set();
  const waiting = [...roots];
  while (waiting.length > 0) {
    const value = waiting.pop();
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) continue;
    seen.add(value);
    const deep = !NOTED_SHALLOW.has(value);
    const keys = ownKeys(value);
    /** @type {PropertyDescriptor[]} */
    const descriptors = [];
    for (let index = 0; index < keys.length; index += 1) {
      const descriptor = /** @type {PropertyDescriptor} */ (describe(value, /** @type {PropertyKey} */ (keys[index])));
      descriptors.push(descriptor);
      if (deep) waiting.push(descriptor.value, descriptor.get, descriptor.set);
    }
    const prototype = prototypeOf(value);
    if (deep) waiting.push(prototype);
    noted.push({ target: value, prototype, extensible: isExtensible(value), keys, descriptors });
  }
  return noted;
}

const DESCRIPTOR_FIELDS = ['value', 'get', 'set', 'writable', 'enumerable', 'configurable'];

/**
 * Whether a property is as noted. (Only the fields a descriptor has are read: a missing one would be
 * looked up on Object.prototype, which the code may have changed.)
 * @param {PropertyDescriptor | undefined} now
 * @param {PropertyDescriptor} then
 */
function sameProperty(now, then) {
  if (now === undefined) return false;
  for (let index = 0; index < DESCRIPTOR_FIELDS.length; index += 1) {
    const field = /** @type {string} */ (DESCRIPTOR_FIELDS[index]);
    const nowHas = hasOwn(now, field);
    if (nowHas !== hasOwn(then, field)) return false;
    if (nowHas && !sameValue(/** @type {Holder} */ (/** @type {unknown} */ (now))[field], /** @type {Holder} */ (/** @type {unknown} */ (then))[field]))
      return false;
  }
  return true;
}

/**
 * How Node's compiler of the hand-in's modules wraps their code (Module.wrap and Module.wrapper, which
 * code can reach through its module object and set: every later module would be compiled through what
 * it set), read with Node's own getters, which the code cannot replace.
 */
function loaderWrapping() {
  const wrap = /** @type {PropertyDescriptor} */ (describe(Module, 'wrap'));
  const wrapper = /** @type {PropertyDescriptor} */ (describe(Module, 'wrapper'));
  const parts = /** @type {unknown[]} */ (apply(/** @type {() => unknown} */ (wrapper.get), Module, []));
  return [apply(/** @type {() => unknown} */ (wrap.get), Module, []), parts, parts[0], parts[1]];
}
const LOADER_WRAPPING = loaderWrapping();

/** Whether Node's compiler still wraps modules as it did when the sandbox started. */
function loaderAsNoted() {
  const now = loaderWrapping();
  for (let index = 0; index < LOADER_WRAPPING.length; index += 1) if (!sameValue(now[index], LOADER_WRAPPING[index])) return false;
  return true;
}

/**
 * Whether every noted object still has its prototype, its growth and its own properties as noted, and
 * Node's compiler wraps modules as it did (anything else, Node's globals made on first use included,
 * counts as a change; so does an import of a Node module, whose insides are not noted).
 */
function builtInsAsNoted() {
  if (moduleImported) return false;
  try {
    if (!loaderAsNoted()) return false;
    for (let index = 0; index < builtIns.length; index += 1) {
      const noted = /** @type {NotedObject} */ (builtIns[index]);
      if (prototypeOf(noted.target) !== noted.prototype || isExtensible(noted.target) !== noted.extensible) return false;
      const keys = ownKeys(noted.target);
      if (keys.length !== noted.keys.length) return false;
      for (let key = 0; key < keys.length; key += 1) {
        if (!sameValue(keys[key], noted.keys[key])) return false;
        if (!sameProperty(describe(noted.target, /** @type {PropertyKey} */ (keys[key])), /** @type {PropertyDescriptor} */ (noted.descriptors[key])))
          return false;
      }
    }
    return true;
  } catch {
    return false;
  }
}

// An error's stack keeps more frames than Node's 10: a stack overflow's then shows the calls that went
// on without end, not only the few where the stack ran out (child-protocol.ts places it at the one that repeats).
Error.stackTraceLimit = 40;

const builtIns = noteBuiltIns([
  ...NOTED_SHALLOW,
  // What the global object and the process inherit from (a field added there is a global, or a field of process).
  prototypeOf(globalThis),
  prototypeOf(process),
  Module.prototype,
  ...STANDARD_GLOBALS.map((name) => /** @type {Holder} */ (/** @type {unknown} */ (globalThis))[name]),
  // Built-ins no global names: those of generators, async functions and iterators.
  prototypeOf(function* generator() {}),
  prototypeOf(async () => {}),
  prototypeOf(async function* generator() {}),
  prototypeOf([].values()),
  prototypeOf(new Map().values()),
  prototypeOf(new Set().values()),
  prototypeOf(''[Symbol.iterator]()),
  prototypeOf(/./[Symbol.matchAll]('')),
]);
/** The answer to a boot when the built-ins were changed, made now: sent with no built-in the code may have replaced. */
const CHANGED_FRAME = framed(jsonStringify({ t: 'booted', builtInsChanged: true }));

writeFrame({ t: 'ready' });
/** Whether this process has been booted before (code runs only after a boot, so the first one finds the built-ins as noted). */
let bootedBefore = false;
for (;;) {
  const frame = readFrame();
  if (frame.t === 'boot') {
    // Code of an earlier lesson changed a built-in: this process serves no more lessons. Checked first,
    // before the boot uses a built-in the code may have replaced.
    if (bootedBefore && !builtInsAsNoted()) {
      writeBytes(CHANGED_FRAME);
      continue;
    }
    bootedBefore = true;
    // A new test file: fresh modules and a fresh membrane (this process may have served another file before).
    const boot = /** @type {BootFrame} */ (frame);
    sources = new Map(Object.entries(boot.modules));
    cache = new Map();
    snapshots = new Map();
    helpers = boot.helpers;
    base = boot.base;
    const sent = boot.words;
    if (sent !== undefined && typeof sent.module === 'string' && typeof sent.control === 'string' && typeof sent.missing === 'string') {
      words = { module: sent.module, control: sent.control, missing: sent.missing };
    }
    realRandom = repeatableRandom(RANDOM_SEED);
    // Stack traces point into the hand-in's own TypeScript lines (code could have turned that off: it leaves no field changed).
    apply(enableSourceMaps, process, [true]);
    membrane = createMembrane('S', transport);
    writeFrame({ t: 'booted' });
  } else if (frame.t === 'req') {
    printed = 0;
    writeFrame({ t: 'res', ...membrane.serve(frame, /** @type {ServedOps} */ (/** @type {unknown} */ (ops))) });
  }
}
