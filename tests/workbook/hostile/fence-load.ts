// Attack: the list of Node modules graded code may import, gone round. Besides `import`, Node loads a
// module through the module object's constructor (its _load, _resolveFilename and createRequire, its
// prototype's require), the globals `node -e` defines for every built-in module (vm, v8, fs…) and its
// own require, process.getBuiltinModule and process.binding. Through each door it asks for node:vm
// (to run code from a string despite --disallow-code-generation-from-strings), node:v8 (to allow
// V8's natives syntax) and node:fs, and uses what it gets. Every function throws what happened: the
// test reads "fence open:" for each door that gave a module.

const loader = module.constructor as unknown as {
  _load(request: string): unknown;
  _resolveFilename(request: string, parent: unknown): string;
  createRequire(filename: string): (request: string) => unknown;
  prototype: { require(this: unknown, request: string): unknown };
};
const loose = globalThis as unknown as Record<string, unknown>;
const processDoors = process as unknown as {
  getBuiltinModule?: (name: string) => unknown;
  binding(name: string): unknown;
  _linkedBinding(name: string): unknown;
};

const DOORS: Record<string, (name: string) => unknown> = {
  'module.constructor._load': (name) => loader._load(name),
  'module.constructor.prototype.require': (name) => loader.prototype.require.call(module, name),
  'module.constructor.createRequire': (name) => loader.createRequire('/board.js')(name),
  'module.constructor._resolveFilename': (name) => loader._load(loader._resolveFilename(name, module)),
  'the global of node -e': (name) => loose[name.replace('node:', '')],
  'globalThis.require': (name) => (loose.require as (request: string) => unknown)(name),
  'globalThis.module.require': (name) => (loose.module as { require(request: string): unknown }).require(name),
  'process.getBuiltinModule': (name) => processDoors.getBuiltinModule?.(name),
  'process.binding': (name) => processDoors.binding(name === 'node:vm' ? 'contextify' : name.replace('node:', '')),
  'process._linkedBinding': (name) => processDoors._linkedBinding(name.replace('node:', '')),
};

/** What one module, once reached, lets the code do. */
function use(name: string, found: unknown): string {
  const module = found as { runInThisContext?: (code: string) => unknown; setFlagsFromString?: (flags: string) => void; readdirSync?: unknown };
  if (name === 'node:vm' && typeof module.runInThisContext === 'function') return `ran ${String(module.runInThisContext('"code from a string"'))}`;
  if (name === 'node:v8' && typeof module.setFlagsFromString === 'function') {
    module.setFlagsFromString('--allow-natives-syntax');
    return 'allowed natives syntax';
  }
  return `got ${typeof found}`;
}

const seen: string[] = [];
for (const [door, open] of Object.entries(DOORS)) {
  for (const name of ['node:vm', 'node:v8', 'node:fs']) {
    try {
      const found = open(name);
      seen.push(found === undefined || found === null ? `fence tried: ${door}(${name}) gave nothing` : `fence open: ${door}(${name}) ${use(name, found)}`);
    } catch (error) {
      seen.push(`fence tried: ${door}(${name}) refused: ${(error as Error).message.split('\n')[0]}`);
    }
  }
}

// Every function throws the lines of `seen`: the exports that say so (attacks.ts appends them).
export {};
