// @ts-check
// The membrane between the graded suites and a hand-in's code, which run in two different
// processes (see docs/sealed-grading.md, and worker/client.ts). This one file is used on both sides:
// the sandbox process evaluates it as part of its start-up script, the trusted side evaluates
// its text with `new Function`. So it is a plain script: no imports, no exports, one function.
//
// Values cross as data. Every object that crosses keeps one id for the whole session on both
// sides, so identity and sharing survive (two games that share one board array share it on the
// other side too). Data objects (arrays, plain objects, Map, Set, Date, errors) are sent in full
// each time they cross and patched in place on arrival, so a function that changes the board it
// was given changes the caller's board, as it would without the membrane. Functions and class
// instances stay with the side that made them: the other side gets a stub function, or a mirror
// object whose own fields are data and whose methods are stubs; a mirror's fields travel with it
// on every call, so fields written on either side are seen on the other.
//
// `transport.request(message)` sends a request to the other side and returns its reply message
// (serving the other side's own requests meanwhile); this side answers requests with `serve`.
//
// A function the trusted side marks as one-way (`transport.oneWay`, say the one through which the
// pretend player's twin tells of a text printed) gives nothing back that the code needs: its stub
// sends the call with `transport.post` and returns at once, and the trusted side runs it with
// `serveOneWay` as the frame comes, in order with every other frame. Only the trusted side decides which of its functions are one-way.
//
// An object of the trusted side may cross as a twin made beside the code (`transport.madeBeside`
// gives the trusted helper that makes it and the arguments, read as it crosses): the sandbox builds
// it with `transport.make`, so the code calls it without crossing. The pretend player is one: its
// twin types the same lines and tells the trusted side, one-way, every line it gave and everything
// printed; the trusted player checks and records them (tests/support/pretend-player.ts).

// The wire format, as JSON: a message holds `slots` (one per value) and `nodes` (every object they reach, once).
/**
 * A value in a message: a JSON primitive, or { $: tag } for what JSON cannot hold ('u' undefined;
 * 'num', 'big', 'sym' with their text in v; 'a' inline data in v; 'r' the node `id`).
 * @typedef {null | string | number | boolean | { $: string, v?: unknown, id?: string }} Slot
 */
/** @typedef {{ $: string, id: string }} SlotRef */
/** @typedef {'fn' | 'arr' | 'err' | 'map' | 'set' | 'date' | 'prom' | 'obj' | 'inst' | 'mk'} NodeKind */
/** @typedef {Array<[key: string, slot: Slot]>} FieldSlots */
/** @typedef {{ methods: FieldSlots, accessors: Array<[key: string, getter: Slot | null, setter: Slot | null]> }} ClassInfo */
/**
 * One object in a message, by its kind `k`: the fields each kind sets (a function's name, a class's
 * description or an instance's class in cls, an array's items, …).
 * @typedef {object} WireNode
 * @property {string} id
 * @property {NodeKind} k
 * @property {string} [name]
 * @property {number} [w] 1: a one-way function
 * @property {ClassInfo | Slot} [cls] a class's description (fn), or an instance's class (inst)
 * @property {Slot[]} [items]
 * @property {boolean} [frozen]
 * @property {boolean} [bare]
 * @property {FieldSlots} [fields]
 * @property {string} [message]
 * @property {number} [length] an error's message's whole length, when the message crossed cut (see ERROR_TEXT_CAP)
 * @property {string} [exit] the code the graded code called process.exit with, for the error the sandbox made of that call (see Transport.exitCodeOf)
 * @property {import('../contracts/membrane-types.ts').PlayerStop} [stop] what the pretend player stopped the code for, for the error the sandbox made for it (see Transport.playerStopOf)
 * @property {string} [stack]
 * @property {Array<[key: Slot, item: Slot]>} [entries]
 * @property {number} [time]
 * @property {[string, string]} [helper]
 * @property {Slot[]} [args]
 */
/** @typedef {{ slots: Slot[], nodes?: WireNode[] }} Encoded */
/** @typedef {(value: unknown) => Slot} Encoder */
/** @typedef {(slot: Slot) => unknown} Decoder */
/** An object whose fields the membrane reads and writes. */
/** @typedef {Record<string, unknown>} Fields */
/** @typedef {(this: unknown, ...args: unknown[]) => unknown} AnyFunction */

/**
 * @param {'T' | 'S'} side
 * @param {import('../contracts/membrane-types.ts').Transport} transport
 * @returns {import('../contracts/membrane-types.ts').Membrane}
 */
function createMembrane(side, transport) {
  'use strict';
  /** @type {WeakMap<object, string>} */
  const idOf = new WeakMap();
  /** @type {Map<string, unknown>} */
  const objectOf = new Map();
  /** Stubs and mirrors made here for the other side's functions and instances. */
  /** @type {WeakSet<object>} */
  const foreign = new WeakSet();
  let counter = 0;
  const getPrototypeOf = Object.getPrototypeOf;
  // Called through Reflect.apply as they were when this membrane was made: code may have given them a `call` of its own.
  const apply = Reflect.apply;
  const objectToString = Object.prototype.toString;
  const hasOwnProperty = Object.prototype.hasOwnProperty;
  const functionText = Function.prototype.toString;
  const toTag = (/** @type {unknown} */ value) => apply(objectToString, value, []);
  const own = (/** @type {object} */ object, /** @type {string} */ key) => apply(hasOwnProperty, object, [key]);

  const newId = () => `${side}${(counter += 1)}`;
  /** How many calls of a batch cross first, and by what the next part grows (see callEach). */
  const FIRST_PART = 64;
  const PART_GROWTH = 8;

  // Names that test tools give a meaning of their own (vitest's equality asks an object with an
  // `asymmetricMatch` method whether it equals the expected value; `then` makes a promise; …).
  // What comes from the other side never carries them, so its values can only be compared. Nor does it
  // carry the grader's own marks on an error: its verdict (VERDICT_FIELD in core/failure.ts), the
  // module that was loading (`loadingModule`, set by worker/client.ts), the mark that an error came
  // from the other side (CROSSED_FIELD, set by makeError), why a value could not be sent
  // (UNREADABLE_FIELD, set by unreadable), how long a cut message was (MESSAGE_LENGTH_FIELD, set by
  // makeError), the code process.exit was called with (`exitCode`, set by makeError) and what the pretend
  // player stopped the code for (`playerStop`, set by makeError), so the code can forge none of them.
  const SPECIAL =
    /^(?:asymmetricMatch|then|toJSON|equals|\$\$typeof|__proto__|constructor|graderVerdict|loadingModule|crossedMembrane|unreadableValue|fullMessageLength|exitCode|playerStop|@@__.*)$/;
  // What test tools read on an error as the two values a test compared: vitest diffs them and a report
  // shows them as what the test expected. An error made on the other side never carries them, so the
  // code's own failed assert reads as an error it threw, not as the test's expectation, and a pair of
  // huge texts cannot hold the test runner up diffing them.
  const COMPARED = /^(?:expected|actual|showDiff)$/;
  // An error's name, message and stack cross cut to this many characters each: far more than a report
  // shows (10,000), so a message of megabytes costs no time to send; how long the message was crosses
  // beside it (the error's MESSAGE_LENGTH_FIELD in core/failure.ts, which the code cannot send itself).
  const ERROR_TEXT_CAP = 100_000;
  const mine = (/** @type {string} */ id) => id[0] === side;

  /** @param {unknown} value */
  function isPlainArray(value) {
    if (!Array.isArray(value)) return false;
    const proto = getPrototypeOf(value);
    return proto === Array.prototype || (proto !== null && proto.constructor && proto.constructor.name === 'Array' && Array.isArray(proto));
  }

  /** @param {unknown} value */
  function isPlainObject(value) {
    const proto = getPrototypeOf(value);
    if (proto === null) return true;
    return getPrototypeOf(proto) === null && typeof proto.constructor === 'function' && proto.constructor.name === 'Object';
  }

  /**
   * What kind of node a value becomes.
   * @param {unknown} value
   * @returns {NodeKind}
   */
  function kindOf(value) {
    if (typeof value === 'function') return 'fn';
    if (isPlainArray(value)) return 'arr';
    const tag = toTag(value);
    if (tag === '[object Error]') return 'err';
    if (tag === '[object Map]') return 'map';
    if (tag === '[object Set]') return 'set';
    if (tag === '[object Date]') return 'date';
    if (tag === '[object Promise]') return 'prom';
    if (isPlainObject(value)) return 'obj';
    return 'inst';
  }

  /**
   * Own enumerable string keys with their values, read once.
   * @param {object} object
   * @param {Encoder} encodeValue
   */
  function fieldsOf(object, encodeValue) {
    /** @type {FieldSlots} */
    const fields = [];
    for (const key of Object.keys(object)) fields.push([key, encodeValue(/** @type {Fields} */ (object)[key])]);
    return fields;
  }

  /**
   * Methods and accessors of a class's prototype chain, below Object.prototype.
   * @param {Function} constructor
   * @param {Encoder} encodeValue
   * @returns {ClassInfo}
   */
  function classInfo(constructor, encodeValue) {
    /** @type {ClassInfo['methods']} */
    const methods = [];
    /** @type {ClassInfo['accessors']} */
    const accessors = [];
    const seen = new Set(['constructor']);
    let proto = constructor.prototype;
    while (proto && proto !== Object.prototype && proto !== Function.prototype) {
      for (const key of Object.getOwnPropertyNames(proto)) {
        if (seen.has(key)) continue;
        seen.add(key);
        const descriptor = /** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(proto, key));
        if (typeof descriptor.value === 'function') methods.push([key, encodeValue(descriptor.value)]);
        else if (descriptor.get || descriptor.set) {
          accessors.push([key, descriptor.get ? encodeValue(descriptor.get) : null, descriptor.set ? encodeValue(descriptor.set) : null]);
        }
      }
      proto = getPrototypeOf(proto);
    }
    return { methods, accessors };
  }

  /**
   * Encodes values into one message: `slots` (one per value) and `nodes` (every object they reach,
   * once). A slot is a JSON primitive, or { $: tag } for what JSON cannot hold.
   * @param {unknown[]} values
   * @param {Map<unknown, WireNode>} [unchanged]
   * @param {boolean} [transient]
   * @returns {{ slots: Slot[], nodes: WireNode[] }}
   */
  function encode(values, unchanged, transient) {
    /** @type {WireNode[]} */
    const nodes = [];
    /** @type {Map<unknown, string>} */
    const inMessage = new Map();
    /** @type {Encoder} */
    const encodeValue = (value) => {
      switch (typeof value) {
        case 'string':
        case 'boolean':
          return value;
        case 'number':
          if (Number.isNaN(value)) return { $: 'num', v: 'NaN' };
          if (value === Infinity) return { $: 'num', v: 'Infinity' };
          if (value === -Infinity) return { $: 'num', v: '-Infinity' };
          if (Object.is(value, -0)) return { $: 'num', v: '-0' };
          return value;
        case 'undefined':
          return { $: 'u' };
        case 'bigint':
          return { $: 'big', v: String(value) };
        case 'symbol':
          return { $: 'sym', v: value.description ?? '' };
        default:
          if (value === null) return null;
      }
      const resolved = transport.outgoing ? transport.outgoing(value) : value;
      if (resolved !== value) return encodeValue(resolved);
      const known = inMessage.get(value);
      if (known !== undefined) return { $: 'r', id: known };
      const twin = transport.madeBeside ? transport.madeBeside(value) : undefined;
      if (twin !== undefined) {
        // Made afresh on the other side each time it crosses, from what it is now: no lasting id.
        const id = `${side}~${(counter += 1)}`;
        inMessage.set(value, id);
        const args = twin.args.map(encodeValue);
        nodes.push({ id, k: 'mk', helper: twin.helper, args });
        return { $: 'r', id };
      }
      // Past the primitives, null and the twins: an object or a function.
      let id = idOf.get(/** @type {object} */ (value));
      if (id === undefined && transient) {
        const flat = flatData(/** @type {object} */ (value));
        if (flat !== undefined) return flat;
      }
      if (id === undefined && transient && typeof value !== 'function' && kindOf(value) !== 'inst') {
        // A batch's data lives for one crossing only: it gets no lasting id on either side.
        id = `${side}~${(counter += 1)}`;
      } else if (id === undefined) {
        id = newId();
        idOf.set(/** @type {object} */ (value), id);
        objectOf.set(id, value);
      }
      inMessage.set(value, id);
      const kind = kindOf(value);
      /** @type {WireNode} */
      const node = { id, k: kind };
      const at = nodes.length;
      nodes.push(node);
      fill(node, /** @type {object} */ (value), kind, encodeValue);
      // Data that comes back exactly as it arrived needs no node: the other side still has it.
      const before = unchanged && unchanged.get(value);
      if (before !== undefined && sameNode(before, node)) nodes.splice(at, 1);
      return { $: 'r', id };
    };
    const slots = values.map(encodeValue);
    return { slots, nodes };
  }

  /**
   * @param {WireNode} node
   * @param {object} value
   * @param {NodeKind} kind
   * @param {Encoder} encodeValue
   */
  function fill(node, value, kind, encodeValue) {
    if (kind === 'fn') {
      const fn = /** @type {Function} */ (value);
      node.name = typeof fn.name === 'string' ? fn.name : '';
      if (mine(node.id) && transport.oneWay && transport.oneWay(fn)) node.w = 1;
      // Only the side that owns a class describes it; stubs never travel with their own description.
      if (!foreign.has(fn) && mine(node.id) && looksLikeClass(fn)) node.cls = classInfo(fn, encodeValue);
      return;
    }
    if (kind === 'arr') {
      const array = /** @type {unknown[]} */ (value);
      /** @type {Slot[]} */
      const items = [];
      node.items = items;
      for (let index = 0; index < array.length; index += 1) items.push(encodeValue(array[index]));
      node.frozen = Object.isFrozen(array);
      return;
    }
    if (kind === 'obj') {
      node.fields = fieldsOf(value, encodeValue);
      node.frozen = Object.isFrozen(value);
      node.bare = getPrototypeOf(value) === null;
      return;
    }
    if (kind === 'inst') {
      node.fields = fieldsOf(value, encodeValue);
      const constructor = getPrototypeOf(value)?.constructor;
      if (typeof constructor === 'function' && constructor !== Object) node.cls = encodeValue(constructor);
      return;
    }
    if (kind === 'err') {
      const error = /** @type {Fields} */ (value);
      node.name = String(error.name ?? 'Error').slice(0, ERROR_TEXT_CAP);
      const message = String(error.message ?? '');
      node.message = message.slice(0, ERROR_TEXT_CAP);
      if (message.length > ERROR_TEXT_CAP) node.length = message.length;
      const exit = transport.exitCodeOf ? transport.exitCodeOf(value) : undefined;
      if (typeof exit === 'string') node.exit = exit;
      const stop = transport.playerStopOf ? transport.playerStopOf(value) : undefined;
      if (stop !== undefined) node.stop = { kept: stop.kept, limit: stop.limit };
      // Without the sandbox's own frames (its start-up script runs as [eval]): only the code's own lines.
      node.stack =
        typeof error.stack === 'string'
          ? shortStack(error.stack, message)
              .split('\n')
              .filter((/** @type {string} */ line) => !line.includes('[eval]'))
              .join('\n')
          : '';
      node.fields = fieldsOf(value, encodeValue).filter(([key]) => key !== 'name' && key !== 'message' && key !== 'stack');
      return;
    }
    if (kind === 'map') {
      node.entries = [.../** @type {Map<unknown, unknown>} */ (value).entries()].map(([key, item]) => [encodeValue(key), encodeValue(item)]);
      return;
    }
    if (kind === 'set') {
      node.items = [.../** @type {Set<unknown>} */ (value).values()].map(encodeValue);
      return;
    }
    if (kind === 'date') node.time = /** @type {Date} */ (value).getTime();
  }

  /**
   * A stack as it crosses: one that holds a message past ERROR_TEXT_CAP keeps its start, the message
   * as it crosses, and the frames after it (where the code threw).
   * @param {string} stack
   * @param {string} message
   */
  function shortStack(stack, message) {
    if (stack.length <= ERROR_TEXT_CAP) return stack;
    const at = message.length > ERROR_TEXT_CAP ? stack.indexOf(message) : -1;
    if (at === -1) return stack.slice(0, ERROR_TEXT_CAP);
    const frames = at + message.length;
    return `${stack.slice(0, Math.min(at, ERROR_TEXT_CAP))}${message.slice(0, ERROR_TEXT_CAP)}${stack.slice(frames, frames + ERROR_TEXT_CAP)}`;
  }

  /**
   * A batch's arrays and plain objects of plain values (nested a few levels deep), written inline:
   * the quick way for thousands of boards. Undefined when the value holds anything else. The value
   * itself goes into the message (JSON copies it on the way); the other side takes the copy as it is.
   */
  /** @param {object} value */
  function flatData(value) {
    return isInline(value, 0) ? { $: 'a', v: value } : undefined;
  }

  /**
   * @param {unknown} value
   * @param {number} depth
   * @returns {boolean}
   */
  function isInline(value, depth) {
    if (typeof value === 'string' || typeof value === 'boolean' || value === null) return true;
    if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
    if (typeof value !== 'object' || depth > 3 || Object.isFrozen(value) || idOf.has(value)) return false;
    if (Array.isArray(value)) {
      if (getPrototypeOf(value) !== Array.prototype) return false;
      for (let index = 0; index < value.length; index += 1) {
        if (!(index in value) || !isInline(value[index], depth + 1)) return false;
      }
      return true;
    }
    if (getPrototypeOf(value) !== Object.prototype) return false;
    for (const key in value) {
      if (!own(value, key) || key === '__proto__' || !isInline(/** @type {Fields} */ (value)[key], depth + 1)) return false;
    }
    return true;
  }

  /**
   * True when two nodes of a data object hold the same content.
   * @param {WireNode} a
   * @param {WireNode} b
   */
  function sameNode(a, b) {
    if (a.k !== b.k || (a.k !== 'arr' && a.k !== 'obj')) return false;
    if (a.frozen !== b.frozen) return false;
    if (a.k === 'arr') return sameSlots(/** @type {Slot[]} */ (a.items), /** @type {Slot[]} */ (b.items));
    // Both were filled as data objects: each has its fields.
    const aFields = /** @type {FieldSlots} */ (a.fields);
    const bFields = /** @type {FieldSlots} */ (b.fields);
    if (aFields.length !== bFields.length) return false;
    return aFields.every(
      ([key, slot], index) => key === /** @type {[string, Slot]} */ (bFields[index])[0] && sameSlot(slot, /** @type {[string, Slot]} */ (bFields[index])[1]),
    );
  }

  /**
   * @param {Slot[]} a
   * @param {Slot[]} b
   */
  function sameSlots(a, b) {
    if (a.length !== b.length) return false;
    for (let index = 0; index < a.length; index += 1) if (!sameSlot(a[index], b[index])) return false;
    return true;
  }

  /**
   * @param {Slot | undefined} a
   * @param {Slot | undefined} b
   */
  function sameSlot(a, b) {
    if (a === b) return true;
    if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
    return a.$ === b.$ && a.id === b.id && a.v === b.v;
  }

  /** @param {Function} fn */
  function looksLikeClass(fn) {
    const proto = fn.prototype;
    if (!proto || typeof proto !== 'object') return false;
    return Object.getOwnPropertyNames(proto).length > 1 || /^class[\s{]/.test(apply(functionText, fn, []));
  }

  /**
   * Decodes a message: builds or patches every node, then returns the values of its slots.
   * @param {import('../contracts/membrane-types.ts').Message} message
   * @param {Map<unknown, WireNode>} [received]
   */
  function decode(message, received) {
    const encoded = /** @type {import('../contracts/membrane-types.ts').Message & Encoded} */ (message);
    const nodes = encoded.nodes || [];
    /** @type {Map<string, unknown>} */
    const made = new Map();
    for (const node of nodes) made.set(node.id, objectFor(node));
    for (const node of nodes) if (node.k === 'fn' && node.cls) settle(/** @type {AnyFunction} */ (made.get(node.id)));
    /** @type {Decoder} */
    const decodeValue = (slot) => {
      if (slot === null || typeof slot !== 'object') return slot;
      switch (slot.$) {
        case 'u':
          return undefined;
        case 'num':
          return Number(slot.v);
        case 'big':
          return BigInt(/** @type {string} */ (slot.v));
        case 'sym':
          return Symbol(/** @type {string} */ (slot.v));
        case 'a':
          // A fresh copy made by JSON on the way here.
          return slot.v;
        case 'r': {
          const id = /** @type {string} */ (slot.id);
          if (made.has(id)) return made.get(id);
          if (objectOf.has(id)) return objectOf.get(id);
          throw gone();
        }
        default:
          throw new Error('The other side sent a value the grader cannot read.');
      }
    };
    const patchAll = () => {
      for (const node of nodes) {
        if (node.k === 'mk') continue;
        patch(made.get(node.id), node, decodeValue);
        if (received && (node.k === 'arr' || node.k === 'obj')) received.set(made.get(node.id), node);
      }
    };
    patchAll();
    const twins = nodes.filter((node) => node.k === 'mk');
    if (twins.length > 0) {
      // Twins are made from their arguments once those are filled in; then whatever holds a twin gets it.
      for (const node of twins) made.set(node.id, makeTwin(node, decodeValue));
      patchAll();
    }
    return encoded.slots.map(decodeValue);
  }

  /**
   * A twin the other side asked for (only the sandbox makes them).
   * @param {WireNode} node
   * @param {Decoder} decodeValue
   */
  function makeTwin(node, decodeValue) {
    if (!transport.make || !Array.isArray(node.args)) throw new Error('The other side sent a value the grader cannot read.');
    return transport.make(/** @type {[string, string]} */ (node.helper), node.args.map(decodeValue));
  }

  function gone() {
    return new Error('This object came from an earlier run of the code, which was stopped; it is gone.');
  }

  /**
   * The object a node stands for on this side: the one already known by its id, or a new one.
   * @param {WireNode} node
   * @returns {unknown}
   */
  function objectFor(node) {
    const existing = objectOf.get(node.id);
    if (existing !== undefined) return existing;
    if (mine(node.id)) throw gone();
    const lasting = !node.id.includes('~');
    let object;
    switch (node.k) {
      case 'fn':
        object = node.cls ? classStub(node) : node.w === 1 && transport.post ? oneWayStub(node) : functionStub(node);
        break;
      case 'arr':
        object = [];
        break;
      case 'obj':
        object = node.bare ? Object.create(null) : {};
        break;
      case 'err':
        object = makeError(node);
        break;
      case 'map':
        object = new Map();
        break;
      case 'set':
        object = new Set();
        break;
      case 'date':
        object = new Date(/** @type {number} */ (node.time));
        break;
      case 'prom':
        object = new Promise(() => {});
        break;
      case 'mk':
        // Made once every other node of the message is filled in (see decode and makeTwin).
        return undefined;
      default:
        object = {};
        foreign.add(object);
    }
    if (lasting) {
      idOf.set(object, node.id);
      objectOf.set(node.id, object);
    }
    return object;
  }

  /** @param {WireNode} node */
  function makeError(node) {
    // No prototype: a name the other side chose ('constructor', 'toString') finds no class here.
    const Known = /** @type {Record<string, ErrorConstructor | undefined>} */ (
      /** @type {unknown} */ ({
        __proto__: null,
        TypeError,
        RangeError,
        SyntaxError,
        ReferenceError,
        EvalError,
        URIError,
      })
    )[/** @type {string} */ (node.name)];
    const error = Known ? new Known(node.message) : new Error(node.message);
    if (!Known && node.name !== 'Error') Object.defineProperty(error, 'name', { value: node.name, writable: true, configurable: true });
    Object.defineProperty(error, 'stack', { value: node.stack || `${node.name}: ${node.message}`, writable: true, configurable: true });
    // Marked as made on the other side (CROSSED_FIELD in core/failure.ts): its name and words are that side's.
    Object.defineProperty(error, 'crossedMembrane', { value: true, enumerable: true });
    if (typeof node.length === 'number') Object.defineProperty(error, 'fullMessageLength', { value: node.length, enumerable: true });
    if (typeof node.exit === 'string') Object.defineProperty(error, 'exitCode', { value: node.exit, enumerable: true });
    // (What the sandbox says; a failed test keeps it only where its own pretend player stopped the code too: Session.confirmStops.)
    if (typeof node.stop === 'object' && node.stop !== null) Object.defineProperty(error, 'playerStop', { value: node.stop, enumerable: true });
    return error;
  }

  /**
   * Brings an object in line with a node: fields set, removed and reordered as the sender has them.
   * @param {unknown} object
   * @param {WireNode} node
   * @param {Decoder} decodeValue
   */
  function patch(object, node, decodeValue) {
    switch (node.k) {
      case 'arr': {
        const items = /** @type {Slot[]} */ (node.items).map(decodeValue);
        const array = /** @type {unknown[]} */ (object);
        if (!Object.isFrozen(array)) {
          const same = array.length === items.length && items.every((item, index) => Object.is(item, array[index]));
          if (!same) {
            array.length = items.length;
            items.forEach((item, index) => {
              array[index] = item;
            });
          }
          if (node.frozen) Object.freeze(array);
        }
        return;
      }
      case 'obj':
        patchFields(/** @type {Fields} */ (object), decodeFields(/** @type {FieldSlots} */ (node.fields), decodeValue), true, mine(node.id));
        if (node.frozen && !Object.isFrozen(object)) Object.freeze(object);
        return;
      case 'inst': {
        if (node.cls !== undefined && !mine(node.id) && foreign.has(/** @type {object} */ (object)) && getPrototypeOf(object) === Object.prototype) {
          const constructor = decodeValue(/** @type {Slot} */ (node.cls));
          if (typeof constructor === 'function') Object.setPrototypeOf(object, prototypeFor(constructor));
        }
        patchFields(/** @type {Fields} */ (object), decodeFields(/** @type {FieldSlots} */ (node.fields), decodeValue), true, mine(node.id));
        return;
      }
      case 'err': {
        const fields = decodeFields(/** @type {FieldSlots} */ (node.fields), decodeValue);
        patchFields(/** @type {Fields} */ (object), mine(node.id) ? fields : fields.filter(([key]) => !COMPARED.test(key)), false, mine(node.id));
        return;
      }
      case 'map': {
        const entries = /** @type {NonNullable<WireNode['entries']>} */ (node.entries).map(([key, item]) => [decodeValue(key), decodeValue(item)]);
        const map = /** @type {Map<unknown, unknown>} */ (object);
        map.clear();
        for (const [key, item] of entries) map.set(key, item);
        return;
      }
      case 'set': {
        const items = /** @type {Slot[]} */ (node.items).map(decodeValue);
        const set = /** @type {Set<unknown>} */ (object);
        set.clear();
        for (const item of items) set.add(item);
        return;
      }
      default:
    }
  }

  /**
   * A node's fields, decoded, without the names test tools treat specially.
   * @param {FieldSlots} fields
   * @param {Decoder} decodeValue
   */
  function decodeFields(fields, decodeValue) {
    /** @type {Array<[string, unknown]>} */
    const decoded = [];
    for (const [key, slot] of fields) if (!SPECIAL.test(key)) decoded.push([key, decodeValue(slot)]);
    return decoded;
  }

  /**
   * Sets an object's fields as the other side has them. An object of this side's own (one it sent)
   * changes only in its data: its functions are never replaced, removed or added, so the other side
   * cannot swap a method of a test's object (say, the pretend player's transcript) for its own.
   * @param {Fields} object
   * @param {Array<[string, unknown]>} fields
   * @param {boolean} removeOthers
   * @param {boolean} owned
   */
  function patchFields(object, fields, removeOthers, owned) {
    if (Object.isFrozen(object)) return;
    const wanted = new Set(fields.map(([key]) => key));
    if (removeOthers) {
      for (const key of Object.keys(object)) {
        if (wanted.has(key) || SPECIAL.test(key) || (owned && typeof object[key] === 'function')) continue;
        delete object[key];
      }
    }
    for (const [key, value] of fields) {
      if (own(object, key) && Object.is(object[key], value)) continue;
      if (owned && (typeof value === 'function' || typeof object[key] === 'function')) continue;
      try {
        object[key] = value;
      } catch {
        // A read-only field stays as it is.
      }
    }
  }

  /** @type {WeakMap<Function, object>} */
  const prototypes = new WeakMap();

  /**
   * The prototype that mirrors of a class stub get (transport.prototypeFor may choose a lasting one).
   * @param {Function} constructor
   * @returns {object}
   */
  function prototypeFor(constructor) {
    if (transport.prototypeFor) {
      const chosen = transport.prototypeFor(constructor);
      if (chosen) return chosen;
    }
    return prototypes.get(constructor) || constructor.prototype || Object.prototype;
  }

  /**
   * A function here that calls the other side's function.
   * @param {WireNode} node
   */
  function functionStub(node) {
    const name = /** @type {string} */ (node.name);
    const stub = /** @type {AnyFunction} */ (
      {
        [name]: function (/** @type {unknown[]} */ ...args) {
          if (new.target) return construct(stub, args);
          return call(stub, this, args);
        },
      }[name]
    );
    foreign.add(stub);
    return stub;
  }

  /**
   * A function here that sends its calls to the other side's one-way function and returns at once.
   * @param {WireNode} node
   */
  function oneWayStub(node) {
    const name = /** @type {string} */ (node.name);
    const stub = /** @type {AnyFunction} */ (
      {
        [name]: function (/** @type {unknown[]} */ ...args) {
          const { slots, nodes } = encode([stub, this, ...args]);
          /** @type {NonNullable<typeof transport.post>} */ (transport.post)({ op: 'call', slots, nodes });
          return undefined;
        },
      }[name]
    );
    foreign.add(stub);
    return stub;
  }

  /**
   * A class here whose instances are mirrors of the other side's instances (methods come in `settle`).
   * @param {WireNode} node
   */
  function classStub(node) {
    const stub = functionStub(node);
    unsettled.set(stub, /** @type {ClassInfo} */ (node.cls));
    return stub;
  }

  /** @type {WeakMap<object, ClassInfo>} */
  const unsettled = new WeakMap();

  /**
   * Gives a class stub's prototype its methods and accessors, once every node of the message exists.
   * @param {AnyFunction} stub
   */
  function settle(stub) {
    const info = unsettled.get(stub);
    if (info === undefined) return;
    unsettled.delete(stub);
    const proto = stub.prototype;
    const lookup = (/** @type {Slot | null} */ slot) =>
      /** @type {AnyFunction | undefined} */ (slot && /** @type {SlotRef} */ (slot).$ === 'r' ? objectOf.get(/** @type {SlotRef} */ (slot).id) : undefined);
    for (const [key, slot] of info.methods) {
      if (SPECIAL.test(key)) continue;
      Object.defineProperty(proto, key, { value: lookup(slot), writable: true, configurable: true, enumerable: false });
    }
    for (const [key, getter, setter] of info.accessors) {
      if (SPECIAL.test(key)) continue;
      const get = lookup(getter);
      const set = lookup(setter);
      Object.defineProperty(proto, key, {
        get: get
          ? /** @this {unknown} */ function () {
              return get.call(this);
            }
          : undefined,
        set: set
          ? /** @this {unknown} */ function (/** @type {unknown} */ value) {
              set.call(this, value);
            }
          : undefined,
        configurable: true,
        enumerable: false,
      });
    }
  }

  /**
   * @param {AnyFunction} stub
   * @param {unknown} self
   * @param {unknown[]} args
   */
  function call(stub, self, args) {
    return exchange({ op: 'call' }, [stub, self, ...args]);
  }

  /**
   * @param {AnyFunction} stub
   * @param {unknown[]} args
   */
  function construct(stub, args) {
    return exchange({ op: 'new' }, [stub, ...args]);
  }

  /**
   * Sends a request whose values are `values`, and returns the reply's value (or throws what it threw).
   * @param {{ op: string }} head
   * @param {unknown[]} values
   */
  function exchange(head, values) {
    const { slots, nodes } = encode(values, undefined, head.op === 'each');
    const reply = transport.request({ ...head, slots, nodes });
    return settleReply(reply);
  }

  /** @param {import('../contracts/membrane-types.ts').Message} reply */
  function settleReply(reply) {
    const [value] = decode(reply);
    if (reply.unreadable) throw unreadable(value, /** @type {'given' | 'thrown' | 'promise'} */ (reply.unreadable));
    if (reply.threw) throw value;
    return value;
  }

  /**
   * The error of a value the other side could not send (one it gave back, one it threw, or a Promise it
   * gave back), with why as a field of its own (UNREADABLE_FIELD in core/failure.ts), which no value
   * from the other side carries (SPECIAL).
   * @param {unknown} reason
   * @param {'given' | 'thrown' | 'promise'} how
   */
  function unreadable(reason, how) {
    const why = typeof reason === 'string' ? reason : '';
    const error = new Error(how === 'promise' ? 'A Promise was given back, not a value' : `The value could not be sent back: ${why}`);
    Object.defineProperty(error, 'unreadableValue', { value: { why, thrown: how === 'thrown', promise: how === 'promise' }, enumerable: true });
    return error;
  }

  /**
   * Whether a call (or one of a batch's calls) gave back a Promise, as an `async` function does: the
   * other side cannot wait for it, and would see only an empty object.
   * @param {import('../contracts/membrane-types.ts').Message} request
   * @param {unknown} outcome
   */
  function gavePromise(request, outcome) {
    try {
      if (request.op !== 'each') return toTag(outcome) === '[object Promise]';
      const { given } = /** @type {{ given: unknown[] }} */ (outcome);
      return given.some((value) => toTag(value) === '[object Promise]');
    } catch {
      return false; // (a Proxy whose traps throw: the encoder says why it cannot be sent)
    }
  }

  /**
   * Answers one request of the other side: runs it here and encodes what it gave or threw.
   * @param {import('../contracts/membrane-types.ts').Message} request
   * @param {Record<string, (...values: unknown[]) => unknown>} [extraOps]
   */
  function serve(request, extraOps) {
    let outcome;
    let threw = false;
    /** @type {unknown[] | undefined} */
    let values;
    /** @type {Map<unknown, WireNode>} */
    const received = new Map();
    try {
      values = decode(request, received);
      outcome = perform(request, values, extraOps);
    } catch (error) {
      outcome = error;
      threw = true;
    }
    if (!threw && gavePromise(request, outcome)) return { slots: [''], nodes: [], threw: true, unreadable: 'promise' };
    // Everything the request brought goes back as it is now, so changes made here are seen there.
    try {
      // A batch's arguments are copies: what the calls did to them is not sent back.
      const batch = request.op === 'each';
      const { slots, nodes } = encode(batch ? [outcome] : [outcome, ...(values || [])], received, batch);
      return { slots: [slots[0]], nodes, threw };
    } catch (error) {
      // It could not be sent (a getter that throws, a value nested past the stack): said as data, with
      // the reason, which the other side makes an error of its own from (see settleReply).
      return { slots: [reasonOf(error)], nodes: [], threw: true, unreadable: threw ? 'thrown' : 'given' };
    }
  }

  /**
   * Why a value could not be encoded, in the words of what failed (reading it may fail too: it can be
   * anything), cut like an error's message: a getter's error of megabytes is still a reason, not an answer too big to send.
   * @param {unknown} error
   */
  function reasonOf(error) {
    try {
      const message = error instanceof Error ? error.message : undefined;
      return typeof message === 'string' ? message.slice(0, ERROR_TEXT_CAP) : '';
    } catch {
      return '';
    }
  }

  /**
   * @param {import('../contracts/membrane-types.ts').Message} request
   * @param {unknown[]} values
   * @param {Record<string, (...values: unknown[]) => unknown>} [extraOps]
   */
  function perform(request, values, extraOps) {
    if (request.op === 'call') {
      const [fn, self, ...args] = values;
      if (typeof fn !== 'function') throw new TypeError('not a function');
      return Reflect.apply(fn, self, args);
    }
    if (request.op === 'new') {
      const [fn, ...args] = values;
      return Reflect.construct(/** @type {Function} */ (fn), args);
    }
    if (request.op === 'each') {
      // In order, up to the first call that throws (the rest are not made): what each call gave, and
      // then what that call threw. Only the values cross, not an object around each: half the bytes.
      const [fn, list] = values;
      /** @type {unknown[]} */
      const given = [];
      for (const args of /** @type {unknown[][]} */ (list)) {
        try {
          given.push(Reflect.apply(/** @type {Function} */ (fn), undefined, args));
        } catch (error) {
          return { given, threw: true, error };
        }
      }
      return { given, threw: false };
    }
    const op = /** @type {string} */ (request.op);
    if (extraOps && extraOps[op]) return extraOps[op](...values);
    throw new Error(`unknown request ${request.op}`);
  }

  /**
   * Runs a one-way call of the other side (see the top of this file). False, and nothing run, when the
   * function is not one this side made one-way: the other side broke the protocol. What the function
   * throws is thrown to the caller here (the code that made the call has run on).
   * @param {import('../contracts/membrane-types.ts').Message} message
   */
  function serveOneWay(message) {
    const [fn, self, ...args] = decode(message);
    if (typeof fn !== 'function' || foreign.has(fn) || !transport.oneWay || !transport.oneWay(fn)) return false;
    Reflect.apply(fn, self, args);
    return true;
  }

  /**
   * Calls a function of the other side once per argument list: { ok, value } each, up to the first
   * { ok: false, error }. The lists cross in parts that grow (FIRST_PART, then PART_GROWTH times as
   * many each time), so a function that throws at once (a stub, say) is sent only the first few.
   * @param {unknown} stub
   * @param {unknown[][]} argumentLists
   */
  function callEach(stub, argumentLists) {
    /** @type {Array<{ ok: true, value: unknown } | { ok: false, error: unknown }>} */
    const outcomes = [];
    let size = FIRST_PART;
    for (let start = 0; start < argumentLists.length; start += size, size *= PART_GROWTH) {
      const part = argumentLists.slice(start, start + size);
      // What the other side sent back (its shape is checked below).
      const reply = /** @type {{ given?: unknown, threw?: unknown, error?: unknown }} */ (exchange({ op: 'each' }, [stub, part]));
      const given = reply && reply.given;
      // What the other side says is checked for its shape: a value for each call of the part, or
      // fewer values and then what the next call threw.
      const everyCallGave = Array.isArray(given) && given.length === part.length;
      if (!Array.isArray(given) || given.length > part.length || everyCallGave === Boolean(reply.threw)) {
        throw new Error('The other side sent a value the grader cannot read.');
      }
      for (const value of given) outcomes.push({ ok: true, value });
      if (reply.threw) {
        outcomes.push({ ok: false, error: reply.error });
        break;
      }
    }
    return outcomes;
  }

  /**
   * Sends a request of a kind the other side knows (for example loading a module).
   * @param {string} op
   * @param {unknown[]} values
   */
  function ask(op, values) {
    return exchange({ op }, values);
  }

  return { serve, serveOneWay, ask, callEach };
}
