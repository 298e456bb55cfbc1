/**
 * A gradebook on disk gives every student a feedback folder of their own, whatever their names: a
 * review named one hand-in "Ann#Lee" beside an honest "Ann_Lee" (both became feedback/Ann_Lee/, and
 * the stub's feedback overwrote the honest one's), and two with 255-character names (writing the
 * gradebook failed, and the rest of the class got no feedback).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { writeGradebook } from '../../scripts/lib/teacher/gradebook/files.ts';
import { feedbackFolder, feedbackFolders, type Gradebook, type StudentGrade } from '../../scripts/lib/teacher/gradebook/gradebook.ts';

const scratch = mkdtempSync(join(tmpdir(), 'workbook-gradebook-files-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A student with no lessons, whose feedback names them. */
function student(name: string): StudentGrade {
  return { name, lessons: {}, total: 0, notes: [], feedback: `# Feedback for ${name}\n` };
}

/** A gradebook of these students (no lessons: only the files are looked at here). */
function gradebook(names: string[]): Gradebook {
  return { kind: 'tictactoe-gradebook', version: 1, gradedAt: '2026-12-03T12:00:00.000Z', lessons: [], students: names.map(student) };
}

describe('feedback folders', () => {
  test('a name suggests a folder with anything unsafe replaced, never a device name, never too long', () => {
    expect(feedbackFolder('Ann Lee')).toBe('Ann Lee');
    expect(feedbackFolder('Ann#Lee/..')).toBe('Ann_Lee_');
    expect(feedbackFolder('..')).toBe('_');
    expect(feedbackFolder('José Núñez')).toBe('José Núñez');
    expect(feedbackFolder('CON')).toBe('_CON');
    expect(feedbackFolder('nul.txt')).toBe('_nul.txt');
    expect(feedbackFolder('COM¹')).toBe('_COM¹');
    expect(feedbackFolder('con .txt')).toBe('_con .txt');
    expect(feedbackFolder('Ann. ')).toBe('Ann');
    expect(Buffer.byteLength(feedbackFolder('ж'.repeat(300)))).toBeLessThanOrEqual(100);
    expect(feedbackFolder('ж'.repeat(300))).toBe('ж'.repeat(50));
  });

  test('every student gets a folder of their own, even where two names suggest the same one or differ only in case', () => {
    const book = gradebook(['Ann_Lee', 'Ann#Lee', 'ann_lee', 'Ann_Lee (2)', 'Bob']);
    const folders = feedbackFolders(book);
    expect(book.students.map((each) => folders.get(each))).toEqual(['Ann_Lee', 'Ann_Lee (4)', 'ann_lee (3)', 'Ann_Lee (2)', 'Bob']);
    // Letters that only upper case tells apart, as macOS and Windows do: final sigma, sharp s.
    const greek = feedbackFolders(gradebook(['Nikoς', 'Nikoσ', 'Straße', 'STRASSE']));
    expect(new Set([...greek.values()].map((folder) => folder.toUpperCase())).size).toBe(4);
  });

  test("on disk: each student's feedback in their own folder, the page linking to it, long names included", () => {
    const long = 'a'.repeat(254);
    const names = ['Ann_Lee', 'Ann#Lee', `${long}\u0001`, `${long}\u0002`, 'Zoe Last'];
    const out = join(scratch, 'out');
    writeGradebook(gradebook(names), out);
    const folders = readdirSync(join(out, 'feedback')).sort();
    expect(folders).toHaveLength(names.length);
    const shown = new Map(folders.map((folder) => [readFileSync(join(out, 'feedback', folder, 'feedback.md'), 'utf8'), folder]));
    for (const name of names) expect(shown.has(`# Feedback for ${name}\n`), name).toBe(true);
    const page = readFileSync(join(out, 'gradebook.html'), 'utf8');
    for (const folder of folders) expect(page).toContain(`href="feedback/${encodeURIComponent(folder)}/index.html"`);
  });
});
