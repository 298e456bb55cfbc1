/**
 * Named pipes made ahead by the grader's main process. A test worker needs two named pipes per sandbox;
 * making them takes a `mkfifo` process, and starting one from a test worker copies a large process:
 * about a tenth of a second, on every run of watch mode and for every student in class grading. The
 * grader keeps a small stock instead, made in the background (never while a worker waits), in a
 * folder only it can open; a worker takes a pair by renaming its folder (claimPipePair, pipe-pairs.mjs), opens
 * both pipes and removes the names, as channel.ts does with pipes it makes itself.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Pairs kept ready. */
const STOCK_PAIRS = 8;
/** How often the stock is looked at, in milliseconds. */
const REFILL_EVERY = 200;

/** The folder of ready pairs that workers take from (given to them in the grading plan, contracts/plan.ts). */
export interface PipeStock {
  folder: string;
  stop(): void;
}

/** Starts keeping a stock of pipe pairs in a new private folder inside `parent`; stop() ends it and removes the folder. */
export function startPipeStock(parent: string): PipeStock {
  const folder = mkdtempSync(join(parent, 'pipes-'));
  chmodSync(folder, 0o700);
  const ready = join(folder, 'ready');
  mkdirSync(ready);
  let making = false;
  let stopped = false;
  let made = 0;
  const refill = (): void => {
    if (making || stopped) return;
    const missing = STOCK_PAIRS - readdirSync(ready).length;
    if (missing <= 0) return;
    making = true;
    // Each pair is made in a folder of its own outside `ready`, and moved in only when both pipes exist.
    const pairs = Array.from({ length: missing }, () => join(folder, `making-${(made += 1)}`));
    for (const pair of pairs) mkdirSync(pair);
    const mkfifo = spawn('mkfifo', ['-m', '600', ...pairs.flatMap((pair) => [join(pair, 'requests'), join(pair, 'replies')])], { stdio: 'ignore' });
    const settle = (ok: boolean): void => {
      making = false;
      // A run may end while mkfifo is still at work: its folder is gone then, and so are these pairs.
      if (stopped) return;
      for (const pair of pairs) {
        if (ok) renameSync(pair, join(ready, `pair-${pair.split('-').at(-1)}`));
        else rmSync(pair, { recursive: true, force: true });
      }
    };
    mkfifo.on('error', () => settle(false));
    mkfifo.on('close', (code) => settle(code === 0));
  };
  refill();
  const timer = setInterval(refill, REFILL_EVERY);
  timer.unref();
  return {
    folder: ready,
    stop: () => {
      stopped = true;
      clearInterval(timer);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
