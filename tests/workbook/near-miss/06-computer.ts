import type { NearMiss } from './near-miss.ts';

const RANDOM_RECIPE = '  const cells = emptyCells(board);\n  const pick = Math.floor(rng() * cells.length);\n  return cells[pick];';

export const nearMisses: NearMiss[] = [
  {
    name: 'random-until-empty',
    breaks:
      'randomMove makes the list of empty cells and lets one rng() number choose a position in it; this draws Math.floor(rng() * 9) until the cell is empty: fair, but another recipe, and it never ends when rng keeps giving a taken cell',
    file: 'computer.ts',
    edits: [[RANDOM_RECIPE, '  let cell = Math.floor(rng() * 9);\n  while (board[cell] !== EMPTY) {\n    cell = Math.floor(rng() * 9);\n  }\n  return cell;']],
  },
  {
    name: 'random-shuffled',
    breaks:
      'randomMove lets one rng() number choose a position in the list of empty cells; this shuffles the list with rng (one number per cell) and plays the first: fair, but another recipe with more rng calls',
    file: 'computer.ts',
    edits: [
      [
        RANDOM_RECIPE,
        '  const cells = emptyCells(board);\n  for (let index = cells.length - 1; index > 0; index -= 1) {\n    const other = Math.floor(rng() * (index + 1));\n    [cells[index], cells[other]] = [cells[other], cells[index]];\n  }\n  return cells[0];',
      ],
    ],
  },
  {
    name: 'rule1-first-line',
    breaks: "ruleMove's rule 1 keeps the last line in SCAN_ORDER that fits; this wins on the first one that fits",
    file: 'computer.ts',
    edits: [
      [
        '    const cell = lastMatchingCell(board, me, rule.mine, rule.theirs);',
        '    const cell = rule.mine === 2 ? firstWinningCell(board, me) : lastMatchingCell(board, me, rule.mine, rule.theirs);',
      ],
      [
        "/** Tutorial 000's first three rules",
        "/** The last empty cell of the first line with two of my marks and none of theirs, or null. */\nfunction firstWinningCell(board: Board, me: Mark): number | null {\n  for (const line of SCAN_ORDER) {\n    if (countInLine(board, line, me) === 2 && countInLine(board, line, otherPlayer(me)) === 0) {\n      return emptyAmong(board, line).at(-1) ?? null;\n    }\n  }\n  return null;\n}\n\n/** Tutorial 000's first three rules",
      ],
    ],
  },
  {
    name: 'heuristic-blocks-x-only',
    breaks: "heuristicMove blocks the opponent, otherPlayer(me); this always blocks X's lines, so as X it never blocks",
    file: 'computer.ts',
    edits: [['  const block = firstCompletingCell(board, otherPlayer(me));', "  const block = firstCompletingCell(board, 'X');"]],
  },
  {
    name: 'hard-no-fork',
    breaks: "the hard level's rule 3 plays a cell that gives it two threats at once; this leaves rule 3 out (it still never loses)",
    file: 'computer.ts',
    edits: [['    forkCells(board, me), // 3. make a fork\n', '']],
  },
  {
    name: 'hard-uses-rng',
    breaks: 'the hard level never needs rng; this lets rng choose among the cells of the first rule that finds any',
    file: 'computer.ts',
    edits: [
      ['  return hardMove(board, me);', '  return hardMove(board, me, rng);'],
      ['function hardMove(board: Board, me: Mark): number {', 'function hardMove(board: Board, me: Mark, rng: Random): number {'],
      ['  return firstRuleThatFits[0];', '  return firstRuleThatFits[Math.floor(rng() * firstRuleThatFits.length)];'],
    ],
  },
  {
    name: 'ceil-for-the-position',
    breaks:
      'randomMove picks the position Math.floor(rng() * cells.length); this one takes Math.ceil less one, which differs where rng() * cells.length is a whole number',
    file: 'computer.ts',
    edits: [['  const pick = Math.floor(rng() * cells.length);', '  const pick = Math.max(0, Math.ceil(rng() * cells.length) - 1);']],
  },
];
