// Types of pipe-pairs.mjs (plain JavaScript, so that the main thread of the vitest child can load it without a TypeScript loader).

/** Named pipes between the trusted side and one sandbox, open: this side's ends, the sandbox's ends, and the replies pipe once more, never blocking. */
export interface OpenPipes {
  mainIn: number;
  mainOut: number;
  childIn: number;
  childOut: number;
  wake: number;
}

/** Takes one ready pair from the stock (WORKBOOK_PIPE_STOCK by default): its pipes' paths, in a folder now this thread's alone; undefined when the stock is empty. */
export declare function claimPipePair(stock?: string): { folder: string; requests: string; replies: string } | undefined;

/** Opens both ends of a pair of named pipes. */
export declare function openPair(pair: { requests: string; replies: string }): OpenPipes;

/** A pair from the stock, opened, its names gone; undefined when the stock is empty. */
export declare function takeStockPair(stock?: string): OpenPipes | undefined;
