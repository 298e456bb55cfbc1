/** Writing a planned student edition: staged beside its folder, leak-checked on disk, then moved into place (and zipped). */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { listLessons, UsageError } from '../../core/workbook.ts';
import { writeZip } from '../intake/zip.ts';
import { readTree } from './files.ts';
import { findLeaks, forbiddenPaths, secretsOf } from './leaks.ts';
import { PACK_MANIFEST } from './manifest.ts';
import { findModels, type ModelCheck } from './models.ts';
import { PackError, type PackPlan } from './plan.ts';

/** What writePack did. */
export interface PackResult {
  out: string;
  fileCount: number;
  zip?: { path: string; bytes: number };
  secretsChecked: number;
  /** What the behavioural leak check did. */
  models: ModelCheck;
}

/**
 * Writes the pack to `out`: first to a scratch folder beside it, then checks what is on disk there
 * (no solution body of an unreleased lesson, no teacher-only test or file, no function that computes
 * a graded function of a lesson not handed out finished), and only then moves it into place. When a
 * check fails nothing is left behind and a PackError lists every leak.
 */
export function writePack(plan: PackPlan, out: string, options: { zip?: boolean } = {}): PackResult {
  if (existsSync(out) && readdirSync(out).length > 0 && !existsSync(join(out, PACK_MANIFEST))) {
    throw new UsageError(`${out} is not empty and is not an earlier pack; choose an empty or new folder for --out.`);
  }
  const staging = `${out}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    for (const [path, content] of plan.files) {
      mkdirSync(dirname(join(staging, path)), { recursive: true });
      writeFileSync(join(staging, path), content);
    }
    const written = readTree(staging);
    const finishedIds = new Set([...plan.solved, ...plan.given.map((entry) => entry.lesson)].map((lesson) => lesson.id));
    const secrets = secretsOf(plan.root, finishedIds);
    const problems = [...forbiddenPaths(written.keys()).map((path) => `${path}: a teacher-only file`), ...findLeaks(written, secrets)];
    const models = problems.length === 0 ? checkBehaviour(plan, written, finishedIds) : undefined;
    if (models !== undefined) problems.push(...models.models);
    if (problems.length > 0) {
      const advice = [
        problems.some((problem) => /^lessons\/[^/]+\/lesson\.json:/.test(problem))
          ? '\nA hint in lesson.json quotes a solution body word for word: reword that hint so it guides without being the answer.'
          : '',
        problems.some((problem) => / computes lesson \d+'s graded function /.test(problem))
          ? '\nA function the pack ships gives the same answers as a graded function: move it to teacher-only tests/hidden/support/, or let the visible suite state its expectations as data.'
          : '',
      ].join('');
      throw new PackError(`The pack is NOT safe to hand out, so nothing was written:\n  ${problems.join('\n  ')}${advice}`);
    }
    rmSync(out, { recursive: true, force: true });
    mkdirSync(dirname(out), { recursive: true });
    renameSync(staging, out);
    const result: PackResult = { out, fileCount: written.size, secretsChecked: secrets.length, models: models as ModelCheck };
    if (options.zip) {
      const zipPath = `${out}.zip`;
      const top = relative(dirname(out), out);
      const archive = writeZip([...written].map(([path, data]) => ({ path: `${top}/${path}`, data })));
      writeFileSync(zipPath, archive);
      result.zip = { path: zipPath, bytes: archive.length };
    }
    return result;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Calls every function the pack ships on the graded functions' samples of each lesson not handed out finished (models.ts). */
function checkBehaviour(plan: PackPlan, written: Map<string, Buffer>, finishedIds: Set<string>): ModelCheck {
  const lessons = listLessons(plan.root);
  const probed = lessons.map((lesson) => lesson.id).filter((id) => !finishedIds.has(id));
  try {
    return findModels(plan.root, written, lessons, probed);
  } catch (error) {
    throw new PackError(`The pack is NOT known to be safe to hand out, so nothing was written: ${error instanceof Error ? error.message : String(error)}`);
  }
}
