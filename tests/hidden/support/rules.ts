/**
 * The rules of lessons 01 to 04 worked out from their lesson text, for the hidden suites: what a
 * drawing looks like, what a typed line means, how a game goes and what the players see. Nothing
 * here imports student code (or the reference), so what the suites expect cannot come from the code
 * they grade. Written plainly, one rule per function, so a reader can hold each against the lesson.
 */
import { linesOfThree, type TestCell, type TestGridCell } from '../../support/boards.ts';

/** A player's mark. */
export type TestMark = 'X' | 'O';

// Lesson 01: the three layouts.

/** What a cell of the board shows: its mark, or its number 1–9 when it is empty. */
function label(board: readonly TestCell[], index: number): string {
  const cell = board[index];
  return cell === ' ' ? String(index + 1) : String(cell);
}

/** The three labels of a row (0, 1 or 2). */
function rowLabels(board: readonly TestCell[], row: number): string[] {
  return [0, 1, 2].map((column) => label(board, row * 3 + column));
}

/** Lesson 01 task 2: " 1 | 2 | 3 " rows between "---+---+---" lines. */
export function numberedDrawing(board: readonly TestCell[]): string {
  return [0, 1, 2].map((row) => ` ${rowLabels(board, row).join(' | ')} `).join('\n---+---+---\n');
}

/** Lesson 01 task 3: "| 1 | 2 | 3 |" rows with a line of 13 dashes above, between and below. */
export function framedDrawing(board: readonly TestCell[]): string {
  const frame = '-'.repeat(13);
  const rows = [0, 1, 2].map((row) => `| ${rowLabels(board, row).join(' | ')} |`);
  return [frame, ...rows.flatMap((row) => [row, frame])].join('\n');
}

/** Lesson 01 task 5: the column numbers, then each row after its number, between lines of two spaces and nine dashes. */
export function gridDrawing(grid: readonly (readonly TestGridCell[])[]): string {
  const rows = grid.map((row, index) => `${index + 1} ${row.join(' | ')}`);
  return ['  1   2   3', rows.join(`\n  ${'-'.repeat(9)}\n`)].join('\n');
}

// Lesson 02: typed lines.

/** The messages of lesson 02, as its table states them. */
export const MESSAGES = {
  notWhole: 'Please type a whole number, using digits only.',
  outOfRange: 'Please type a number from 1 to 9.',
  taken: 'That cell is already taken. Please choose an empty one.',
  notTwoParts: 'Please type two numbers, the row and then the column, like: 2 3',
  coordinatesNotWhole: 'Row and column must both be whole numbers, using digits only.',
  coordinatesOutOfRange: 'Row and column must both be from 1 to 3.',
} as const;

/** The question for a move (lesson 02 task 5). */
export function movePromptOf(player: TestMark): string {
  return `Player ${player}, choose a cell (1-9): `;
}

/** The ten characters a whole number is made of. */
const DIGITS = '0123456789';

/** True when text is one or more of the ten digits and nothing else (the lesson's strict rule). */
export function isDigitsOnly(text: string): boolean {
  return text.length > 0 && [...text].every((character) => DIGITS.includes(character));
}

/** Text without the spaces and tabs around it (around a row-and-column line). */
export function withoutSpacesAround(text: string): string {
  return withoutAround(text, (character) => character === ' ' || character === '\t');
}

/**
 * The characters String.prototype.trim() removes, as lesson 02 lists them: JavaScript's white space
 * (tab, vertical tab, form feed, the byte order mark and every Unicode space) and its line ends.
 */
export const TRIMMED: readonly string[] = [
  ...'\t\v\f \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000\ufeff',
  ...'\n\r\u2028\u2029',
];

/** Text without the characters trim() removes around it (around a cell number), worked out from the lesson's list. */
export function withoutWhiteSpaceAround(text: string): string {
  return withoutAround(text, (character) => TRIMMED.includes(character));
}

/** Text without the characters `around` accepts at its start and at its end. */
function withoutAround(text: string, around: (character: string) => boolean): string {
  let start = 0;
  let end = text.length;
  while (start < end && around(text[start] as string)) start += 1;
  while (end > start && around(text[end - 1] as string)) end -= 1;
  return text.slice(start, end);
}

/** The value of a text of digits, compared with small numbers only (long texts stay above 9). */
function smallValue(digits: string): number {
  const significant = digits.replace(/^0+/, '');
  return significant.length > 3 ? 1000 : Number(significant === '' ? '0' : significant);
}

/** What parseMove answers, by the three questions in the lesson's order. */
export type ExpectedMove = { ok: true; index: number } | { ok: false; error: string };

/** Lesson 02 tasks 1–3: whole number?, then 1 to 9?, then is the cell empty? */
export function expectedMove(raw: string, board: readonly TestCell[]): ExpectedMove {
  const text = withoutWhiteSpaceAround(raw);
  if (!isDigitsOnly(text)) return { ok: false, error: MESSAGES.notWhole };
  const number = smallValue(text);
  if (number < 1 || number > 9) return { ok: false, error: MESSAGES.outOfRange };
  if (board[number - 1] !== ' ') return { ok: false, error: MESSAGES.taken };
  return { ok: true, index: number - 1 };
}

/** What parseCoordinates answers. */
export type ExpectedCoordinates = { ok: true; row: number; col: number } | { ok: false; error: string };

/** Lesson 02 task 4: two parts?, whole numbers?, 1 to 3?, an empty cell? (parts are split at runs of spaces and tabs). */
export function expectedCoordinates(raw: string, grid: readonly (readonly TestGridCell[])[]): ExpectedCoordinates {
  const text = withoutSpacesAround(raw);
  const parts = text === '' ? [] : text.split(/[ \t]+/);
  if (parts.length !== 2) return { ok: false, error: MESSAGES.notTwoParts };
  const [rowText, colText] = parts as [string, string];
  if (!isDigitsOnly(rowText) || !isDigitsOnly(colText)) return { ok: false, error: MESSAGES.coordinatesNotWhole };
  const row = smallValue(rowText);
  const col = smallValue(colText);
  if (row < 1 || row > 3 || col < 1 || col > 3) return { ok: false, error: MESSAGES.coordinatesOutOfRange };
  if (grid[row - 1]?.[col - 1] !== '.') return { ok: false, error: MESSAGES.taken };
  return { ok: true, row: row - 1, col: col - 1 };
}

/**
 * What askMove shows and returns for typed lines (lesson 02 task 5), as a transcript in the
 * pretend player's form (support/io.ts scriptedIO): each prompt followed by the typed line, or
 * alone when input has ended; each printed message on its own line.
 */
export function expectedAsk(lines: readonly string[], board: readonly TestCell[], player: TestMark): { transcript: string; result: number | null } {
  let transcript = '';
  for (const line of lines) {
    transcript += `${movePromptOf(player)}${line}\n`;
    const answer = expectedMove(line, board);
    if (answer.ok) return { transcript, result: answer.index };
    transcript += `${answer.error}\n`;
  }
  return { transcript: `${transcript}${movePromptOf(player)}\n`, result: null };
}

// Lesson 03: lines and endings.

/** True when every cell of at least one of the eight lines holds the player's mark. */
export function ownsALine(board: readonly TestCell[], player: TestMark): boolean {
  return linesOfThree().some((line) => line.every((index) => board[index] === player));
}

/** The messages of lesson 03's positionError, as its table states them. */
export const POSITION_MESSAGES = {
  oStarted: 'Wrong turn order: O started',
  xWentTwice: 'Wrong turn order: X went twice',
  playedAfterWin: 'Impossible board: game should have ended after the game was won',
} as const;

/** Lesson 03 task 5: the counts first (O ahead, X two ahead), then the lines (both, or a line by the player who did not move last). */
export function expectedPositionError(board: readonly TestCell[]): string | null {
  const xs = board.filter((cell) => cell === 'X').length;
  const os = board.filter((cell) => cell === 'O').length;
  if (os > xs) return POSITION_MESSAGES.oStarted;
  if (xs > os + 1) return POSITION_MESSAGES.xWentTwice;
  const xLine = ownsALine(board, 'X');
  const oLine = ownsALine(board, 'O');
  if (xLine && oLine) return POSITION_MESSAGES.playedAfterWin;
  if (xLine && xs === os) return POSITION_MESSAGES.playedAfterWin;
  if (oLine && xs === os + 1) return POSITION_MESSAGES.playedAfterWin;
  return null;
}

/** How a board stands by lesson 03 task 4, where at most one player has a line: that player, else a draw when full, else ongoing. */
export function expectedOutcome(board: readonly TestCell[]): TestMark | 'draw' | 'ongoing' {
  if (ownsALine(board, 'X')) return 'X';
  if (ownsALine(board, 'O')) return 'O';
  return board.includes(' ') ? 'ongoing' : 'draw';
}

// Lesson 04: games and matches.

/** The messages of lesson 04, as its table states them. */
export const GAME_MESSAGES = {
  draw: "It's a draw!",
  goodbye: 'Input ended before the game was over. Goodbye!',
  playAgain: 'Play again? (y/n) ',
  answerYOrN: 'Please answer y or n.',
} as const;

/** What a game ends with. */
export type TestGameResult = TestMark | 'draw' | 'quit';

/** What the players see during one game and how it ends, how many typed lines it read and how many marks it placed. */
export interface GameRecord {
  transcript: string;
  result: TestGameResult;
  linesRead: number;
  moves: number;
}

/**
 * Plays one game by the six steps of lesson 04 from typed lines: show the board; then ask (the
 * lesson 02 way), place, show, win?, draw?, switch. Ends when a player wins, the board is full,
 * or input ends (goodbye). Reads no line after the game is over.
 */
export function expectedGame(lines: readonly string[], first: TestMark = 'X'): GameRecord {
  const board: TestCell[] = Array(9).fill(' ');
  let player = first;
  let transcript = `${numberedDrawing(board)}\n`;
  let read = 0;
  let moves = 0;
  for (;;) {
    let index: number | null = null;
    while (index === null && read < lines.length) {
      const line = lines[read] as string;
      read += 1;
      transcript += `${movePromptOf(player)}${line}\n`;
      const answer = expectedMove(line, board);
      if (answer.ok) index = answer.index;
      else transcript += `${answer.error}\n`;
    }
    if (index === null) return { transcript: `${transcript}${movePromptOf(player)}\n${GAME_MESSAGES.goodbye}\n`, result: 'quit', linesRead: read, moves };
    board[index] = player;
    moves += 1;
    transcript += `${numberedDrawing(board)}\n`;
    if (ownsALine(board, player)) return { transcript: `${transcript}Player ${player} wins!\n`, result: player, linesRead: read, moves };
    if (!board.includes(' ')) return { transcript: `${transcript}${GAME_MESSAGES.draw}\n`, result: 'draw', linesRead: read, moves };
    player = player === 'X' ? 'O' : 'X';
  }
}

/** A match's score. */
export interface TestScore {
  X: number;
  O: number;
  draws: number;
}

/** "X 1, O 0, draws 2". */
function scoreText(score: TestScore): string {
  return `X ${score.X}, O ${score.O}, draws ${score.draws}`;
}

/** How an answer to "Play again?" is read: y/yes plays on, n/no stops, anything else is asked again. */
export function playAgainAnswer(line: string): 'yes' | 'no' | 'again' {
  const answer = line.trim().toLowerCase();
  if (answer === 'y' || answer === 'yes') return 'yes';
  if (answer === 'n' || answer === 'no') return 'no';
  return 'again';
}

/**
 * Plays a match by lesson 04 task 6 from typed lines and the rng's numbers (one per game, below 0.5:
 * X first): heading, game, score line, "Play again?" until y/yes or n/no; input ending or a quit game
 * ends it; the final score comes last.
 */
export function expectedMatch(lines: readonly string[], coins: readonly number[]): { transcript: string; score: TestScore; rngCalls: number } {
  let score: TestScore = { X: 0, O: 0, draws: 0 };
  let transcript = '';
  let read = 0;
  let round = 1;
  const finish = (): { transcript: string; score: TestScore; rngCalls: number } => ({
    transcript: `${transcript}Final score: ${scoreText(score)}\n`,
    score,
    rngCalls: round,
  });
  for (;;) {
    const first: TestMark = (coins[round - 1] as number) < 0.5 ? 'X' : 'O';
    transcript += `Round ${round}: ${first} moves first.\n`;
    const game = expectedGame(lines.slice(read), first);
    transcript += game.transcript;
    read += game.linesRead;
    if (game.result === 'quit') return finish();
    score = game.result === 'draw' ? { ...score, draws: score.draws + 1 } : { ...score, [game.result]: score[game.result] + 1 };
    transcript += `Score: ${scoreText(score)}\n`;
    let answer: 'yes' | 'no' | 'again' = 'again';
    while (answer === 'again') {
      const line = lines[read];
      if (line === undefined) {
        transcript += `${GAME_MESSAGES.playAgain}\n`;
        return finish();
      }
      read += 1;
      transcript += `${GAME_MESSAGES.playAgain}${line}\n`;
      answer = playAgainAnswer(line);
      if (answer === 'again') transcript += `${GAME_MESSAGES.answerYOrN}\n`;
    }
    if (answer === 'no') return finish();
    round += 1;
  }
}
