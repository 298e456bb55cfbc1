/** What a student edition records about itself in .workbook/pack.json (read back by `npm run grade`). */
import { STATE_DIR } from '../../core/progress.ts';

/** Where a pack records what it holds (read back by `npm run grade`). */
export const PACK_MANIFEST = `${STATE_DIR}/pack.json`;

/** The manifest a pack carries. */
export interface PackManifest {
  version: 1;
  workbook: string;
  createdAt: string;
  /** Lessons handed out as stubs. */
  assigned: string[];
  /** Lessons handed out finished because --solved named them. */
  solved: string[];
  /** Lessons handed out finished because an assigned lesson builds on them. */
  given: string[];
  /** sha256 of every test file in the pack, so grading can tell which ones a student changed. */
  tests: Record<string, string>;
}
