// @ts-check
// Pairs of named pipes between the trusted side and one sandbox: taken from the grader's stock
// (pipe-stock.ts) and opened. Plain JavaScript, so that the main thread of the vitest child (see
// pump.mjs) can take pairs too, without a TypeScript loader; channel.ts uses it in the test workers.
import { constants, lstatSync, openSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

/**
 * Named pipes between the trusted side and one sandbox, open: this side's ends, the sandbox's ends,
 * and the replies pipe once more, never blocking.
 * @typedef {{ mainIn: number, mainOut: number, childIn: number, childOut: number, wake: number }} OpenPipes
 */

/**
 * Takes one ready pair from the stock folder `stock` (none when undefined): the paths of
 * its two pipes, in a folder now this thread's alone (remove it once they are open), or undefined
 * when the stock is empty.
 * @param {string | undefined} stock
 * @returns {{ folder: string; requests: string; replies: string } | undefined}
 */
export function claimPipePair(stock) {
  if (stock === undefined) return undefined;
  let names;
  try {
    names = readdirSync(stock);
  } catch {
    return undefined;
  }
  for (const name of names) {
    const folder = join(stock, '..', `taken-${process.pid}-${threadId}-${name}`);
    try {
      renameSync(join(stock, name), folder);
    } catch {
      continue; // another worker took it first
    }
    const requests = join(folder, 'requests');
    const replies = join(folder, 'replies');
    if (isPipe(requests) && isPipe(replies)) return { folder, requests, replies };
    rmSync(folder, { recursive: true, force: true });
  }
  return undefined;
}

/** @param {string} path */
function isPipe(path) {
  try {
    return lstatSync(path).isFIFO();
  } catch {
    return false;
  }
}

/**
 * Opens both ends of a pair of named pipes (this side keeps both ends of each, so opening never
 * blocks): the sandbox gets only the ends it needs (childIn: it reads requests; childOut: it writes
 * replies); wake is the replies pipe once more, never blocking, for the pump's wake-up.
 * @param {{ requests: string; replies: string }} pair
 * @returns {OpenPipes}
 */
export function openPair({ requests, replies }) {
  return {
    mainIn: openSync(requests, constants.O_RDWR),
    mainOut: openSync(replies, constants.O_RDWR),
    childIn: openSync(requests, constants.O_RDONLY),
    childOut: openSync(replies, constants.O_WRONLY),
    wake: openSync(replies, constants.O_WRONLY | constants.O_NONBLOCK),
  };
}

/**
 * A pair from the stock, opened, its names gone (so nothing else can ever open them); undefined when
 * the stock is empty.
 * @param {string | undefined} stock
 * @returns {OpenPipes | undefined}
 */
export function takeStockPair(stock) {
  const claimed = claimPipePair(stock);
  if (claimed === undefined) return undefined;
  try {
    return openPair(claimed);
  } finally {
    rmSync(claimed.folder, { recursive: true, force: true });
  }
}
