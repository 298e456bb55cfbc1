/**
 * A class list (--roster) never puts a hand-in on a classmate's row of a platform's grade import. A
 * review graded a Moodle class where two students share a name, and two more chose Moodle names like
 * a classmate's ("FINN FOX" beside Finn Fox): the list matched them by name before their participant
 * numbers, so the worksheet gave two rows one number, one of them the wrong grade.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { readGradebook } from '../../scripts/lib/teacher/gradebook/files.ts';
import { parseCsv } from '../../scripts/lib/teacher/csv.ts';
import { LMS_FILES } from '../../scripts/lib/teacher/gradebook/lms-export.ts';
import { handInNoteWords } from '../../scripts/lib/teacher/gradebook/note-words.ts';
import { listLessons, ROOT, type Lesson } from '../../scripts/lib/core/workbook.ts';
import { writeZip } from '../../scripts/lib/teacher/intake/zip.ts';
import { grade } from './synthetic-class.ts';

const scratch = mkdtempSync(join(tmpdir(), 'workbook-class-list-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A hand-in of lesson 01 in `classDir/folder`: the reference (100 points) or the untouched stub (0). */
function handIn(classDir: string, folder: string, solved: boolean): void {
  const [board] = listLessons() as [Lesson];
  cpSync(join(ROOT, solved ? 'solutions' : 'lessons', board.id), join(classDir, folder, 'lessons', board.id), {
    recursive: true,
    filter: (path) => !path.endsWith('stubs.lock.json'),
  });
}

test('a Moodle class with a shared name and look-alike names: every grade on its own participant row', () => {
  const [board] = listLessons() as [Lesson];
  const classDir = join(scratch, 'moodle');
  handIn(classDir, 'Wei Zhang_1234_assignsubmission_file_', true);
  handIn(classDir, 'Wei Zhang_5555_assignsubmission_file_', false);
  handIn(classDir, 'Finn Fox_1236_assignsubmission_file_', true);
  handIn(classDir, 'FINN FOX_6666_assignsubmission_file_', false);
  handIn(classDir, '1240_7777_assignsubmission_file_', false);
  handIn(classDir, 'Gus Gray_1240_assignsubmission_file_', true);
  mkdirSync(join(scratch, 'lists'), { recursive: true });
  const roster = join(scratch, 'lists', 'worksheet.csv');
  writeFileSync(
    roster,
    [
      'Identifier,Full name,Email address,Status',
      'Participant 1234,Wei Zhang,wei1@school.example,Submitted',
      'Participant 5555,Wei Zhang,wei2@school.example,Submitted',
      'Participant 1236,Finn Fox,finn@school.example,Submitted',
      'Participant 6666,Frank Fox,frank@school.example,Submitted',
      'Participant 7777,Mal Lory,mal@school.example,Submitted',
      'Participant 1240,Gus Gray,gus@school.example,Submitted',
      '',
    ].join('\n'),
  );
  const out = join(scratch, 'out');
  const run = grade([classDir, '--roster', roster, '--format', 'moodle', '--lessons', board.number, '--seed', '1', '--out', out]);
  expect(run.status, String(run.stderr) + String(run.stdout)).toBe(0);

  const book = readGradebook(out);
  const rows = book.students.map((student) => [student.name, student.ids?.moodleParticipant, student.total]);
  expect(rows).toEqual([
    ['Finn Fox', '1236', 100],
    ['Frank Fox', '6666', 0],
    ['Gus Gray', '1240', 100],
    ['Mal Lory', '7777', 0],
    ['Wei Zhang', '1234', 100],
    ['Wei Zhang (2)', '5555', 0],
  ]);
  const [header, ...worksheet] = parseCsv(readFileSync(join(out, LMS_FILES.moodle), 'utf8'));
  expect(header?.slice(0, 4)).toEqual(['Identifier', 'Full name', 'Email address', 'Grade']);
  const grades = Object.fromEntries(worksheet.map((row) => [row[0], row[3]]));
  expect(grades).toEqual({
    'Participant 1234': '100',
    'Participant 5555': '0',
    'Participant 1236': '100',
    'Participant 6666': '0',
    'Participant 7777': '0',
    'Participant 1240': '100',
  });
});

test("two hand-ins that match one student of the list: both graded, with a note, and neither takes the student's number", () => {
  const [board] = listLessons() as [Lesson];
  const classDir = join(scratch, 'shared');
  handIn(classDir, 'Ann Lee', true);
  handIn(classDir, 'ann-lee', false);
  const roster = join(scratch, 'lists', 'plain.csv');
  mkdirSync(join(scratch, 'lists'), { recursive: true });
  writeFileSync(roster, 'name,folder,ID\nAnn Lee,ann-lee,20001\n');
  const out = join(scratch, 'shared-out');
  const run = grade([classDir, '--roster', roster, '--lessons', board.number, '--seed', '1', '--out', out]);
  expect(run.status, String(run.stderr) + String(run.stdout)).toBe(0);
  const book = readGradebook(out);
  expect(book.students.map((student) => [student.name, student.ids?.canvasId, student.total])).toEqual([
    ['Ann Lee', undefined, 100],
    ['Ann Lee (2)', undefined, 0],
  ]);
  for (const student of book.students) expect(student.notes.map(handInNoteWords).join(' ')).toContain('one of 2 hand-ins that match Ann Lee on the class list');
});

test('a student the class list names twice (two sections): one row, graded, never a "no hand-in" twin', () => {
  const [board] = listLessons() as [Lesson];
  const classDir = join(scratch, 'twice');
  handIn(classDir, 'ivanovivan_20003_620003_tictactoe', true);
  const roster = join(scratch, 'lists', 'canvas.csv');
  mkdirSync(join(scratch, 'lists'), { recursive: true });
  writeFileSync(roster, 'Student,ID,SIS User ID,Section\n"Ivanov, Ivan",20003,S3,Class A\n"Ivanov, Ivan",20003,S3,Class B\n');
  const out = join(scratch, 'twice-out');
  const run = grade([classDir, '--roster', roster, '--format', 'canvas', '--lessons', board.number, '--seed', '1', '--out', out]);
  expect(run.status, String(run.stderr) + String(run.stdout)).toBe(0);
  const book = readGradebook(out);
  expect(book.students.map((student) => [student.name, student.ids?.canvasId, student.total, student.handedIn])).toEqual([
    ['Ivanov, Ivan', '20003', 100, true],
  ]);
});

test('loose files in a Moodle folder, a Canvas file handed in again, a LATE hand-in: each graded from the right file, and said so', () => {
  const [board] = listLessons() as [Lesson];
  const file = board.files[0] as string;
  const solved = readFileSync(join(ROOT, 'solutions', board.id, file));
  const stub = readFileSync(join(ROOT, 'lessons', board.id, file));
  const classDir = join(scratch, 'right-file');
  mkdirSync(join(classDir, 'Дмитрий Иванов_1236_assignsubmission_file_'), { recursive: true });
  writeFileSync(join(classDir, 'Дмитрий Иванов_1236_assignsubmission_file_', file), solved);
  writeFileSync(join(classDir, `ivanovivan_20003_620003_${file}`), stub);
  writeFileSync(join(classDir, `ivanovivan_20003_620005_${file.replace('.ts', '-1.ts')}`), solved);
  writeFileSync(join(classDir, 'hillhana_LATE_20002_520002_tictactoe.zip'), writeZip([{ path: `tictactoe/lessons/${board.id}/${file}`, data: solved }]));
  const out = join(scratch, 'right-file-out');
  const run = grade([classDir, '--lessons', board.number, '--seed', '1', '--out', out]);
  expect(run.status, String(run.stderr) + String(run.stdout)).toBe(0);
  const book = readGradebook(out);
  const again = `graded ${file.replace('.ts', '-1.ts')} as lessons/${board.id}/${file} (the file handed in again: the highest copy number); left aside ${file}`;
  expect(book.students.map((student) => [student.name, student.total, student.late, student.notes.map(handInNoteWords)])).toEqual([
    ['hillhana', 100, true, ['Canvas marked it late']],
    ['ivanovivan', 100, undefined, [again]],
    ['Дмитрий Иванов', 100, undefined, []],
  ]);
  // (The student reads it as a sentence, the file names as code.)
  const shown = `Graded \`${file.replace('.ts', '-1.ts')}\` as \`lessons/${board.id}/${file}\` (the file handed in again: the highest copy number); left aside \`${file}\`.`;
  expect(book.students[1]?.feedback).toContain(shown);
  expect(book.students[0]?.feedback).toContain('Canvas marked your hand-in late.');
});
