// @ts-check
// What the two ends of a sandbox's wire agree on: the suites' thread (channel.ts), the pump that starts
// the sandboxes (pump.mjs) and the sandbox itself (sandbox.js). Plain JavaScript, so that the pump
// reads it without a TypeScript loader. sandbox.js cannot import (it runs as one `node -e` script that
// may read no file), so it keeps a copy of PART_BYTES, and tests/workbook/wire.test.ts holds the copy
// to this one.

/** Frames larger than this travel in parts, each acknowledged, so that a write into a pipe never blocks. */
export const PART_BYTES = 60 * 1024;

/**
 * The largest frame a sandbox may send (a bigger one is a broken or hostile sandbox): honest code's
 * largest answer is some 0.5 MB (see MAX_NODES_PER_MESSAGE in client.ts).
 */
export const MAX_FRAME = 8 * 1024 * 1024;

/** The channel on which suites' threads ask the main thread's pumps for sandboxes; each thread hears its answers on this name and its threadId. */
export const KEEPER_CHANNEL = 'tictactoe-workbook-keeper';
