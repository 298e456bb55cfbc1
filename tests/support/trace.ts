/**
 * The grader's trace of a running suite: a small file on disk, written synchronously, so that when
 * student code hangs and the grader stops it, the grader can still tell which test was running and
 * what the code showed last. Outside the grader (no WORKBOOK_TRACE_DIR) nothing is written.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject } from 'vitest';
import { traceName } from '../../scripts/lib/child-protocol.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The vitest project this suite runs in (vitest.config.ts provides it). */
    workbookProject: string;
    /** The folder of exercise files this project grades. */
    workbookTarget: string;
  }
}

const traceDir = process.env.WORKBOOK_TRACE_DIR;
const testPath = expect.getState().testPath;
const tracePath = traceDir && testPath ? join(traceDir, traceName(inject('workbookProject'), testPath)) : undefined;

/** Appends text to the trace, when the grader asked for one. */
export function trace(text: string): void {
  if (tracePath !== undefined) appendFileSync(tracePath, text);
}
