/**
 * The fences around a hand-in's code: how its sandbox process is started, and which fences this
 * machine can put up. Node's permission model works everywhere; on Linux the operating system adds
 * its own (namespaces, resource limits, and another user when grading as root).
 */
import { spawnSync } from 'node:child_process';
import { accessSync, chownSync, constants, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import { OPTIMISE_LATER } from './workers.mjs';

/** What a sandbox may use. */
export const SANDBOX_LIMITS = {
  /** How long one call into the code may run before it is stopped (the grader's --limit changes it). */
  callMs: 3000,
  /** V8's heap for the code's objects. */
  heapMegabytes: 256,
  /** All memory of the process, measured while it runs. */
  residentBytes: 768 * 1024 * 1024,
  /** Address space (Linux, with prlimit): what the process can ever map. */
  addressSpaceBytes: 2 * 1024 * 1024 * 1024,
  /** CPU seconds a sandbox may use in its whole life (Linux, with prlimit): a last fence if every other one failed. */
  cpuSeconds: 300,
  /** The largest file it could write should the permission model fail (it allows no writes at all; Linux, with prlimit). */
  fileBytes: 8 * 1024 * 1024,
  /** Open files at once (Linux, with prlimit). */
  openFiles: 64,
} as const;

/** What starting a sandbox needs. */
export interface SandboxSpec {
  command: string;
  args: string[];
  env: Record<string, string>;
  uid?: number;
  gid?: number;
  memoryLimitBytes: number;
  /** The sandbox's own scratch folder, removed when it ends. */
  scratch: string;
  /** Use named pipes (Linux, macOS) rather than the pump's relay. */
  pipes: boolean;
}

/** How long a sandbox may take to start. */
export const START_LIMIT_MS = 15_000;

/** The fences this machine can put up, found once by `probeFences` and passed to every sandbox. */
export interface Fences {
  /** Node's permission model: no file written, none read but an empty folder of its own, no processes, no threads, no addons. */
  permission: true;
  /** `unshare` works: own network namespace (no network) and process namespace (sees and signals no other process). */
  namespaces: boolean;
  /** `prlimit` works: address space, CPU time, file size and open files are capped by the kernel. */
  rlimits: boolean;
  /** Grading as root: the sandbox runs as this user and group instead (nobody). */
  runAs?: { uid: number; gid: number };
}

const NOBODY = 65534;

function works(command: string, args: string[], runAs?: { uid: number; gid: number }): boolean {
  try {
    const run = spawnSync(command, args, { stdio: 'ignore', timeout: 5000, ...runAs });
    return run.status === 0;
  } catch {
    return false;
  }
}

/** Finds which fences work here (a few milliseconds; call once per grading run). */
export function probeFences(): Fences {
  const linux = process.platform === 'linux';
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root the sandbox runs as nobody (when this root may switch users: not in a container without
  // that capability), which then needs a user namespace like any other user.
  const nobody = { uid: NOBODY, gid: NOBODY };
  const runAs = root && linux && works('true', [], nobody) ? nobody : undefined;
  const namespaces = linux && works('unshare', ['--user', '--map-root-user', '--net', '--pid', '--fork', '--kill-child', 'true'], runAs);
  const rlimits = linux && works('prlimit', ['--cpu=5', '--', 'true'], runAs);
  const fences: Fences = { permission: true, namespaces, rlimits };
  if (runAs) fences.runAs = runAs;
  return fences;
}

/**
 * The program a sandbox runs (`node -e`): the membrane, the fence inside the process, then the
 * sandbox's own loop (read once). Strict throughout, so that a stack trace hands the code none of its functions.
 */
function sandboxScript(): string {
  script ??= [
    "'use strict';",
    ...['../sandbox/membrane.js', '../sandbox/fence.js', '../sandbox/sandbox.js'].map((file) => readFileSync(new URL(file, import.meta.url), 'utf8')),
  ].join('\n');
  return script;
}

let script: string | undefined;

/**
 * What starting one sandbox takes, but its pipes: its own scratch folder (made now, inside `parent`,
 * the grader's folder of the run's sandboxes or else the system's, and the sandbox's user's), the
 * command line, a bare environment, the user it runs as, its memory limit.
 */
export function sandboxSpec(fences: Fences, parent = tmpdir()): Omit<SandboxSpec, 'pipes'> {
  const scratch = mkdtempSync(join(parent, 'workbook-sandbox-'));
  if (fences.runAs) chownSync(scratch, fences.runAs.uid, fences.runAs.gid);
  const { command, args } = sandboxCommand(fences, sandboxScript(), scratch);
  return {
    command,
    args,
    // A PATH of the system's own folders: the teacher's names the workbook (npm puts its node_modules/.bin first).
    env: { PATH: SANDBOX_PATH, LANG: 'C.UTF-8', TZ: 'UTC' },
    uid: fences.runAs?.uid,
    gid: fences.runAs?.gid,
    memoryLimitBytes: SANDBOX_LIMITS.residentBytes,
    scratch,
  };
}

/** The PATH a sandbox sees. The commands around it (unshare, prlimit) are found in the grader's own PATH. */
const SANDBOX_PATH = '/usr/local/bin:/usr/bin:/bin';

/** Where `command` lies in the grader's PATH (the sandbox's PATH may not hold it), or the bare name if nowhere. */
function located(command: string): string {
  let found = locatedCommands.get(command);
  if (found === undefined) {
    const folders = (process.env.PATH ?? '').split(delimiter).filter((folder) => isAbsolute(folder));
    found = folders.map((folder) => join(folder, command)).find((path) => isExecutable(path)) ?? command;
    locatedCommands.set(command, found);
  }
  return found;
}

const locatedCommands = new Map<string, string>();

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** How to start one sandbox: the command and its arguments, around `node -e <script>`. */
export function sandboxCommand(fences: Fences, script: string, scratch: string): { command: string; args: string[] } {
  const node = [
    process.execPath,
    '--experimental-permission',
    // It reads its own empty folder (its working directory) and writes no file anywhere, so it can
    // fill no disk: the code comes as text and the frames go through pipes it was given.
    `--allow-fs-read=${scratch}`,
    `--max-old-space-size=${SANDBOX_LIMITS.heapMegabytes}`,
    '--enable-source-maps',
    '--no-warnings',
    '--disallow-code-generation-from-strings',
    ...OPTIMISE_LATER,
    '-e',
    script,
  ];
  let line = node;
  if (fences.rlimits) {
    line = [
      located('prlimit'),
      `--as=${SANDBOX_LIMITS.addressSpaceBytes}`,
      `--cpu=${SANDBOX_LIMITS.cpuSeconds}`,
      `--fsize=${SANDBOX_LIMITS.fileBytes}`,
      `--nofile=${SANDBOX_LIMITS.openFiles}`,
      '--',
      ...line,
    ];
  }
  if (fences.namespaces) {
    line = [located('unshare'), '--user', '--map-root-user', '--net', '--pid', '--fork', '--kill-child', ...line];
  }
  const [command, ...args] = line as [string, ...string[]];
  return { command, args };
}

/** The fences in plain words, one per line, for the terminal and the gradebook. */
export function describeFences(fences: Fences): string[] {
  const mb = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MB`;
  const lines = [
    "Node's permission model: writes no file, reads none but an empty folder of its own, no processes, no threads, no addons",
    `memory: ${SANDBOX_LIMITS.heapMegabytes} MB for objects, ${mb(SANDBOX_LIMITS.residentBytes)} in all; a deadline on every call`,
  ];
  lines.push(
    fences.namespaces
      ? 'own user, network and process namespaces (unshare): no network, no other process in sight'
      : 'no network or process namespaces here (unshare is missing or not allowed): the permission model is the only fence',
  );
  if (fences.rlimits)
    lines.push(
      `kernel limits (prlimit): ${mb(SANDBOX_LIMITS.addressSpaceBytes)} address space, ${SANDBOX_LIMITS.cpuSeconds} s CPU, ${mb(SANDBOX_LIMITS.fileBytes)} files`,
    );
  if (fences.runAs) lines.push(`runs as user ${fences.runAs.uid} (nobody), not as root`);
  return lines;
}
