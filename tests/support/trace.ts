/**
 * What the graded code showed last, kept so that when one of its calls is stopped (it ran too long)
 * the failure can show the last lines, for example the last board of a game that never ended.
 */
import { currentSession } from '../../scripts/lib/grader/worker/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of exercise files this project grades. */
    workbookTarget: string;
    /** Whether the graded code runs in a sandbox (always, but for the benchmark's baseline). */
    workbookSealed: boolean;
  }
}

/** Notes text the graded code showed (through the pretend player). */
export function trace(text: string): void {
  currentSession().noteOutput(text);
}
