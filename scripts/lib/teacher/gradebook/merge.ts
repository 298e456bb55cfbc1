import { UsageError } from '../../core/workbook.ts';
import type { Gradebook, StudentGrade } from './gradebook.ts';
/** Joins gradebook parts into one: the same lessons in each, every student once, sorted by name. */
export function mergeGradebooks(parts: Gradebook[]): Gradebook {
  const [first] = parts;
  if (first === undefined) throw new UsageError('Give at least one part to merge.');
  const columns = JSON.stringify(first.lessons.map((lesson) => lesson.id));
  const seen = new Set<string>();
  const students: StudentGrade[] = [];
  for (const part of parts) {
    if (JSON.stringify(part.lessons.map((lesson) => lesson.id)) !== columns) {
      throw new UsageError(
        `The parts graded different lessons (${first.lessons.map((l) => l.id).join(', ')} and ${part.lessons.map((l) => l.id).join(', ')}). Grade every shard with the same --lessons.`,
      );
    }
    for (const student of part.students) {
      if (seen.has(student.name)) throw new UsageError(`${student.name} is in more than one part; was a shard graded twice?`);
      seen.add(student.name);
      students.push(student);
    }
  }
  const counts = new Set(parts.map((part) => part.shard?.count));
  const indexes = new Set(parts.map((part) => part.shard?.index));
  const warnings =
    counts.size === 1 && first.shard !== undefined && indexes.size < first.shard.count ? `only ${indexes.size} of ${first.shard.count} shards` : undefined;
  if (warnings !== undefined) process.stderr.write(`Note: merging ${warnings}; the gradebook is missing the others' students.\n`);
  const problems = [...new Set(parts.flatMap((part) => part.referenceProblems ?? []))];
  const seeds = new Set(parts.map((part) => part.seed));
  return {
    kind: 'tictactoe-gradebook',
    version: 1,
    gradedAt: parts
      .map((part) => part.gradedAt)
      .sort()
      .at(-1) as string,
    lessons: first.lessons,
    students: students.sort((a, b) => a.name.localeCompare(b.name)),
    ...(first.fences ? { fences: first.fences } : {}),
    ...(seeds.size === 1 && first.seed !== undefined ? { seed: first.seed } : {}),
    ...(problems.length > 0 ? { referenceProblems: problems } : {}),
  };
}
