/**
 * Grades back into a learning platform, as the file its grade import reads (`--format moodle|canvas`).
 * Each student gets one grade: the total as a percentage of the lessons graded (0 to 100, one decimal),
 * so the platform's assignment should be worth 100 points.
 *
 * - Moodle, the assignment's "Upload grading worksheet" (Feedback type "Offline grading worksheet"):
 *   the columns Identifier ("Participant 1234", the number in the names of Moodle's download),
 *   Full name, Email address, Grade, Maximum Grade, Last modified (grade) and Feedback comments.
 * - Canvas, Grades → Import: the columns Student, ID (Canvas's user ID, the number in the names of
 *   Canvas's download), SIS User ID, SIS Login ID, Section, then the assignment's column.
 */
import { toCsv } from '../csv.ts';
import { formatPoints, type Gradebook, type StudentGrade } from './gradebook.ts';
import { roundPoints } from '../../core/results.ts';
import { asIs, asSentence, notGradedWords } from './note-words.ts';
import { SOURCE_LANGUAGE } from '../../core/languages.ts';
import { translator } from '../../i18n/messages.ts';
import { readTranslation } from '../../i18n/lesson-text.ts';

/** The platforms a grade import file can be written for. */
export const LMS_FORMATS = ['moodle', 'canvas'] as const;
export type LmsFormat = (typeof LMS_FORMATS)[number];

/** The file each format is written to, in the --out folder. */
export const LMS_FILES: Record<LmsFormat, string> = { moodle: 'moodle-grading-worksheet.csv', canvas: 'canvas-grades.csv' };

/** A written import file, and the students the platform will not be able to match. */
export interface LmsExport {
  file: string;
  text: string;
  /** Students without what the platform matches by: their grades must be entered by hand. */
  unmatched: string[];
}

/** The grade of a student for a platform: the total as a percentage of the lessons graded. */
export function percentGrade(book: Gradebook, student: StudentGrade): number {
  const max = book.lessons.length * 100;
  return max === 0 ? 0 : roundPoints((student.total / max) * 100);
}

/** A lesson's title and a task's, in the class's language where the lesson's translation gives them. */
function titlesIn(book: Gradebook, lesson: Gradebook['lessons'][number]): { title: string; task: (number: number, english: string) => string } {
  const translation = readTranslation(lesson, book.language ?? SOURCE_LANGUAGE);
  const tasks = Array.isArray(translation?.tasks) ? (translation.tasks as Array<{ title?: unknown }>) : [];
  return {
    title: typeof translation?.title === 'string' ? translation.title : lesson.title,
    task: (number, english) => {
      const title = tasks[number - 1]?.title;
      return typeof title === 'string' ? title : english;
    },
  };
}

/**
 * A one-line summary of a student's lessons for a platform's feedback comment: why nothing was
 * graded, or each lesson's points with the first task not finished or why it was not graded, in the
 * words of the student's feedback (the class's language, which the student reads it in).
 */
function comment(book: Gradebook, student: StudentGrade): string {
  const t = translator(book.language ?? SOURCE_LANGUAGE);
  if (student.notGraded !== undefined) return asSentence(notGradedWords(student.notGraded, asIs, t), t);
  if (student.handedIn === false) return asSentence(notGradedWords({ kind: 'no-hand-in' }, asIs, t), t);
  return book.lessons
    .map((lesson) => {
      const grade = student.lessons[lesson.id];
      const titles = titlesIn(book, lesson);
      const points = t('notes.lms.lesson', { number: lesson.number, title: titles.title, points: formatPoints(grade?.points ?? 0) });
      if (grade?.notGraded !== undefined) return t('notes.lms.notGraded', { lesson: points, reason: notGradedWords(grade.notGraded, asIs, t) });
      const open = grade?.firstOpen;
      if (open === undefined || grade?.status === 'done') return points;
      return t('notes.lms.next', { lesson: points, task: open.number, title: titles.task(open.number, open.title) });
    })
    .join(t('notes.lms.separator'));
}

/** "2025-03-04 14:05:00", which Moodle reads as the time of the grade. */
function moodleTime(iso: string): string {
  return iso.slice(0, 19).replace('T', ' ');
}

/** Moodle's offline grading worksheet. */
function moodleWorksheet(book: Gradebook): LmsExport {
  const header = ['Identifier', 'Full name', 'Email address', 'Grade', 'Maximum Grade', 'Last modified (grade)', 'Feedback comments'];
  const rows = book.students.map((student) => [
    student.ids?.moodleParticipant ? `Participant ${student.ids.moodleParticipant}` : '',
    student.name,
    student.ids?.email ?? '',
    student.handedIn === false ? '' : formatPoints(percentGrade(book, student)),
    '100',
    moodleTime(student.gradedAt ?? book.gradedAt),
    comment(book, student),
  ]);
  const unmatched = book.students.filter((student) => !student.ids?.moodleParticipant).map((student) => student.name);
  return { file: LMS_FILES.moodle, text: toCsv([header, ...rows]), unmatched };
}

/** Canvas's gradebook import, with one assignment column. */
function canvasImport(book: Gradebook, assignment: string): LmsExport {
  const header = ['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section', assignment];
  const rows = book.students.map((student) => [
    student.name,
    student.ids?.canvasId ?? '',
    student.ids?.sisUserId ?? '',
    student.ids?.sisLoginId ?? '',
    student.ids?.section ?? '',
    student.handedIn === false ? '' : formatPoints(percentGrade(book, student)),
  ]);
  const unmatched = book.students
    .filter((student) => !student.ids?.canvasId && !student.ids?.sisUserId && !student.ids?.sisLoginId)
    .map((student) => student.name);
  return { file: LMS_FILES.canvas, text: toCsv([header, ...rows]), unmatched };
}

/** The grade import file of a platform. `assignment` names Canvas's column ("Tic-Tac-Toe (1234)" matches assignment 1234). */
export function renderLmsExport(format: LmsFormat, book: Gradebook, assignment = 'Tic-Tac-Toe workbook'): LmsExport {
  return format === 'moodle' ? moodleWorksheet(book) : canvasImport(book, assignment);
}
