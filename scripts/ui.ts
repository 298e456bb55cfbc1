/** `npm run ui`: opens @vitest/ui on the graded suites (your code, or the reference with --solutions). */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseCommandLine, runCommand } from './lib/command-line/cli.ts';
import { hasReference, ROOT } from './lib/core/workbook.ts';

const USAGE = `
Usage: npm run ui [-- [${hasReference() ? '--solutions | ' : ''}--target DIR]]

Opens vitest's browser interface on the graded suites, so you can see every test.
`;

runCommand(USAGE, () => {
  const { values } = parseCommandLine({ solutions: { type: 'boolean', default: false }, target: { type: 'string' } });
  const target = values.solutions ? join(ROOT, 'solutions') : resolve(values.target ?? join(ROOT, 'lessons'));
  const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
  const child = spawn(process.execPath, [vitest, '--ui', '--project', 'lessons'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, WORKBOOK_TARGET: target },
  });
  return new Promise<number>((done) => child.on('exit', (code) => done(code ?? 0)));
});
