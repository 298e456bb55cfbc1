import type { NearMiss } from './near-miss.ts';

export const nearMisses: NearMiss[] = [
  {
    name: 'cached-per-board',
    breaks: 'hasWon answers for the board as it is now; this remembers its first answer per board object, so a board changed in place gets a stale answer',
    file: 'win.ts',
    edits: [
      [
        '  return WINNING_LINES.some((line) => ownsLine(board, line, player));',
        '  const key = `${player}`;\n  const known = answers.get(board)?.get(key);\n  if (known !== undefined) return known;\n  const answer = WINNING_LINES.some((line) => ownsLine(board, line, player));\n  if (!answers.has(board)) answers.set(board, new Map());\n  answers.get(board)?.set(key, answer);\n  return answer;',
      ],
      ['export function hasWon(', 'const answers = new WeakMap<Board, Map<string, boolean>>();\n\nexport function hasWon('],
    ],
  },
  {
    name: 'no-win-with-six-marks',
    breaks:
      "hasWon is true when all three cells of a line hold the player's mark; this answers false when the player has six marks or more, which no real game reaches but the lesson's rule still decides",
    file: 'win.ts',
    edits: [
      [
        '  return WINNING_LINES.some((line) => ownsLine(board, line, player));',
        '  if (countMarks(board, player) > 5) return false;\n  return WINNING_LINES.some((line) => ownsLine(board, line, player));',
      ],
    ],
  },
  {
    name: 'winner-by-counts',
    breaks:
      "winner returns 'X' when X has a line and 'O' when O has one; this finds that somebody has a line and names the player who moved last by the counts, which is right in real games only",
    file: 'win.ts',
    edits: [
      [
        "  if (hasWon(board, 'X')) {\n    return 'X';\n  }\n  if (hasWon(board, 'O')) {\n    return 'O';\n  }\n  return null;",
        "  if (!hasWon(board, 'X') && !hasWon(board, 'O')) {\n    return null;\n  }\n  return countMarks(board, 'X') > countMarks(board, 'O') ? 'X' : 'O';",
      ],
    ],
  },
  {
    name: 'draw-by-counts',
    breaks:
      "outcome is 'draw' on any full board where nobody has a line; this calls a board a draw only when X has five marks (the ninth move of a real game), so a full board with other counts is 'ongoing'",
    file: 'win.ts',
    edits: [["  if (isFull(board)) {\n    return 'draw';", "  if (isFull(board) && countMarks(board, 'X') === 5) {\n    return 'draw';"]],
  },
  {
    name: 'position-cached-per-board',
    breaks:
      'positionError answers about the board as it is now; this remembers its first answer per board object, so a board changed in place keeps an old answer',
    file: 'win.ts',
    edits: [
      [
        'export function positionError(board: Board): string | null {\n',
        'export function positionError(board: Board): string | null {\n  if (errors.has(board)) return errors.get(board) ?? null;\n  const error = freshError(board);\n  errors.set(board, error);\n  return error;\n}\n\nconst errors = new WeakMap<Board, string | null>();\n\nfunction freshError(board: Board): string | null {\n',
      ],
    ],
  },
  {
    name: 'no-win-when-behind',
    breaks:
      "hasWon is true when all three cells of a line hold the player's mark; this answers false on a board with room left where the other player has two marks more, which no real game reaches but the lesson's rule still decides",
    file: 'win.ts',
    edits: [
      [
        '  return WINNING_LINES.some((line) => ownsLine(board, line, player));',
        "  const other = player === 'X' ? 'O' : 'X';\n  if (board.includes(EMPTY) && countMarks(board, other) >= countMarks(board, player) + 2) {\n    return false;\n  }\n  return WINNING_LINES.some((line) => ownsLine(board, line, player));",
      ],
    ],
  },
];
