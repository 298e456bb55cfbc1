// Attack: the teacher's terminal and the feedback files, written to. Escape sequences change a
// terminal's window title, clear its screen, make a hyperlink and (as 8-bit CSI) colour what
// follows; a carriage return writes over a line. They are in everything the code controls: an answer
// (renderBoard's text, shown in a diff), what it prints (console.log, process.stdout), what it writes
// to its standard error (console.error, process.stderr and, raw on fd 2, process._rawDebug), an
// error's message (renderFramed throws one), the last lines printed before a loop is stopped
// (createGrid), and what the sandbox says as it dies (renderGrid breaks the sandbox's own writes,
// so it ends with an error of its making on fd 2).

const SEQUENCES = [
  '\x1b]0;a new window title\x07',
  '\x1b[2J\x1b[H',
  '\x1b]8;;https://example.com/\x1b\\a link\x1b]8;;\x1b\\',
  '\x9b31m8-bit CSI\x9b0m',
  '\rover\x08\x7f\x00',
].join(' ');

function printEverywhere(where: string): void {
  console.log(`${where} log ${SEQUENCES}`);
  console.error(`${where} error ${SEQUENCES}`);
  process.stdout.write(`${where} stdout ${SEQUENCES}\n`);
  process.stderr.write(`${where} stderr ${SEQUENCES}\n`);
  (process as unknown as { _rawDebug(text: string): void })._rawDebug(`${where} fd 2 ${SEQUENCES}`);
}
printEverywhere('loading');

export type Mark = 'X' | 'O';
export const EMPTY = ' ';
export type Cell = Mark | typeof EMPTY;
export type Board = Cell[];
export type GridCell = Mark | '.';
export type Grid = GridCell[][];

export function createBoard(): Board {
  printEverywhere('createBoard');
  throw new Error(`not implemented yet: createBoard ${SEQUENCES}`);
}

let renders = 0;
export function renderBoard(board: Board): string {
  printEverywhere('renderBoard');
  // So that no test passes, not even "leaves the board unchanged" or "the same text when called twice".
  board.fill('X');
  renders += 1;
  return `${SEQUENCES}\n${SEQUENCES}\n${SEQUENCES} ${renders}`;
}

export function renderFramed(_board: Board): string {
  throw new Error(`renderFramed threw ${SEQUENCES}`);
}

export function createGrid(): Grid {
  printEverywhere('createGrid');
  for (;;) {
    // never ends: the test is stopped, and shows the last lines printed
  }
}

export function renderGrid(_grid: Grid): string {
  printEverywhere('renderGrid');
  const error = new Error('broken');
  error.stack = `Error: renderGrid broke the sandbox ${SEQUENCES}\n${SEQUENCES}`;
  Buffer.prototype.copy = () => {
    throw error;
  };
  return 'the sandbox cannot send this';
}
