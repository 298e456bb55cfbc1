// @ts-check
// `node --import ./scripts/lib/grader/command/prelaunch.mjs scripts/lib/core/run-bundled.mjs scripts/check.ts`
// (npm run check): starts the grader's vitest child first thing, before the command itself is loaded,
// so that the two start side by side; the grader takes the child when it needs one (suite-spawn.mjs).
// A command that needs none (--help, a wrong option) ends at once, and the child with it.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopUnlessInstalled } from '../../core/installed.mjs';
import { prelaunchSuiteChild } from './suite-spawn.mjs';

const root = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
// Before npm install, the student reads one sentence instead of a stack trace (and no child is started).
stopUnlessInstalled(root, process.argv[2], process.argv.slice(3));
prelaunchSuiteChild(root);
