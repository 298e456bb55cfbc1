import type { NearMiss } from './near-miss.ts';

export const nearMisses: NearMiss[] = [
  {
    name: 'draw-before-win',
    breaks:
      'after a move the game looks for a win before it looks for a full board; this one looks for the full board first, so a win on the ninth move is called a draw in a profile with a draw phrase',
    file: 'tutorials.ts',
    edits: [
      [
        "    if (hasWon(board, player)) {\n      say(io, words.win, { winner: player });\n      return player;\n    }\n    if (words.draw !== null && isFull(board)) {\n      say(io, words.draw);\n      return 'draw';\n    }\n",
        "    if (words.draw !== null && isFull(board)) {\n      say(io, words.draw);\n      return 'draw';\n    }\n    if (hasWon(board, player)) {\n      say(io, words.win, { winner: player });\n      return player;\n    }\n",
      ],
    ],
  },
  {
    name: 'class-games-fixed-text',
    breaks: "playClassGames plays the games it is given with lesson 05's class; this one prints the six results of CLASS_GAMES as fixed text",
    file: 'tutorials.ts',
    edits: [
      [
        '  for (const classGame of games) {\n    const game = new TicTacToe();\n    for (const [row, col] of classGame.moves) game.move(row, col);\n    io.print(fill(classGame.result.text, { winner: game.winner() }));\n  }',
        "  for (const line of ['X wins!', 'O wins!', 'X wins!', 'X wins!', 'No winner: .', 'No winner: .']) io.print(line);",
      ],
    ],
  },
  {
    name: 'rng-called-when-first-given',
    breaks: 'the lot calls rng only when options.first is not given; this one calls options.rng (not Math.random) before it looks at options.first',
    file: 'tutorials.ts',
    edits: [
      [
        "  if (profile.first === 'X') return 'X';\n  if (options.first !== undefined) return options.first;\n  const rng = options.rng ?? Math.random;\n  return rng() < 0.5 ? 'X' : 'O';",
        "  if (profile.first === 'X') return 'X';\n  const drawn = options.rng?.();\n  if (options.first !== undefined) return options.first;\n  return (drawn ?? Math.random()) < 0.5 ? 'X' : 'O';",
      ],
    ],
  },
  {
    name: 'split-on-javascript-space',
    breaks:
      "row-column splits the line as Python's split() does; this one splits at JavaScript's \\s (which takes U+FEFF for a space, and not U+001C to U+001F or U+0085)",
    file: 'tutorials.ts',
    edits: [['  const parts = pythonSplit(line);', "  const parts = line.split(/\\s+/).filter((part) => part !== '');"]],
  },
  {
    name: 'cin-with-number',
    breaks: "cin reads a word as cppInt does (a sign and the digits 0-9); this one uses Number(), which also takes '' (as 0), '7.0', '0x7' and '1e0'",
    file: 'tutorials.ts',
    edits: [
      [
        '  const index = cppInt(word);\n  if (index === null || !onBoard(index)) return SILENTLY;',
        '  const index = Number(word);\n  if (!Number.isInteger(index) || !onBoard(index)) return SILENTLY;',
      ],
    ],
  },
  {
    name: 'numerals-as-digits',
    breaks:
      'python-digits refuses what isDigits refuses, ² included, with notANumber; this one takes any Unicode number (², ⑦, Ⅶ) for digits and then finds it out of range',
    file: 'tutorials.ts',
    edits: [
      ['  if (!isDigits(line)) return rejected(words.notANumber);', '  if (!/^\\p{N}+$/u.test(line)) return rejected(words.notANumber);'],
      ['  const index = (pythonInt(line) as number) - 1;', '  const index = (pythonInt(line) ?? 0) - 1;'],
    ],
  },
  {
    name: 'int-after-javascript-trim',
    breaks:
      "python-int reads the line with Python's int(), which skips Python's white space only; this one trims JavaScript's first, so U+FEFF around a number is skipped too",
    file: 'tutorials.ts',
    edits: [
      [
        '  const number = pythonInt(line);\n  if (number === null || !onBoard(number - 1)',
        '  const number = pythonInt(line.trim());\n  if (number === null || !onBoard(number - 1)',
      ],
    ],
  },
  {
    name: 'friendship-always',
    breaks: "the no-move ending fills {winner} with the profile's noMoveWinner; this one always says ru-maps's дружба",
    file: 'tutorials.ts',
    edits: [['  if (words.noMoveWinner !== null) say(io, words.win, { winner: words.noMoveWinner });', "  say(io, words.win, { winner: 'дружба' });"]],
  },
  {
    name: 'no-move-board-only-with-phrase',
    breaks:
      'the no-move ending prints its noMove phrase when there is one, and the board once more in any case; this one prints the board again only with the phrase',
    file: 'tutorials.ts',
    edits: [
      [
        '  say(io, words.noMove);\n  io.print(drawBoard(profile.layout, board));',
        '  if (words.noMove !== null) {\n    say(io, words.noMove);\n    io.print(drawBoard(profile.layout, board));\n  }',
      ],
    ],
  },
];
