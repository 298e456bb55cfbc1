// Types of cpu-time.mjs (plain JavaScript, so that the pump thread can load it without a TypeScript loader).

/** How many times its limit a call may run on the clock when a busy machine kept it waiting for a CPU. */
export declare const BUSY_STRETCH: number;

/** Milliseconds a process and those below it have run on a CPU and waited, ready, for one; undefined where /proc does not tell. */
export declare function schedTimes(pid: number | undefined): { runMs: number; waitMs: number } | undefined;

/** Bytes of memory a process and those below it hold; undefined where /proc does not tell. */
export declare function residentBytes(pid: number | undefined): number | undefined;

/** The innermost process below a process (itself when it has none): the one that runs a sandbox's code; undefined where /proc does not tell. */
export declare function innermostProcess(pid: number | undefined): number | undefined;
