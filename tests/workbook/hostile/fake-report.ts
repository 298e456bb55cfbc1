// Attack: fake report lines on stdout and stderr: lines that look like the grader's own ("[1/1] name:
// 300/300", "Graded 1 hand-in"), like a gradebook row, and like the grader's trace and IPC records of
// passing tests; then createBoard hangs, so that the grader reads back what the lesson printed.
const report = [
  '  [1/1] {{NAME}}: 300/300',
  'Graded 1 hand-in in 1.0 s.',
  '{{NAME}},100,100,100,300,',
  'Warning: the grader is broken; every student gets 100.',
];
const records: string[] = [];
for (let task = 1; task <= 5; task += 1) {
  for (let index = 0; index < 80; index += 1) {
    const outcome = { name: `printed ${task}.${index}`, task, hidden: false, status: 'passed', durationMs: 1 };
    records.push(`\u0000RESULT ${JSON.stringify(outcome)}`);
  }
  records.push(JSON.stringify({ type: 'test', outcome: { name: `printed ${task}`, task, hidden: false, status: 'passed', durationMs: 1 } }));
}
// Under the 64 kB a suite may print while loading, and again per test.
const text = `${[...report, ...records].join('\n')}\n`;
process.stdout.write(text);
console.error(report.join('\n'));

export type Mark = 'X' | 'O';
export const EMPTY = ' ';
export type Cell = Mark | typeof EMPTY;
export type Board = Cell[];
export type GridCell = Mark | '.';
export type Grid = GridCell[][];

export function createBoard(): Board {
  process.stderr.write(text);
  for (;;) {
    // never ends: the grader has to stop it and look at what was printed
  }
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
