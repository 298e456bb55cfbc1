// Types of pump.mjs (plain JavaScript, so that a helper thread and the vitest child load it without a TypeScript loader).

/** The channel on which suites' threads ask the main thread's pumps for sandboxes. */
export declare const KEEPER_CHANNEL: string;

import type { SpareSpec } from '../child-protocol.ts';

/** The pumps of every suites' thread of this process, run in this thread (Linux). */
export interface Keeper {
  /** Starts a sandbox for each spec now, with pipes from the stock folder `stock`, for the first threads that ask. */
  prespawn(specs: SpareSpec[], stock: string | undefined): void;
  /** Ends the pumps and every sandbox they started. */
  stop(): void;
}

/** Runs the pumps of every suites' thread of this process in this thread (Linux). */
export declare function startKeeper(): Keeper;
