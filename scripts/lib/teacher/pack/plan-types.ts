/** The plan of a student edition, apart from the planning, so that the parts that write it import only its type. */
import type { Lesson } from '../../core/workbook.ts';
import type { Language } from '../../core/languages.ts';

/** Everything a student edition will hold, worked out before anything is written. */
export interface PackPlan {
  root: string;
  /** The language of its lesson texts, README and commands. */
  language: Language;
  assigned: Lesson[];
  solved: Lesson[];
  /** Finished lessons that are in the pack only because assigned (or solved) ones build on them. */
  given: Array<{ lesson: Lesson; neededBy: string[] }>;
  /** Every lesson in the pack, in workbook order. */
  included: Lesson[];
  /** npm scripts kept, and the ones left out with the reason. */
  commands: string[];
  dropped: Array<{ command: string; reason: string }>;
  /** Path relative to the pack → content. */
  files: Map<string, Buffer>;
  warnings: string[];
}
