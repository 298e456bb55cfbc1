// Types of suite-spawn.mjs (plain JavaScript, so that prelaunch.mjs can load it without a TypeScript loader).
import type { ChildProcess } from 'node:child_process';

/** The fewest workers the grader runs (with one, vitest would run every test file in one module graph). */
export declare const MIN_WORKERS: number;

/** How many workers run test files side by side (VITEST_MAX_WORKERS, else one per CPU; at least MIN_WORKERS). */
export declare function suiteWorkers(): number;

/** V8's flags for the grader's processes: functions are optimised later (they live for seconds). */
export declare const OPTIMISE_LATER: string[];

/** Starts the vitest child for the workbook at `root`, in a process group of its own. */
export declare function spawnSuiteChild(root: string, watch: boolean): ChildProcess;

/** Starts a child now, for the grader of this process to take later. */
export declare function prelaunchSuiteChild(root: string): void;

/** The child started ahead for this workbook, if it is still running (once only). */
export declare function takePrelaunchedChild(root: string, watch: boolean): ChildProcess | undefined;
