// @ts-check
// Starting the grader's vitest child (suite-child.mjs). Plain JavaScript, so that prelaunch.mjs can
// start the child before the command is even loaded; suite-process.ts uses it too.
//
// The child starts vitest before it knows what it will run: the grader sends it the path of the run's
// plan (contracts/plan.ts: the folders, the settings and the test files) in one 'start' message
// (child-protocol.ts) once it has written it. Watch mode, which vitest needs as it starts, is an argument.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { OPTIMISE_LATER, suiteWorkers } from '../contracts/workers.mjs';
import { WATCH_ARGUMENT } from '../contracts/grader-vitest.mjs';

/**
 * Starts the child for the workbook at `root`, in a process group of its own (stopping the group stops
 * every sandbox too). `watch`: it keeps vitest running and tests again when told.
 * @param {string} root
 * @param {boolean} watch
 * @returns {import('node:child_process').ChildProcess}
 */
export function spawnSuiteChild(root, watch) {
  const child = join(root, 'scripts/lib/grader/child/suite-child.mjs');
  return spawn(process.execPath, [...OPTIMISE_LATER, child, ...(watch ? [WATCH_ARGUMENT] : [])], {
    cwd: root,
    env: {
      ...withoutCertificates(process.env),
      VITEST_MAX_WORKERS: String(suiteWorkers()),
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    detached: true,
  });
}

/**
 * The environment without NODE_EXTRA_CA_CERTS: the child opens no network connection (the suites call
 * no server, and the sandboxes get an environment of their own, see client.ts), and Node reads and
 * parses every certificate that variable names before the process runs a line, on the check's path.
 * @param {NodeJS.ProcessEnv} env
 */
function withoutCertificates(env) {
  const { NODE_EXTRA_CA_CERTS: _unused, ...rest } = env;
  return rest;
}

/**
 * What keeps this process running while a child runs: the child, its channel and its pipes (sockets).
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Array<{ ref(): unknown; unref(): unknown } | null | undefined>}
 */
function handlesOf(child) {
  const pipe = (/** @type {import('node:stream').Readable | null} */ stream) => /** @type {import('node:net').Socket | null} */ (stream);
  return [child, child.channel, pipe(child.stdout), pipe(child.stderr)];
}

const PRELAUNCHED = Symbol.for('tictactoe-workbook.prelaunched-suite-child');

/**
 * Starts a child now, for the grader of this process to take later (prelaunch.mjs): vitest's start
 * then overlaps with loading the command itself. Until it is taken, nothing waits for
 * it: if this process ends first, the child sees its channel close and ends too.
 * @param {string} root
 */
export function prelaunchSuiteChild(root) {
  const child = spawnSuiteChild(root, false);
  for (const handle of handlesOf(child)) handle?.unref?.();
  /** @type {Record<symbol, unknown>} */ (globalThis)[PRELAUNCHED] = { root, workers: suiteWorkers(), child };
}

/**
 * The child started ahead for this workbook, if there is one and it is still running (once only);
 * otherwise undefined (one that ended is left as it is; one that does not fit is stopped).
 * @param {string} root
 * @param {boolean} watch
 * @returns {import('node:child_process').ChildProcess | undefined}
 */
export function takePrelaunchedChild(root, watch) {
  const host = /** @type {Record<symbol, { root: string; workers: number; child: import('node:child_process').ChildProcess } | undefined>} */ (globalThis);
  const ready = host[PRELAUNCHED];
  host[PRELAUNCHED] = undefined;
  if (ready === undefined) return undefined;
  const { child } = ready;
  const running = child.exitCode === null && child.signalCode === null && child.connected;
  // (It must be for this workbook, run once, with as many workers as asked for now: grade's --workers may differ.)
  if (!running || ready.root !== root || watch || ready.workers !== suiteWorkers()) {
    if (running) child.kill('SIGKILL');
    return undefined;
  }
  for (const handle of handlesOf(child)) handle?.ref?.();
  return child;
}
