/** The table `npm run grade` ends with: what was found in each hand-in, lesson by lesson, and its points. */
import type { Paint } from '../../command-line/cli.ts';
import type { IntakeRow } from '../class-grading.ts';
import { formatPoints, type Gradebook } from '../gradebook/gradebook.ts';
import { nothingGradedWords } from '../gradebook/note-words.ts';
import { PLATFORM_NAMES } from './platforms.ts';
import { displayWidth, padEndColumns, padStartColumns, plural, printable } from '../../core/text.ts';

/** The mark of a lesson's files in the table. */
const MARKS: Record<IntakeRow['lessons'][string], string> = { found: '✓', accepted: '≈', near: '~', missing: '✗' };

/** The table as lines of text. Every name a hand-in controls is made `printable()`; columns are counted as a terminal shows them (王芳 takes four). */
export function renderIntakeTable(rows: IntakeRow[], book: Gradebook, paint: Paint): string[] {
  const max = book.lessons.length * 100;
  const cells = rows.map((row) => {
    const student = book.students.find((candidate) => candidate.name === row.name);
    return {
      row,
      name: `${printable(row.name)}${student?.late === true ? ' (late)' : ''}`,
      layout: layoutName(row),
      points: `${formatPoints(student?.total ?? 0)}/${max}`,
    };
  });
  const nameWidth = Math.max(7, ...cells.map((cell) => displayWidth(cell.name)));
  const layoutWidth = Math.max(6, ...cells.map((cell) => displayWidth(cell.layout)));
  const pointsWidth = Math.max(6, ...cells.map((cell) => cell.points.length));
  const numbers = book.lessons.map((lesson) => printable(lesson.number));
  const colour = { found: 'green', accepted: 'yellow', near: 'yellow', missing: 'red' } as const;
  const header = `  ${padEndColumns('student', nameWidth)}  ${padEndColumns('layout', layoutWidth)}  ${numbers.join(' ')}  ${'points'.padStart(pointsWidth)}  handed in`;
  const lines = [
    paint('bold', 'What was found in each hand-in') + ` (✓ in place · ≈ near miss, graded · ~ near miss, not graded · ✗ missing):`,
    paint('gray', header),
  ];
  for (const { row, name, layout, points } of cells) {
    const marks = book.lessons.map((lesson, index) => {
      const state = row.lessons[lesson.id] ?? 'missing';
      return paint(colour[state], padEndColumns(MARKS[state], displayWidth(numbers[index] ?? '')));
    });
    // What was found names the hand-in's own folders and files, which may hold control characters.
    const what =
      row.problem === undefined ? printable(row.found) : `${printable(row.found)} ${paint('red', `(${printable(nothingGradedWords(row.problem))})`)}`;
    lines.push(
      `  ${padEndColumns(name, nameWidth)}  ${padEndColumns(layout, layoutWidth)}  ${marks.join(' ')}  ${padStartColumns(points, pointsWidth)}  ${what}`,
    );
  }
  const near = rows.filter((row) => Object.values(row.lessons).includes('near')).length;
  if (near > 0) {
    lines.push(
      `${plural(near, 'hand-in')} ${near === 1 ? 'has' : 'have'} near misses (~): files in the wrong case, with an extra ending or in another folder. ` +
        'They are named in the notes and not graded; grade again with --accept-near-misses to grade them.',
    );
  }
  return lines;
}

/** The layout a hand-in came in: a platform's name, "zip" or "folder", or "–" for a student who handed nothing in. */
function layoutName(row: IntakeRow): string {
  if (row.platform === undefined) return '–';
  if (row.platform === 'folder' && row.archive === true) return 'zip';
  return PLATFORM_NAMES[row.platform];
}
