import { toCsv } from '../csv.ts';
import { formatPoints } from '../../core/results.ts';
import { printable, visible } from '../../core/text.ts';
import { type Gradebook, allNotes } from './gradebook.ts';
/**
 * gradebook.csv: student, one column per lesson (points to one decimal), total, late ("yes" when the
 * platform marked the hand-in late), notes. The seed of the hidden tests' inputs is not repeated on
 * every row: gradebook.json, gradebook.html and the terminal give it. Names are made
 * `printable()`, notes (which quote what a hand-in holds) `visible()`. It starts with a UTF-8 byte
 * order mark, so Excel shows "José Núñez" as it is.
 */
export function renderCsv(book: Gradebook): string {
  const header = ['student', ...book.lessons.map((lesson) => printable(lesson.id)), 'total', 'late', 'notes'];
  const rows = book.students.map((student) => [
    printable(student.name),
    ...book.lessons.map((lesson) => {
      const points = student.lessons[lesson.id]?.points;
      return points === undefined ? '' : formatPoints(points);
    }),
    formatPoints(student.total),
    student.late === true ? 'yes' : '',
    allNotes(book, student).map(visible).join('; '),
  ]);
  return toCsv([header, ...rows]);
}
