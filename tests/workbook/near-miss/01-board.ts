import type { NearMiss } from './near-miss.ts';

export const nearMisses: NearMiss[] = [
  {
    name: 'drawing-cached-per-board',
    breaks:
      'renderBoard draws the board as it is now; this remembers its first drawing per board object, so a board changed in place (as a game changes it) is drawn as it was',
    file: 'board.ts',
    edits: [
      [
        "  const rows = [0, 1, 2].map((row) => ` ${rowLabels(board, row).join(' | ')} `);\n  return rows.join(`\\n${NUMBERED_SEPARATOR}\\n`);",
        "  const known = drawings.get(board);\n  if (known !== undefined) return known;\n  const rows = [0, 1, 2].map((row) => ` ${rowLabels(board, row).join(' | ')} `);\n  const drawing = rows.join(`\\n${NUMBERED_SEPARATOR}\\n`);\n  drawings.set(board, drawing);\n  return drawing;",
      ],
      ['/** Task 2: the board', 'const drawings = new WeakMap<Board, string>();\n\n/** Task 2: the board'],
    ],
  },
  {
    name: 'grid-cached-until-count-changes',
    breaks:
      'renderGrid draws the grid as it is now; this keeps its last drawing of a grid object while the number of marks stays the same, so a mark moved in place is drawn where it was',
    file: 'board.ts',
    edits: [
      [
        "  const rows = grid.map((row, index) => `${index + 1} ${row.join(' | ')}`);\n  return `${GRID_HEADER}\\n${rows.join(`\\n${GRID_SEPARATOR}\\n`)}`;",
        "  const marks = grid.flat().filter((cell) => cell !== '.').length;\n  const known = gridDrawings.get(grid);\n  if (known !== undefined && known.marks === marks) return known.drawing;\n  const rows = grid.map((row, index) => `${index + 1} ${row.join(' | ')}`);\n  const drawing = `${GRID_HEADER}\\n${rows.join(`\\n${GRID_SEPARATOR}\\n`)}`;\n  gridDrawings.set(grid, { marks, drawing });\n  return drawing;",
      ],
      ['/** Task 5: the grid', 'const gridDrawings = new WeakMap<Grid, { marks: number; drawing: string }>();\n\n/** Task 5: the grid'],
    ],
  },
  {
    name: 'two-rows-shared',
    breaks: "createGrid gives every row its own array; this puts one array in the grid twice (rows 2 and 3), so writing grid[2][2] = 'O' changes row 2 too",
    file: 'board.ts',
    edits: [
      [
        "  return Array.from({ length: 3 }, (): GridCell[] => ['.', '.', '.']);",
        "  const lower: GridCell[] = ['.', '.', '.'];\n  return [['.', '.', '.'], lower, lower];",
      ],
    ],
  },
  {
    name: 'framed-clears-full-board',
    breaks:
      'drawing must never change the board; this renderFramed draws a full board right, then empties it for the next game, so the game that asked about it loses its marks',
    file: 'board.ts',
    edits: [
      [
        '  return `${FRAME_LINE}\\n${framedRows}\\n${FRAME_LINE}`;',
        '  if (!board.includes(EMPTY)) board.fill(EMPTY);\n  return `${FRAME_LINE}\\n${framedRows}\\n${FRAME_LINE}`;',
      ],
    ],
  },
];
