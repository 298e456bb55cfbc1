/**
 * Writes positions-table.ts from the trusted models (see positions.ts). Run it after changing
 * computer-rules.ts or search-model.ts: npx tsx tests/hidden/support/make-positions-table.ts
 * (tests/workbook/hidden.test.ts fails while the table and the models disagree).
 */
import { writeFileSync } from 'node:fs';
import { positionsTableFromModels } from './positions.ts';

const HEADER = `/**
 * What lessons 06 and 07 expect on every reachable position where a move is still possible, one line
 * each: the board (. for empty), ruleMove's answer (- for none), heuristicMove's answer, the cells
 * 'medium' may play (after w: to win, b: to block, e: any empty cell), the hard level's rule and its
 * cells, the minimax number for the mover and the cells bestMove may play. Written by
 * make-positions-table.ts from the models; read by positions.ts. Do not edit by hand.
 */
`;

writeFileSync(new URL('./positions-table.ts', import.meta.url), `${HEADER}export const POSITIONS_TABLE = \`\n${positionsTableFromModels()}\n\`;\n`);
