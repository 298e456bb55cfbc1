// @ts-check
// `node scripts/lib/core/run-bundled.mjs scripts/check.ts [argument…]` (npm run check): runs a command
// written in TypeScript from one JavaScript file that esbuild bundled from it and every module of the
// workbook it imports, so that no TypeScript loader has to start: tsx's loader costs CPU time each time
// a command starts (a thread of its own, esbuild's API, a request per module), and students run
// `npm run check` after every change, while the grader's own processes want the CPU.
//
// The bundle is kept in node_modules/.cache/workbook-commands/ with the hash of every file it was made
// from, and made again when one of them, esbuild or this file changes. Each module in it still sees
// its own location (`import.meta.url`, `import.meta.dirname`), so files read beside it are found as
// before. Where no bundle can be kept or made (a read-only workbook, say), the command runs through tsx
// like every other command.
//
// Plain JavaScript, because it runs before any TypeScript support is loaded.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stopUnlessInstalled } from './installed.mjs';

const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const CACHE = join(ROOT, 'node_modules', '.cache', 'workbook-commands');

/** The names each bundled module reads its own location from (esbuild puts them for `import.meta.…`). */
const OWN_LOCATION = { url: '__ownUrl', dirname: '__ownDirname', filename: '__ownFilename' };

/**
 * A file's hash, to tell whether it changed.
 * @param {string | Uint8Array} content
 */
function hashOf(content) {
  return createHash('sha256').update(content).digest('hex');
}

/** What makes a bundle besides its inputs: this file and esbuild's version. */
function toolHash() {
  const esbuild = createRequire(import.meta.url)('esbuild/package.json');
  return hashOf(`${readFileSync(fileURLToPath(import.meta.url), 'utf8')}\0${esbuild.version}`);
}

/**
 * Where the bundle of one command, its source map and its record are kept (one set per command of each workbook).
 * @param {string} entry
 */
function cachePaths(entry) {
  return cacheFiles(`${basename(entry).replace(/\.[cm]?ts$/, '')}-${hashOf(entry).slice(0, 12)}`);
}

/**
 * The files of one kept bundle, by the name they share.
 * @param {string} name
 */
function cacheFiles(name) {
  return { bundle: join(CACHE, `${name}.mjs`), map: join(CACHE, `${name}.mjs.map`), record: join(CACHE, `${name}.json`) };
}

/**
 * The kept bundle of `entry`, when it and every file it was made from are as they were; else undefined.
 * @param {string} entry
 * @param {string} tool
 * @returns {string | undefined}
 */
function keptBundle(entry, tool) {
  const { bundle, record } = cachePaths(entry);
  try {
    const kept = JSON.parse(readFileSync(record, 'utf8'));
    if (kept.entry !== entry || kept.tool !== tool || hashOf(readFileSync(bundle)) !== kept.bundle) return undefined;
    for (const [path, hash] of Object.entries(kept.inputs)) if (hashOf(readFileSync(path)) !== hash) return undefined;
    return bundle;
  } catch {
    return undefined; // none yet, or unreadable: make it again
  }
}

/**
 * Gives every module of the workbook its own location, as constants on its first line (so its lines
 * stay where they were), and notes the hash of the text it was bundled from in `read`.
 * @param {Map<string, string>} read
 * @returns {import('esbuild').Plugin}
 */
function ownLocation(read) {
  return {
    name: 'own-location',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
        if (/[\\/]node_modules[\\/]/.test(args.path)) return undefined;
        const text = readFileSync(args.path, 'utf8');
        read.set(args.path, hashOf(text));
        const { url, dirname: dir, filename } = OWN_LOCATION;
        const own = `const ${url} = ${JSON.stringify(pathToFileURL(args.path).href)}, ${dir} = ${JSON.stringify(dirname(args.path))}, ${filename} = ${JSON.stringify(args.path)};`;
        return { contents: `${own}${text}`, loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js' };
      });
    },
  };
}

/**
 * Bundles `entry` with esbuild and keeps it; gives the bundle's path.
 * @param {string} entry
 * @param {string} tool
 */
async function makeBundle(entry, tool) {
  const { build } = await import('esbuild');
  const { bundle, map, record } = cachePaths(entry);
  /** @type {Map<string, string>} */
  const read = new Map();
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    define: Object.fromEntries(Object.entries(OWN_LOCATION).map(([key, name]) => [`import.meta.${key}`, name])),
    plugins: [ownLocation(read)],
    sourcemap: 'linked',
    outfile: bundle,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  // The hashes of the texts esbuild was given, not of the files read again now: a file saved during the
  // build makes the next check bundle again.
  const inputs = Object.fromEntries(Object.keys(result.metafile.inputs).map((path) => [resolve(ROOT, path), read.get(resolve(ROOT, path))]));
  if (Object.values(inputs).includes(undefined)) throw new Error('esbuild read a file outside the plugin');
  const code = result.outputFiles.find((file) => file.path === bundle);
  const sourceMap = result.outputFiles.find((file) => file.path === map);
  if (code === undefined || sourceMap === undefined) throw new Error('esbuild gave no bundle');
  mkdirSync(CACHE, { recursive: true });
  forgetGoneWorkbooks();
  // Written aside, then renamed into place: a check running meanwhile reads the old files or the new ones.
  /** @type {Array<[string, string | Uint8Array]>} */
  const files = [
    [map, sourceMap.contents],
    [bundle, code.contents],
    [record, JSON.stringify({ entry, tool, bundle: hashOf(code.contents), inputs })],
  ];
  const aside = `.${randomUUID()}`;
  try {
    for (const [path, content] of files) writeFileSync(`${path}${aside}`, content);
    for (const [path] of files) renameSync(`${path}${aside}`, path);
  } finally {
    for (const [path] of files) rmSync(`${path}${aside}`, { force: true });
  }
  return bundle;
}

/** Removes the bundles of commands whose files are gone (workbooks copied for a while, then deleted). */
function forgetGoneWorkbooks() {
  for (const name of readdirSync(CACHE)) {
    if (!name.endsWith('.json')) continue;
    try {
      const { entry } = JSON.parse(readFileSync(join(CACHE, name), 'utf8'));
      if (typeof entry === 'string' && existsSync(entry)) continue;
    } catch {
      // unreadable: it goes too
    }
    for (const path of Object.values(cacheFiles(name.slice(0, -'.json'.length)))) rmSync(path, { force: true });
  }
}

/**
 * The kept bundle, or a new one; undefined when none can be made here.
 * @param {string} entry
 */
async function bundleOf(entry) {
  try {
    const tool = toolHash();
    return keptBundle(entry, tool) ?? (await makeBundle(entry, tool));
  } catch {
    return undefined;
  }
}

/**
 * Why `given` cannot be run as a command, or undefined when it can.
 * @param {string | undefined} given
 */
function refusal(given) {
  if (given === undefined) return 'no file given';
  if (!existsSync(resolve(given))) return `no such file ${given}`;
  if (!/\.[cm]?ts$/.test(given)) return `${given} is not a .ts file`;
  return undefined;
}

const refused = refusal(process.argv[2]);
if (refused !== undefined) {
  process.stderr.write(`run-bundled.mjs runs a command written in TypeScript, a .ts file: ${refused}\n`);
  process.exit(2);
}
// Before npm install, the student reads one sentence instead of a stack trace.
stopUnlessInstalled(ROOT, process.argv[2], process.argv.slice(3));
const entry = resolve(/** @type {string} */ (process.argv[2]));
// The command sees the arguments as if Node had run it directly.
process.argv.splice(1, 2, entry);
const bundle = await bundleOf(entry);
if (bundle === undefined) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(entry).href);
} else {
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(bundle).href);
}
