/** A gradebook on disk: gradebook.json, .csv, .html and a feedback folder per student; and reading one back. */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { feedbackPage, FEEDBACK_PAGE, SITE_ASSETS, siteAsset } from './feedback-page.ts';
import { renderHtml } from './html.ts';
import { Refusal } from '../../command-line/cli.ts';
import { renderCsv } from './csv-table.ts';
import { GRADEBOOK_FILES, type Gradebook, type HandInNote, type LessonGrade, type ReferenceProblem, feedbackFolders } from './gradebook.ts';
import type { ArchiveProblem, LoadCause, NotGraded, UnusableWhy } from './gradebook-types.ts';
import type { RunnerEnd } from '../../core/results.ts';
/**
 * Writes gradebook.json, gradebook.csv, gradebook.html with the site's style sheet beside it, and
 * per student feedback/<student>/feedback.md and the same as a web page, feedback/<student>/index.html.
 * A feedback folder of a student the gradebook no longer has (one graded there before) is removed:
 * nothing left in the folder belongs to another gradebook. (`npm run grade` refuses to write over a
 * gradebook of other students unless told to.)
 */
export function writeGradebook(book: Gradebook, outDir: string): void {
  mkdirSync(outDir, { recursive: true });
  const folders = new Set(feedbackFolders(book).values());
  const feedbackDir = join(outDir, GRADEBOOK_FILES.feedback);
  if (existsSync(feedbackDir)) {
    for (const stale of readdirSync(feedbackDir).filter((name) => !folders.has(name))) rmSync(join(feedbackDir, stale), { recursive: true, force: true });
  }
  writeFileSync(join(outDir, GRADEBOOK_FILES.json), `${JSON.stringify(book, null, 2)}\n`);
  writeFileSync(join(outDir, GRADEBOOK_FILES.csv), renderCsv(book));
  writeFileSync(join(outDir, GRADEBOOK_FILES.html), renderHtml(book));
  for (const asset of SITE_ASSETS) writeFileSync(join(outDir, asset), siteAsset(asset));
  for (const [student, name] of feedbackFolders(book)) {
    const folder = join(outDir, GRADEBOOK_FILES.feedback, name);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'feedback.md'), student.feedback);
    writeFileSync(join(folder, FEEDBACK_PAGE), feedbackPage(student.feedback, student.name, book.language));
  }
}

/** Reads a gradebook part: a gradebook.json, or a folder holding one. */
export function readGradebook(path: string): Gradebook {
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, GRADEBOOK_FILES.json) : path;
  if (!existsSync(file)) throw new Refusal(`${path} holds no ${GRADEBOOK_FILES.json}: give the --out folder of a grading run.`);
  const book = JSON.parse(readFileSync(file, 'utf8')) as Gradebook;
  if (book.kind !== 'tictactoe-gradebook' || book.version !== 1) throw new Refusal(`${file} is not a gradebook written by npm run grade.`);
  for (const student of book.students ?? []) {
    if (Array.isArray(student.notes)) student.notes = student.notes.map(noteAsData);
    if (student.notGraded !== undefined) student.notGraded = reasonAsData(student.notGraded);
    for (const grade of Object.values(student.lessons ?? {})) withNotesAsData(grade);
  }
  if (book.referenceProblems !== undefined) book.referenceProblems = book.referenceProblems.map(problemAsData);
  return book;
}

/**
 * A reference problem of a gradebook written before problems were data (words) kept in its words, and
 * whether they said grading itself broke, as that gradebook was read then.
 */
function problemAsData(problem: ReferenceProblem | string): ReferenceProblem {
  if (typeof problem === 'string') return { kind: 'text', text: problem, graderBroke: /grading itself broke/.test(problem) };
  return problem.kind === 'grading-broke' || problem.kind === 'broke-for-students' ? endAsData(problem) : problem;
}

/**
 * A crash or reference problem of a gradebook written before the test runner's end was data: the end in
 * words (`how`, or a stalled runner's `what`: "was stopped by SIGKILL") kept as an end in words.
 */
function endAsData<Kept extends object>(kept: Kept): Kept {
  const old: Record<string, unknown> = Object.fromEntries(Object.entries(kept));
  const text = typeof old.how === 'string' ? old.how : typeof old.what === 'string' ? old.what : undefined;
  if (old.end !== undefined || text === undefined) return kept;
  delete old.how;
  delete old.what;
  const end: RunnerEnd = { kind: 'text', text };
  return { ...old, end } as Kept;
}

/** A note about a hand-in of a gradebook written before notes were data (words) kept as a note of words. */
function noteAsData(note: HandInNote | string): HandInNote {
  if (typeof note === 'string') return { kind: 'text', text: note };
  if (note.kind === 'not-graded') return { ...note, reason: reasonAsData(note.reason) };
  if (note.kind === 'archive-refused') return { ...note, ...archiveAsData(note) };
  return note;
}

/** A cell of a gradebook written before notes were data keeps its note (`note`, in words) as a note of words. */
function withNotesAsData(grade: LessonGrade & { note?: unknown }): void {
  if (typeof grade.note === 'string' && grade.notes === undefined) grade.notes = [{ kind: 'text', text: grade.note }];
  delete grade.note;
  if (grade.notGraded !== undefined) grade.notGraded = reasonAsData(grade.notGraded);
  grade.notes = grade.notes?.map((note) => {
    if (note.kind === 'not-graded') return { ...note, reason: reasonAsData(note.reason) };
    // Why a file did not load with the hidden tests was one line of the teacher's words.
    const line = (note as { line?: unknown }).line;
    if (note.kind === 'hidden-load' && typeof line === 'string') return { kind: 'text', text: `with the hidden tests: ${line}` };
    if (note.kind === 'hidden-load') return { ...note, reason: reasonAsData(note.reason) };
    if (note.kind === 'crash') return { ...note, crash: endAsData(note.crash) };
    return note;
  });
}

/**
 * Why work was not graded, from a gradebook written before the intake's reasons were data: a hand-in
 * nothing of which could be used kept the teacher's words (`problem`), and an archive's reason was words;
 * why a file did not load was the teacher's words (`cause`), empty with `hidden` when only the hidden tests made it fail.
 */
function reasonAsData<Reason extends NotGraded>(reason: Reason): Reason {
  if (reason.kind === 'does-not-load' || reason.kind === 'blocked') {
    const kept = reason as unknown as { cause: LoadCause | string; hidden?: true };
    if (typeof kept.cause !== 'string') return reason;
    const { hidden, ...rest } = kept;
    return { ...rest, cause: hidden === true ? { kind: 'hidden-tests' } : { kind: 'text', text: kept.cause } } as unknown as Reason;
  }
  if (reason.kind !== 'unusable') return reason;
  const kept = reason as { kind: 'unusable'; why?: UnusableWhy; problem?: string };
  const why: UnusableWhy = kept.why === undefined ? { kind: 'text', text: kept.problem ?? '' } : kept.why;
  return { kind: 'unusable', why: why.kind === 'archives' ? { kind: 'archives', archives: why.archives.map(archiveAsData) } : why } as Reason;
}

/** An archive that could not be unpacked, whose reason a gradebook written before reasons were data kept in words. */
function archiveAsData(problem: ArchiveProblem | { archive?: string; reason: string }): ArchiveProblem {
  return typeof problem.reason === 'string' ? { ...problem, reason: { kind: 'text', text: problem.reason } } : (problem as ArchiveProblem);
}

/** Reads the gradebook an --out folder already holds, if it holds one; a Refusal when what it holds is no gradebook. */
export function existingGradebook(outDir: string): Gradebook | undefined {
  if (!existsSync(join(outDir, GRADEBOOK_FILES.json))) return undefined;
  try {
    return readGradebook(outDir);
  } catch (error) {
    if (!(error instanceof Refusal || error instanceof SyntaxError)) throw error;
    throw new Refusal(
      `${join(outDir, GRADEBOOK_FILES.json)} is not a gradebook written by npm run grade, so it cannot be checked before being written over: choose another --out, or give --replace.`,
    );
  }
}

/** Removes what a grading run wrote into a folder (the gradebook, its feedback and `others`, such as the platforms' files), for --replace. */
export function removeGradebook(outDir: string, others: string[]): void {
  for (const name of [...Object.values(GRADEBOOK_FILES), ...SITE_ASSETS, ...others]) rmSync(join(outDir, name), { recursive: true, force: true });
}
