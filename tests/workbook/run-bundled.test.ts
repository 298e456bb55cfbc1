// `npm run check` runs scripts/check.ts from a bundle esbuild made of it (scripts/lib/core/run-bundled.mjs):
// the command must behave as through tsx, see its own files where they are, and never run a stale or
// altered bundle.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { ROOT } from '../../scripts/lib/core/workbook.ts';

const LAUNCHER = join(ROOT, 'scripts/lib/core/run-bundled.mjs');
const CACHE = join(ROOT, 'node_modules/.cache/workbook-commands');

/** A tiny command in a folder of its own: it prints its arguments, a value from a module it imports, and where that module is. */
const folder = mkdtempSync(join(tmpdir(), 'run-bundled-'));
writeFileSync(join(folder, 'package.json'), '{ "type": "module" }\n');
writeFileSync(
  join(folder, 'entry.ts'),
  "import { part, partFolder, partUrl } from './part.ts';\nconst value: string = part();\nconsole.log(JSON.stringify({ args: process.argv.slice(2), value, partFolder, partUrl }));\n",
);
const writePart = (value: string): void =>
  writeFileSync(
    join(folder, 'part.ts'),
    `export const part = (): string => '${value}';\nexport const partFolder: string = import.meta.dirname;\nexport const partUrl: string = import.meta.url;\n`,
  );
writePart('one');
chmodSync(folder, 0o755);

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
  // The tiny command's bundle goes too (the launcher would forget it only when it next makes a bundle).
  if (existsSync(CACHE)) for (const file of readdirSync(CACHE)) if (file.startsWith('entry-')) rmSync(join(CACHE, file), { force: true });
});

/** Runs the tiny command through the launcher. */
function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [LAUNCHER, join(folder, 'entry.ts'), ...args], { cwd: folder, encoding: 'utf8', timeout: 60_000 });
}

/** The bundle the launcher keeps for the tiny command. */
function keptBundle(): string {
  const name = readdirSync(CACHE).find((file) => file.startsWith('entry-') && file.endsWith('.mjs'));
  if (name === undefined) throw new Error('no bundle kept');
  return join(CACHE, name);
}

test('a command runs from its bundle with its arguments, and its modules see where they are', () => {
  const result = run('--solutions', '01');
  expect(result.stderr).toBe('');
  expect(JSON.parse(result.stdout)).toEqual({
    args: ['--solutions', '01'],
    value: 'one',
    partFolder: folder,
    partUrl: pathToFileURL(join(folder, 'part.ts')).href,
  });
  expect(readFileSync(keptBundle(), 'utf8')).toContain('"one"');
});

test('a changed module makes a new bundle, and an altered bundle is never run', () => {
  run();
  writePart('two');
  expect(JSON.parse(run().stdout).value).toBe('two');
  writeFileSync(keptBundle(), 'console.log(JSON.stringify({ value: "forged" }));\n');
  expect(JSON.parse(run().stdout).value).toBe('two');
});

test('a file that is not a TypeScript command is refused plainly', () => {
  const result = spawnSync(process.execPath, [LAUNCHER, join(folder, 'no-such.ts')], { encoding: 'utf8' });
  expect(result.status).toBe(2);
  expect(result.stderr).toContain('no such file');
  const notTypeScript = spawnSync(process.execPath, [LAUNCHER, join(folder, 'package.json')], { encoding: 'utf8' });
  expect(notTypeScript.status).toBe(2);
  expect(notTypeScript.stderr).toContain('package.json is not a .ts file');
});

test.runIf(process.platform === 'linux' && process.getuid?.() === 0)('where no bundle can be kept, the command runs through tsx', () => {
  // uid 65534 cannot write the root-owned node_modules/.cache/: the launcher must fall back, not fail.
  writePart('three');
  const result = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, LAUNCHER, join(folder, 'entry.ts'), 'x'], {
    cwd: folder,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.stderr).toBe('');
  expect(JSON.parse(result.stdout)).toMatchObject({ args: ['x'], value: 'three' });
});
