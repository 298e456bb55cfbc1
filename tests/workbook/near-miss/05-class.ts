import type { NearMiss } from './near-miss.ts';

export const nearMisses: NearMiss[] = [
  {
    name: 'shared-turn',
    breaks:
      "one object is one game, with this game's player; this keeps whose turn it is in one variable for all games (a new game resets it), so two games played in turns place each other's marks",
    file: 'tictactoe.ts',
    edits: [
      ["    this.player = 'X';\n    // END SOLUTION", "    this.player = 'X';\n    turn = 'X';\n    // END SOLUTION"],
      [
        "    this.board[r][c] = this.player;\n    this.player = this.player === 'X' ? 'O' : 'X';",
        "    this.board[r][c] = turn;\n    turn = turn === 'X' ? 'O' : 'X';\n    this.player = turn;",
      ],
      ['/** One game of Tic-Tac-Toe for two players. */', "/** Whose turn it is. */\nlet turn: Mark = 'X';\n\n/** One game of Tic-Tac-Toe for two players. */"],
    ],
  },
  {
    name: 'no-moves-after-win',
    breaks: 'move does not check whether someone has already won (isOver is there for that); this ignores every move once someone has won',
    file: 'tictactoe.ts',
    edits: [["    if (this.board[r][c] !== '.') {\n      return;", "    if (this.board[r][c] !== '.' || this.winner() !== '.') {\n      return;"]],
  },
  {
    name: 'winner-remembered',
    breaks: 'winner() answers for the board as it is now; this works its answer out once, the first time it is asked, and gives that answer ever after',
    file: 'tictactoe.ts',
    edits: [
      [
        '  winner(): GridCell {\n    // BEGIN SOLUTION winner\n',
        "  winner(): GridCell {\n    // BEGIN SOLUTION winner\n    this.known ??= this.lineOwner();\n    return this.known;\n  }\n\n  /** The answer winner() gave first. */\n  private known: GridCell | undefined;\n\n  /** The mark with three in a line, or '.'. */\n  private lineOwner(): GridCell {\n",
      ],
    ],
  },
];
