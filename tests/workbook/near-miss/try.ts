/**
 * For authors: grades the near misses of some lessons with a few seeds and prints each one's points.
 * Usage: npx tsx tests/workbook/near-miss/try.ts 02 [06 …] [--seeds 1,2,3] [--details]
 * (--details prints what each failed hidden test tells the teacher)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listLessons } from '../../../scripts/lib/core/workbook.ts';
import { gradeNearMisses } from './near-miss.ts';

const args = process.argv.slice(2);
const seedsAt = args.indexOf('--seeds');
const details = args.includes('--details');
const seeds = seedsAt >= 0 ? (args[seedsAt + 1] ?? '').split(',').map(Number) : [1, 2, 3];
const numbers = args.filter((arg, index) => !arg.startsWith('--') && (seedsAt < 0 || index !== seedsAt + 1));
const lessonIds = listLessons()
  .map((lesson) => lesson.id)
  .filter((id) => numbers.includes(id.slice(0, 2)));
const unknown = numbers.filter((number) => !lessonIds.some((id) => id.startsWith(`${number}-`)));
if (lessonIds.length === 0 || unknown.length > 0 || seeds.some((seed) => !Number.isInteger(seed) || seed < 0)) {
  console.error(
    `Name lessons by number (01 to 08) and seeds as whole numbers: try.ts 02 06 --seeds 1,2,3${unknown.length > 0 ? ` (no lesson ${unknown.join(', ')})` : ''}`,
  );
  process.exit(2);
}
const scratch = mkdtempSync(join(tmpdir(), 'near-miss-try-'));
const started = Date.now();
const { results, reference } = await gradeNearMisses(lessonIds, seeds, scratch);
for (const result of results) {
  const mark = result.points < 100 ? 'caught' : 'MISSED';
  console.log(
    `${mark}  ${result.lessonId} ${result.name} seed ${result.seed}: ${result.points} (visible failed ${result.visibleFailed}; hidden failed: ${result.hiddenFailed.map((failure) => failure.name).join(' | ') || 'none'})`,
  );
  if (details) for (const failure of result.hiddenFailed) console.log(`    ${failure.name}\n      ${(failure.detail ?? '').replaceAll('\n', '\n      ')}`);
}
console.log('reference:', JSON.stringify(reference));
console.log(`${((Date.now() - started) / 1000).toFixed(0)} s`);
rmSync(scratch, { recursive: true, force: true });
