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
];
