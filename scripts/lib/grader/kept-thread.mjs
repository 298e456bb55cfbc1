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

let runs = 0;
const removeAll = parentPort.removeAllListeners.bind(parentPort);
parentPort.removeAllListeners = (event, ...rest) => {
  removeAll(event, ...rest);
  if (event === 'message') {
    runs += 1;
    import(`${entry}?run=${runs}`).then(
      () => parentPort.postMessage({ keptThreadReady: true }),
      () => parentPort.postMessage({ keptThreadReady: false }),
    );
  }
  return parentPort;
};
await import(entry);
