// The entry of a vitest worker thread that runs one run after another (watch mode: see kept-threads.ts).
// It loads vitest's own vmThreads worker. vitest ends a run by stopping its runtime and removing the
// thread's message listeners; this entry then loads vitest's worker afresh, and says so, so that the
// next run finds the thread ready (and the sandboxes it keeps still booted).
//
// Plain JavaScript, because worker threads load their entry without a TypeScript loader.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';

const vitestRoot = dirname(createRequire(import.meta.url).resolve('vitest/package.json'));
const entry = pathToFileURL(join(vitestRoot, 'dist/workers/vmThreads.js')).href;

let runs = 0;
const removeAll = parentPort.removeAllListeners.bind(parentPort);
parentPort.removeAllListeners = (...args) => {
  removeAll(...args);
  runs += 1;
  import(`${entry}?run=${runs}`).then(() => parentPort.postMessage({ keptThreadReady: true }));
  return parentPort;
};
await import(entry);
