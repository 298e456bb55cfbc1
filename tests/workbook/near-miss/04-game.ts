import type { NearMiss } from './near-miss.ts';

export const nearMisses: NearMiss[] = [
  {
    name: 'nope-stops',
    breaks:
      '"Play again?" ends the match only on n or no (any other answer is asked again); this stops on any answer that starts with n, such as "nope" or "nah"',
    file: 'game.ts',
    edits: [["    if (answer === 'n' || answer === 'no') {", "    if (answer.startsWith('n')) {"]],
  },
  {
    name: 'answer-case-listed',
    breaks:
      'capital letters in the answer to "Play again?" do not matter; this lists the spellings it knows (y, Y, yes, Yes, YES, and the same for no) instead of lowering the case, so "yEs" and "nO" are asked again',
    file: 'game.ts',
    edits: [
      [
        "    const answer = line.trim().toLowerCase();\n    if (answer === 'y' || answer === 'yes') {",
        "    const answer = line.trim();\n    if (['y', 'Y', 'yes', 'Yes', 'YES'].includes(answer)) {",
      ],
      ["    if (answer === 'n' || answer === 'no') {", "    if (['n', 'N', 'no', 'No', 'NO'].includes(answer)) {"],
    ],
  },
  {
    name: 'gives-up-after-5-unclear',
    breaks: 'playMatch asks "Play again?" again after every answer that is not y/yes or n/no; this ends the match after five unclear answers',
    file: 'game.ts',
    edits: [
      [
        'function wantsAnotherGame(io: IO): boolean {\n  while (true) {',
        'function wantsAnotherGame(io: IO): boolean {\n  for (let tries = 0; tries < 5; tries += 1) {',
      ],
      ['    io.print(ANSWER_Y_OR_N);\n  }\n}', '    io.print(ANSWER_Y_OR_N);\n  }\n  return false;\n}'],
    ],
  },
  {
    name: 'ten-rounds-at-most',
    breaks: 'playMatch plays games until the players stop; this ends the match after round 10 without asking "Play again?"',
    file: 'game.ts',
    edits: [
      [
        '    if (!wantsAnotherGame(io)) {\n      break;\n    }\n    round += 1;',
        '    if (round === 10 || !wantsAnotherGame(io)) {\n      break;\n    }\n    round += 1;',
      ],
    ],
  },
  {
    name: 'math-random-beside-rng',
    breaks:
      'playMatch uses options.rng when it is given and Math.random only otherwise; this also draws a Math.random number each game (to pick the first player should rng give something odd), though it never uses it',
    file: 'game.ts',
    edits: [
      [
        'function chooseFirst(rng: () => number): Mark {\n  if (rng() < 0.5) {',
        "function chooseFirst(rng: () => number): Mark {\n  const spare = Math.random() < 0.5 ? 'X' : 'O';\n  const value = rng();\n  if (!(value >= 0 && value < 1)) {\n    return spare;\n  }\n  if (value < 0.5) {",
      ],
    ],
  },
  {
    name: 'one-coin-without-rng',
    breaks: 'without an rng, playMatch calls Math.random once per game; this one draws one number for the whole match and gives it back at every game',
    file: 'game.ts',
    edits: [
      ['  const rng = options.rng ?? Math.random;', '  let coin: number | undefined;\n  const rng = options.rng ?? ((): number => (coin ??= Math.random()));'],
    ],
  },
];
