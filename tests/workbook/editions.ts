/** Student editions of every lesson in each language: planned once per test file, not written. */
import type { Language } from '../../scripts/lib/core/languages.ts';
import { listLessons, ROOT } from '../../scripts/lib/core/workbook.ts';
import { planPack, type PackPlan } from '../../scripts/lib/teacher/pack/plan.ts';

const plans = new Map<string, PackPlan>();

/**
 * The plan of the edition of every lesson in `language`, each lesson assigned (a stub to write) or
 * released as solved (finished code). The leak checks, which need it written, have tests of their own.
 */
export function wholeEdition(language: Language, lessons: 'assigned' | 'solved' = 'assigned'): PackPlan {
  const key = `${language} ${lessons}`;
  const kept = plans.get(key);
  if (kept !== undefined) return kept;
  const all = listLessons();
  const plan = lessons === 'assigned' ? planPack(ROOT, all, [], all, language) : planPack(ROOT, [], all, all, language);
  plans.set(key, plan);
  return plan;
}
