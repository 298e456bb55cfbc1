// Attack: which files the teacher has. Without reading a file, the code asks whether a path exists:
// the teacher's hidden tests, the reference solution, a classmate's hand-in. It asks fs (reached
// through any door of Node's loader: realpathSync and its native twin, existsSync, statSync,
// lstatSync, accessSync, readdirSync) and the loader itself (_resolveFilename, _findPath, _stat,
// _readPackage, require.resolve), each about the path and a twin that does not exist; a function
// that answers the two differently tells them apart. Every function throws what happened: the test
// reads "fence open:" for each question answered.

type Probe = (path: string) => unknown;
const loader = module.constructor as unknown as Record<string, (...args: unknown[]) => unknown>;
const loose = globalThis as unknown as Record<string, unknown>;

/** fs, through whichever door opens. */
function findFs(): Record<string, Probe & { native?: Probe }> | undefined {
  const doors = [
    () => loader._load?.('node:fs'),
    () => loose.fs,
    () => (process as unknown as { getBuiltinModule?: (name: string) => unknown }).getBuiltinModule?.('node:fs'),
  ];
  for (const door of doors) {
    try {
      const found = door() as Record<string, Probe & { native?: Probe }> | undefined;
      if (typeof found?.realpathSync === 'function') return found;
    } catch {
      // shut: try the next one
    }
  }
  return undefined;
}

const fs = findFs();
const PROBES: Record<string, Probe> = {
  'fs.realpathSync': (path) => fs?.realpathSync?.(path),
  'fs.realpathSync.native': (path) => fs?.realpathSync?.native?.(path),
  'fs.existsSync': (path) => fs?.existsSync?.(path),
  'fs.statSync': (path) => fs?.statSync?.(path),
  'fs.lstatSync': (path) => fs?.lstatSync?.(path),
  'fs.accessSync': (path) => fs?.accessSync?.(path),
  'fs.readdirSync': (path) => fs?.readdirSync?.(path),
  'module.constructor._resolveFilename': (path) => loader._resolveFilename?.(path, null),
  'module.constructor._findPath': (path) => loader._findPath?.(path, [], true),
  'module.constructor._stat': (path) => loader._stat?.(path),
  'module.constructor._readPackage': (path) => loader._readPackage?.(path),
  'require.resolve': (path) => require.resolve(path),
};
const PLACES: Record<string, string> = {
  "the teacher's hidden tests": '{{WORKBOOK}}/tests/hidden',
  "the teacher's reference solution": '{{WORKBOOK}}/solutions/01-board/board.ts',
  "a classmate's hand-in": '{{CLASS}}/honest/lessons/01-board/board.ts',
};

/** What a probe answers about a path, with the path itself left out. */
function answer(probe: Probe, path: string): string {
  try {
    return `gave ${String(JSON.stringify(probe(path))).replaceAll(path, 'PATH')}`;
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    return `threw ${code ?? ''} ${String(message).split('\n')[0]?.replaceAll(path, 'PATH')}`;
  }
}

const seen: string[] = [`fence tried: ${fs === undefined ? 'no door gave fs' : 'fs reached'}`];
for (const [name, probe] of Object.entries(PROBES)) {
  const told = Object.entries(PLACES)
    .filter(([, path]) => answer(probe, path) !== answer(probe, `${path}-absent`))
    .map(([place]) => place);
  seen.push(
    told.length > 0 ? `fence open: ${name} tells whether ${told.join(', ')} exist` : `fence tried: ${name}, the same answer for what is there and what is not`,
  );
}

// Every function throws the lines of `seen`: the exports that say so (attacks.ts appends them).
export {};
