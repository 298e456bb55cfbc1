// Types of pump.mjs (plain JavaScript, so that a helper thread and the vitest child load it without a TypeScript loader).

/** The channel on which suites' threads ask the main thread's pumps for sandboxes. */
export declare const KEEPER_CHANNEL: string;

/** Runs the pumps of every suites' thread of this process in this thread (Linux); returns the function that stops them and their sandboxes. */
export declare function startKeeper(): () => void;
