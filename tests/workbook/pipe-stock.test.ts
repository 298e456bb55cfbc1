// The grader's stock of named pipes (scripts/lib/grader/command/pipe-stock.ts).
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { claimPipePair } from '../../scripts/lib/grader/pump/pipe-pairs.mjs';
import { startPipeStock } from '../../scripts/lib/grader/command/pipe-stock.ts';

const waitMs = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

test.runIf(process.platform !== 'win32')('pairs are made in the background and taken one by one', async () => {
  const parent = mkdtempSync(join(tmpdir(), 'workbook-pipes-test-'));
  const stock = startPipeStock(parent);
  try {
    for (let tries = 0; tries < 50 && readdirSync(stock.folder).length === 0; tries += 1) await waitMs(50);
    const pair = claimPipePair(stock.folder);
    expect(pair && existsSync(pair.requests) && existsSync(pair.replies)).toBe(true);
  } finally {
    stock.stop();
    rmSync(parent, { recursive: true, force: true });
  }
});

test.runIf(process.platform !== 'win32')('a stock stopped while mkfifo is still at work ends quietly (a short run)', async () => {
  // Stopped once mkfifo has made the pipes but before its end is heard (this code does not wait in
  // between): the end then comes for a folder that is gone, and must throw nothing.
  const parent = mkdtempSync(join(tmpdir(), 'workbook-pipes-test-'));
  const stock = startPipeStock(parent);
  const [own] = readdirSync(parent);
  const lastPipe = join(parent, own ?? '', `making-${8}`, 'replies');
  const until = Date.now() + 5000;
  while (!existsSync(lastPipe) && Date.now() < until) {
    // mkfifo is at work
  }
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  stock.stop();
  await waitMs(500);
  expect(readdirSync(parent)).toEqual([]);
  rmSync(parent, { recursive: true, force: true });
});
