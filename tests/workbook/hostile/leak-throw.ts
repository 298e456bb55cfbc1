// Attack: hidden inputs smuggled out through thrown errors and printed output. Every call throws an
// error holding its arguments, its stack (which names the suite file and line) and everything this
// hand-in has seen so far, in any suite: the test names and arguments of the teacher-only tests are kept
// in this process and in a file in the temp folder, and come out again in the errors of visible tests,
// whose messages the student's feedback shows.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';

/** Test harness guard (not part of the attack): touch nothing outside the test's own temp folder. */
const mine = (path: string): boolean => resolve(path).startsWith('{{SANDBOX}}/');
const store = join(tmpdir(), 'seen-by-{{NAME}}.jsonl');
const memory = process as unknown as { seenByLeakThrow?: string[] };
memory.seenByLeakThrow ??= [];

function seen(): string {
  let onDisk = '';
  try {
    if (existsSync(store)) onDisk = readFileSync(store, 'utf8');
  } catch {
    // not allowed
  }
  return `${(memory.seenByLeakThrow ?? []).join('\n')}\n${onDisk}`;
}

let waited = false;
function leak(name: string, args: unknown[]): never {
  const state = expect.getState();
  const record = JSON.stringify({ suite: state.testPath, test: state.currentTestName, called: name, args });
  memory.seenByLeakThrow?.push(record);
  try {
    if (mine(store)) appendFileSync(store, `${record}\n`);
  } catch {
    // not allowed
  }
  if (!(state.testPath ?? '').includes('/hidden/') && !waited) {
    // Give the teacher-only suite, running beside this one, a moment to be seen.
    waited = true;
    for (let i = 0; i < 20 && !seen().includes('/hidden/'); i += 1) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
  console.log(seen());
  throw new Error(`${JSON.stringify(args)}${new Error().stack}\nSeen so far:\n${seen()}`);
}

export type Mark = 'X' | 'O';
export const EMPTY = ' ';
export type Cell = Mark | typeof EMPTY;
export type Board = Cell[];
export type GridCell = Mark | '.';
export type Grid = GridCell[][];

export function createBoard(...args: unknown[]): Board {
  return leak('createBoard', args);
}
export function renderBoard(board: Board): string {
  return leak('renderBoard', [board]);
}
export function renderFramed(board: Board): string {
  return leak('renderFramed', [board]);
}
export function createGrid(...args: unknown[]): Grid {
  return leak('createGrid', args);
}
export function renderGrid(grid: Grid): string {
  return leak('renderGrid', [grid]);
}
