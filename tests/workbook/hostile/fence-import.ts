// Attack: the module list gone round with import(). Node's own import() does not ask the loader the
// sandbox fences, and its promise settles once the code runs the pending callbacks itself
// (process._tickCallback). It imports node:vm, node:v8 and node:fs, and the teacher's reference
// solution by its path; with the reference it would pass every test. Every other function throws
// what happened: the test reads "fence open:" for each import that gave a module.

const seen: string[] = [];
const reference: Record<string, unknown> = {};
const TRIED = ['node:vm', 'node:v8', 'node:fs', '{{WORKBOOK}}/solutions/01-board/board.ts'];
for (const specifier of TRIED) {
  const shown = specifier.startsWith('node:') ? specifier : 'the reference solution';
  import(/* @vite-ignore */ specifier).then(
    (found: Record<string, unknown>) => {
      seen.push(`fence open: import(${shown}) gave ${Object.keys(found).length} exports`);
      if (!specifier.startsWith('node:')) Object.assign(reference, found);
    },
    // (The message of a refused path names it: a path of the teacher's, which no feedback may show.)
    (error: Error) => seen.push(`fence tried: import(${shown}) refused${shown === specifier ? `: ${error.message.split('\n')[0]}` : ''}`),
  );
}
try {
  (process as unknown as { _tickCallback(): void })._tickCallback();
} catch {
  // no way to run the callbacks now: they may run later
}

const take =
  <T extends (...args: never[]) => unknown>(name: string) =>
  (...args: Parameters<T>): ReturnType<T> => {
    const found = reference[name] as T | undefined;
    if (found !== undefined) return found(...args) as ReturnType<T>;
    throw new Error(seen.length > 0 ? seen.join('\n') : 'fence tried: import() never settled');
  };

export type Mark = 'X' | 'O';
export const EMPTY = ' ';
export type Cell = Mark | typeof EMPTY;
export type Board = Cell[];
export type GridCell = Mark | '.';
export type Grid = GridCell[][];
export const createBoard = take<() => Board>('createBoard');
export const renderBoard = take<(board: Board) => string>('renderBoard');
export const renderFramed = take<(board: Board) => string>('renderFramed');
export const createGrid = take<() => Grid>('createGrid');
export const renderGrid = take<(grid: Grid) => string>('renderGrid');
