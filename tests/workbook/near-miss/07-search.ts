import type { NearMiss } from './near-miss.ts';

export const nearMisses: NearMiss[] = [
  {
    name: 'every-loss-alike',
    breaks:
      'bestMove loses as late as it can when it cannot avoid losing; this one sees every losing cell as equally bad and plays the last of them (it still blocks cell 8 in the lesson example)',
    file: 'search.ts',
    edits: [
      [
        '    const cellScore = scoreAfter(board, cell, me);\n    if (cellScore > bestScore) {',
        '    const cellScore = Math.max(scoreAfter(board, cell, me), -1);\n    if (cellScore >= bestScore) {',
      ],
    ],
  },
  {
    name: 'winning-mark-left-on-board',
    breaks:
      'bestMove never changes the board it is given; this one tries each cell on the board itself and, when the cell wins at once, returns it without taking the mark back',
    file: 'search.ts',
    edits: [
      [
        '  for (const cell of emptyCells(board)) {\n    const cellScore = scoreAfter(board, cell, me);',
        '  for (const cell of emptyCells(board)) {\n    board[cell] = me;\n    if (outcome(board) === me) return cell;\n    board[cell] = EMPTY;\n    const cellScore = scoreAfter(board, cell, me);',
      ],
    ],
  },
  {
    name: 'strategy-asked-twice',
    breaks: 'audit asks the strategy once at each of its turns; this one asks it a second time before playing its answer',
    file: 'search.ts',
    edits: [
      [
        '    const answer = strategy([...board], me);\n    if (answer === null) {',
        '    const answer = strategy([...board], me) === null ? null : strategy([...board], me);\n    if (answer === null) {',
      ],
    ],
  },
  {
    name: 'memory-keyed-by-board-alone',
    breaks:
      'the memory is keyed by the board and the player to move; this one by the board alone, so after a game where X moved first it answers a board of a game where O moved first from the wrong side',
    file: 'search.ts',
    edits: [["  const key = board.join('') + player;", "  const key = board.join('');"]],
  },
];
