import { toCsv } from '../csv.ts';
import { formatPoints } from '../../core/results.ts';
import { type Gradebook, allNotes } from './gradebook.ts';
/**
 * gradebook.csv: student, one column per lesson (points to one decimal), total, the seed of the
 * hidden suites' inputs (npm run grade -- … --seed N replays the run), notes. It starts
 * with a UTF-8 byte order mark, so Excel shows "José Núñez" as it is.
 */
export function renderCsv(book: Gradebook): string {
  const header = ['student', ...book.lessons.map((lesson) => lesson.id), 'total', 'seed', 'notes'];
  const rows = book.students.map((student) => [
    student.name,
    ...book.lessons.map((lesson) => {
      const points = student.lessons[lesson.id]?.points;
      return points === undefined ? '' : formatPoints(points);
    }),
    formatPoints(student.total),
    String(student.seed ?? book.seed ?? ''),
    allNotes(book, student).join('; '),
  ]);
  return toCsv([header, ...rows]);
}
