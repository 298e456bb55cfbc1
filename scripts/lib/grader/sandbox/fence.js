// @ts-check
// The fence inside a sandbox process, put up by sandbox.js before any hand-in's code runs (see
// fences.ts for the fences around the process). Node offers many ways to reach a module or a file
// besides `require`: the module object's constructor (`module.constructor._load`, `_resolveFilename`,
// `createRequire`, its prototype's `require`), the globals `node -e` defines for every built-in module
// (`vm`, `v8`, `fs`…), `process.getBuiltinModule`, `process.binding`. Every one of them is held to the
// one list of allowed modules, or refused. The file functions answer nothing about any path outside
// the sandbox's own folder (as if it were absent), should code ever reach them, and `process.report`,
// which shows the command line and the environment, is refused.
//
// A plain script like membrane.js: fences.ts joins the three files into the sandbox's start-up script.

/**
 * An object whose fields the fence reads and replaces, Node's internal ones among them (Node's types leave those out).
 * @typedef {Record<string, unknown>} Holder
 */
/**
 * Node's module loader as the fence and sandbox.js use it.
 * @typedef {Holder & { prototype: Holder, _extensions: Holder, _pathCache: Holder, builtinModules: readonly string[] }} ModuleLoader
 */
/**
 * The file functions the fence answers for (`fs`).
 * @typedef {Holder & { promises?: Holder, realpathSync: Holder, realpath: Holder }} FileFunctions
 */

/**
 * Puts up the fence. `builtin(name)` gives an allowed module or throws; `here` is the sandbox's own
 * folder. Called once, after the sandbox's own code took what it needs (its fs functions, the real
 * `Module.prototype._compile`).
 * @param {ModuleLoader} Module
 * @param {FileFunctions} fs
 * @param {(name: unknown) => unknown} builtin
 * @param {string} here
 * @param {(what: string) => string} notAvailable  what the code is told of a control it may not use, in the student's language
 */
function putUpFence(Module, fs, builtin, here, notAvailable) {
  'use strict';
  const refused = (/** @type {string} */ what) => () => {
    throw new Error(notAvailable(what));
  };

  // Node's module loader: every way in gives an allowed built-in module or refuses, and none says
  // whether a file exists.
  const requireBuiltin = function require(/** @type {unknown} */ specifier) {
    return builtin(specifier);
  };
  Module._load = requireBuiltin;
  Module.prototype.require = requireBuiltin;
  Module.createRequire = () => requireBuiltin;
  Module._resolveFilename = (/** @type {unknown} */ specifier) => {
    builtin(specifier);
    return String(specifier);
  };
  Module._findPath = () => false;
  Module._stat = () => -2;
  for (const name of ['_readPackage', '_initPaths', '_preloadModules', 'runMain', 'register', 'findPackageJSON']) {
    if (typeof Module[name] === 'function') Module[name] = refused(`module.${name}`);
  }
  Module.prototype.load = refused('module.load');
  Module.prototype._compile = refused('module._compile');
  for (const extension of Object.keys(Module._extensions)) Module._extensions[extension] = refused(`require.extensions['${extension}']`);
  for (const key of Object.keys(Module._pathCache)) delete Module._pathCache[key];

  // `node -e` makes every built-in module a global (`vm`, `fs`…) and adds `require` and `module`:
  // gone, but for the globals every program has.
  const GLOBALS = new Set(['process', 'console', 'crypto']);
  const globals = /** @type {Holder} */ (/** @type {unknown} */ (globalThis));
  for (const name of Module.builtinModules) if (!GLOBALS.has(name)) delete globals[name];
  for (const name of ['require', 'module', 'exports', '__filename', '__dirname']) delete globals[name];

  const proc = /** @type {Holder} */ (/** @type {unknown} */ (process));
  proc.getBuiltinModule = requireBuiltin;
  proc.binding = refused('process.binding');
  proc._linkedBinding = refused('process._linkedBinding');
  proc.dlopen = refused('process.dlopen');
  proc.loadEnvFile = refused('process.loadEnvFile');
  proc._debugProcess = refused('process._debugProcess');
  proc._debugEnd = refused('process._debugEnd');
  Object.defineProperty(process, 'report', {
    value: Object.freeze({ getReport: refused('process.report'), writeReport: refused('process.report') }),
    enumerable: true,
  });
  // Nothing names a folder of the grader's machine: not the working folder (the sandbox's own, in the
  // grader's temp folder), not the flags it was started with (which name that folder, and hold this script).
  process.cwd = () => '/';
  process.execArgv = process.execArgv.filter(
    (flag, index, flags) => !/^--allow-fs-read=|^(-e|--eval)$/.test(flag) && !/^(-e|--eval)$/.test(/** @type {string} */ (flags[index - 1])),
  );

  fenceFiles(fs, here);
}

/** Functions of `fs` (and `fs.promises`) that take a path first; TWO_PATHS take a second one. */
const PATH_FUNCTIONS = [
  'access',
  'appendFile',
  'chmod',
  'chown',
  'copyFile',
  'cp',
  'exists',
  'lchmod',
  'lchown',
  'link',
  'lstat',
  'lutimes',
  'mkdir',
  'mkdtemp',
  'open',
  'openAsBlob',
  'opendir',
  'readdir',
  'readFile',
  'readlink',
  'realpath',
  'rename',
  'rm',
  'rmdir',
  'stat',
  'statfs',
  'symlink',
  'truncate',
  'unlink',
  'utimes',
  'watch',
  'watchFile',
  'unwatchFile',
  'writeFile',
  'glob',
  'createReadStream',
  'createWriteStream',
];
const TWO_PATHS = new Set(['copyFile', 'cp', 'link', 'rename', 'symlink']);

/**
 * Makes every function of `fs` that takes a path answer as if nothing existed outside `here`: the
 * synchronous ones throw ENOENT (`existsSync` says false), the others call back or reject with it.
 * (The permission model refuses most of them anyway, with an error that says nothing of the path;
 * `realpathSync` it does not check.)
 * @param {FileFunctions} fs
 * @param {string} here
 */
function fenceFiles(fs, here) {
  'use strict';
  const inside = (/** @type {unknown} */ path) => {
    let text;
    if (typeof path === 'string') text = path;
    else if (path instanceof URL) text = path.protocol === 'file:' ? decodeURIComponent(path.pathname) : '';
    else if (path instanceof Uint8Array) text = Buffer.from(path).toString('utf8');
    else return true; // a file descriptor, or options
    const parts = [];
    // A relative path counts from / (as process.cwd() says), whatever folder Node would read it from.
    for (const part of `/${text}`.split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') parts.pop();
      else parts.push(part);
    }
    const full = `/${parts.join('/')}`;
    return full === here || full.startsWith(`${here}/`);
  };
  /** @typedef {unknown[]} Arguments */
  const outside = (/** @type {string} */ name, /** @type {Arguments} */ args) => !inside(args[0]) || (TWO_PATHS.has(name) && !inside(args[1]));
  const absent = (/** @type {Arguments} */ args, /** @type {string} */ syscall) => {
    const path = String(args[0]);
    const error = new Error(`ENOENT: no such file or directory, ${syscall} '${path}'`);
    Object.assign(error, { errno: -2, code: 'ENOENT', syscall, path });
    return error;
  };
  /**
   * @param {Holder} holder
   * @param {string} name
   * @param {(args: Arguments) => unknown} answer
   */
  const guard = (holder, name, answer, checked = name) => {
    const original = holder[name];
    if (typeof original !== 'function') return;
    const guarded = /** @type {Holder} */ (
      /** @type {unknown} */ (
        {
          [name](/** @type {Arguments} */ ...args) {
            return outside(checked, args) ? answer(args) : Reflect.apply(original, this, args);
          },
        }[name]
      )
    );
    const originalFields = /** @type {Holder} */ (/** @type {unknown} */ (original));
    for (const key of Object.keys(original)) guarded[key] = originalFields[key];
    holder[name] = guarded;
  };
  const thrown = (/** @type {string} */ name) => (/** @type {Arguments} */ args) => {
    if (name === 'exists') return false;
    throw absent(args, name);
  };
  const calledBack = (/** @type {string} */ name) => (/** @type {Arguments} */ args) => {
    const callback = /** @type {((answer: unknown) => void) | undefined} */ (args.findLast((arg) => typeof arg === 'function'));
    if (callback === undefined) throw absent(args, name);
    process.nextTick(() => (name === 'exists' ? callback(false) : callback(absent(args, name))));
  };
  for (const name of PATH_FUNCTIONS) {
    guard(fs, `${name}Sync`, thrown(name), name);
    guard(fs, name, calledBack(name));
    if (fs.promises) guard(fs.promises, name, (args) => Promise.reject(absent(args, name)));
  }
  guard(fs.realpathSync, 'native', thrown('realpath'));
  guard(fs.realpath, 'native', calledBack('realpath'));
}
