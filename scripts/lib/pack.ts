/**
 * Student editions (`npm run pack`), as one import for the callers that predate scripts/lib/teacher/pack/:
 * the plan, the leak check and the writing live there; the lesson list parser in workbook.ts; the
 * finished code of a lesson in stubs.ts (which owns the solution markers).
 */
export { parseLessonList } from './workbook.ts';
export { finishedSource } from './stubs.ts';
export { PACK_MANIFEST, type PackManifest } from './teacher/pack/manifest.ts';
export { listFiles, readTree } from './teacher/pack/files.ts';
export { importClosure } from './teacher/pack/closure.ts';
export { findLeaks, forbiddenPaths, secretsOf, type Secret } from './teacher/pack/leaks.ts';
export { PackError, planPack, STUDENT_COMMANDS, type PackPlan } from './teacher/pack/plan.ts';
export { writePack, type PackResult } from './teacher/pack/write.ts';
