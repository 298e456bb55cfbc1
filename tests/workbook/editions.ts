/** Student editions of every lesson, assigned, in each language: planned once per test file, not written. */
import type { Language } from '../../scripts/lib/core/languages.ts';
import { listLessons, ROOT } from '../../scripts/lib/core/workbook.ts';
import { planPack, type PackPlan } from '../../scripts/lib/teacher/pack/plan.ts';

const plans = new Map<Language, PackPlan>();

/** The plan of the edition of every lesson in `language` (the leak checks, which need it written, have tests of their own). */
export function wholeEdition(language: Language): PackPlan {
  const kept = plans.get(language);
  if (kept !== undefined) return kept;
  const all = listLessons();
  const plan = planPack(ROOT, all, [], all, language);
  plans.set(language, plan);
  return plan;
}
