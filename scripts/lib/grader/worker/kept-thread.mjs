// @ts-check
// The entry of a vitest worker thread that runs one run after another (watch mode: see kept-threads.ts).
// It loads vitest's own vmThreads worker. vitest ends a run by tearing its runtime down and removing
// the thread's message listeners; this entry then runs vitest's worker entry module again (its shared
// modules are not loaded again: they keep what they hold), which listens anew, and says whether that
// worked, so that the next run may use the thread.
//
// Plain JavaScript, because worker threads load their entry without a TypeScript loader.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';

const vitestRoot = dirname(createRequire(import.meta.url).resolve('vitest/package.json'));
const entry = pathToFileURL(join(vitestRoot, 'dist/workers/vmThreads.js')).href;

/** This thread's port to vitest (a worker thread has one). */
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

let runs = 0;
const removeAll = /** @type {(...args: unknown[]) => unknown} */ (port.removeAllListeners.bind(port));
port.removeAllListeners = /** @type {import('node:worker_threads').MessagePort['removeAllListeners']} */ (
  (/** @type {unknown} */ event, /** @type {unknown[]} */ ...rest) => {
    removeAll(event, ...rest);
    if (event === 'message') {
      runs += 1;
      import(`${entry}?run=${runs}`).then(
        () => port.postMessage({ keptThreadReady: true }),
        () => port.postMessage({ keptThreadReady: false }),
      );
    }
    return port;
  }
);
await import(entry);
