/**
 * `npm run grade` over a class of synthetic hand-ins (see synthetic-class.ts): the gradebook is
 * checked cell by cell, feedback never gives a hidden test away, one hang stops nothing else,
 * and --shard parts --merge into the same gradebook.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { withPrerequisites } from '../../scripts/lib/grading.ts';
import { feedbackFolder, forStudent, mergeGradebooks, renderCsv, type Gradebook } from '../../scripts/lib/gradebook.ts';
import { scoreLesson } from '../../scripts/lib/results.ts';
import { changedTests, locateLessons, type Submission } from '../../scripts/lib/submissions.ts';
import { listLessons, ROOT, type Lesson } from '../../scripts/lib/workbook.ts';
import { KINDS, writeClassPack, writeHandIn, type Expected, type Kind } from './synthetic-class.ts';

const all = listLessons();
const packable = all.filter((lesson) => lesson.files.every((file) => existsSync(join(ROOT, 'solutions', lesson.id, file))));
const first = packable[0] as Lesson;
/** Lesson 01 and the first lesson building on it: enough to see prerequisites, hidden tests and a hang. */
const second = packable.find(
  (lesson) => lesson.buildsOn.includes(first.id) && withPrerequisites([lesson], all).every((needed) => packable.includes(needed)),
) as Lesson;
const lessons = withPrerequisites([first, second], all);
const LIMIT_SECONDS = '6';

const scratch = mkdtempSync(join(tmpdir(), 'workbook-grade-test-'));
const pack = join(scratch, 'pack');
const submissions = join(scratch, 'submissions');
const expected = new Map<string, Expected>();
let run: ReturnType<typeof spawnSync>;
let book: Gradebook;
let csv: string[][];

/** Hidden test names, read from the teacher-only suites: they must never reach a student. */
function hiddenTestNames(): string[] {
  const dir = join(ROOT, 'tests', 'hidden');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((file) =>
    [...readFileSync(join(dir, file), 'utf8').matchAll(/\btest\(\s*(['"`])(.+?)\1/g)].map((match) => match[2] as string),
  );
}

/** Parses CSV text: rows of fields, quoted fields may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n') {
      fields.push(field.replace(/\r$/, ''));
      rows.push(fields);
      fields = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || fields.length > 0) rows.push([...fields, field]);
  return rows;
}

function grade(args: string[]): ReturnType<typeof spawnSync> {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/grade.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
}

beforeAll(() => {
  writeClassPack(ROOT, lessons, pack);
  mkdirSync(submissions);
  KINDS.forEach((kind, index) => {
    const name = `${String(index + 1).padStart(2, '0')}-${kind}`;
    expected.set(name, writeHandIn(ROOT, pack, submissions, name, kind, lessons));
  });
  writeFileSync(join(submissions, 'README.txt'), 'a loose file is not a hand-in\n');
  run = grade([submissions, '--out', join(scratch, 'out'), '--limit', LIMIT_SECONDS]);
  book = JSON.parse(readFileSync(join(scratch, 'out', 'gradebook.json'), 'utf8')) as Gradebook;
  csv = parseCsv(readFileSync(join(scratch, 'out', 'gradebook.csv'), 'utf8'));
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const names = KINDS.map((kind, index) => `${String(index + 1).padStart(2, '0')}-${kind}`);
const nameOf = (kind: Kind): string => names[KINDS.indexOf(kind)] as string;
const row = (kind: Kind): string[] => csv.find((cells) => cells[0] === nameOf(kind)) as string[];
const cell = (kind: Kind, lesson: Lesson): string => row(kind)[1 + lessons.indexOf(lesson)] as string;
const notes = (kind: Kind): string => row(kind).at(-1) as string;
const feedback = (kind: Kind): string => readFileSync(join(scratch, 'out', 'feedback', feedbackFolder(nameOf(kind)), 'feedback.md'), 'utf8');

describe('npm run grade on a class of synthetic hand-ins', () => {
  test('finishes, shows a line per student, and names what it wrote', () => {
    expect(run.status, String(run.stderr)).toBe(0);
    for (const name of names) expect(run.stdout).toMatch(new RegExp(`\\] ${name}\\b`));
    expect(run.stdout).toMatch(/Graded 9 hand-ins in [\d.]+ s/);
    expect(run.stdout).toContain('gradebook.csv');
    expect(run.stdout, 'the reference passes the suites').not.toContain('Warning');
  });

  test('the CSV has one row per student and one column per lesson, then total and notes', () => {
    expect(csv[0]).toEqual(['student', ...lessons.map((lesson) => lesson.id), 'total', 'notes']);
    expect(csv.slice(1).map((cells) => cells[0])).toEqual([...names].sort());
  });

  test.each(KINDS.filter((kind) => kind !== 'hanging'))('every cell of the %s hand-in', (kind) => {
    const points = expected.get(nameOf(kind))?.points as Record<string, number>;
    for (const lesson of lessons) expect(cell(kind, lesson), `${kind}, ${lesson.id}`).toBe(String(points[lesson.id]));
    const total = lessons.reduce((sum, lesson) => sum + (points[lesson.id] as number), 0);
    expect(row(kind)[lessons.length + 1], `${kind}, total`).toBe(String(total));
  });

  test('the hanging hand-in: its lesson is stopped and noted, every other lesson graded in full', () => {
    expect(Number(cell('hanging', first))).toBeLessThan(100);
    expect(book.students.find((student) => student.name === nameOf('hanging'))?.lessons[first.id]?.status).toBe('timeout');
    expect(notes('hanging')).toContain(`${first.id}: stopped after ${LIMIT_SECONDS} s`);
    for (const lesson of lessons.slice(1)) expect(cell('hanging', lesson), lesson.id).toBe('100');
    expect(feedback('hanging')).toMatch(/still running after \d+ s/);
  });

  test('the notes: changed tests, a missing file, a hand-in without a workbook; none for a clean hand-in', () => {
    for (const lesson of lessons) expect(notes('tampered')).toContain(`tests/${lesson.id}.test.ts changed (ignored: graded with the teacher's copy)`);
    const last = lessons.at(-1) as Lesson;
    expect(notes('missing')).toBe(`${last.id}: lessons/${last.id}/${last.files[0]} is missing`);
    expect(notes('nothing')).toBe('nothing graded: no lessons/ folder was found in it');
    for (const kind of ['perfect', 'untouched', 'partly', 'zipped', 'clone'] as const) expect(notes(kind), kind).toBe('');
  });

  test('one feedback.md per student, with the points and the report in their words', () => {
    for (const name of names) expect(existsSync(join(scratch, 'out', 'feedback', feedbackFolder(name), 'feedback.md')), name).toBe(true);
    expect(feedback('perfect')).toContain(`**${lessons.length * 100} of ${lessons.length * 100} points**`);
    const partly = feedback('partly');
    expect(partly).toMatch(/renderFramed is not written yet: it still throws "not implemented yet"/);
    expect(partly).toContain('## Your report');
    expect(feedback('tampered')).toContain(`You changed tests/${first.id}.test.ts. Grading always uses your teacher's copy`);
  });

  test('feedback counts hidden tests but never names them', () => {
    const hidden = hiddenTestNames();
    const partly = feedback('partly');
    if (hidden.length > 0) expect(partly).toMatch(/Hidden tests: \d+ of \d+ failed/);
    for (const name of names) {
      const text = feedback(name.slice(3) as Kind);
      for (const secret of hidden) expect(text, `${name} shows the hidden test "${secret}"`).not.toContain(secret);
    }
    const html = readFileSync(join(scratch, 'out', 'gradebook.html'), 'utf8');
    for (const secret of hidden) expect(html).not.toContain(secret);
  });

  test('the HTML gradebook shows every student with coloured, labelled cells', () => {
    const html = readFileSync(join(scratch, 'out', 'gradebook.html'), 'utf8');
    for (const name of names) expect(html).toContain(`>${name}</a>`);
    expect(html).toContain('<td class="done"');
    expect(html).toContain('<td class="timeout"');
    expect(html).toContain('<td class="missing"');
    expect(html).not.toMatch(/<script|https?:\/\//);
  });
});

describe('what a student may see', () => {
  const outcome = (name: string, hidden: boolean, status: 'passed' | 'failed') => ({
    name,
    task: 1,
    hidden,
    status,
    durationMs: 1,
    ...(status === 'failed' ? { failure: { name: 'AssertionError', message: `detail of ${name}` } } : {}),
  });

  test('hidden tests lose their names and failures; a hang inside one loses the test name and the output', () => {
    const run = {
      lessonId: first.id,
      tests: [outcome('visible one', false, 'failed'), outcome('the secret case', true, 'failed')],
      problem: { kind: 'timeout' as const, limitMs: 5000, runningTest: 'another secret case', lastOutput: ['the secret board'] },
      output: 'printed during a secret case',
      durationMs: 5000,
    };
    const safe = forStudent(scoreLesson(first, run), new Set(['visible one']));
    const text = JSON.stringify(safe.run);
    expect(text).not.toMatch(/secret/);
    expect(safe.run.tests.map((test) => test.status)).toEqual(['failed', 'failed']);
    expect(safe.run.tests[0]?.failure?.message, 'a visible failure stays').toBe('detail of visible one');
    expect(safe.tasks[0]?.hiddenFailed).toBe(1);
    expect(safe.run.problem).toEqual({ kind: 'timeout', limitMs: 5000, runningTest: 'a hidden test', lastOutput: [] });
  });

  test('a hang inside a visible test keeps the test name and what the code printed', () => {
    const run = {
      lessonId: first.id,
      tests: [],
      problem: { kind: 'timeout' as const, limitMs: 5000, runningTest: 'visible one', lastOutput: ['X | O'] },
      output: '',
      durationMs: 5000,
    };
    expect(forStudent(scoreLesson(first, run), new Set(['visible one'])).run.problem).toEqual(run.problem);
  });
});

describe('sharding and merging', () => {
  test('--shard 2/3 grades every third hand-in from the second, the same as the whole run', () => {
    // One lesson only, to keep the test quick: the shard's cells must equal that column of the whole run.
    const only = (gradebook: Gradebook): Gradebook => ({
      ...gradebook,
      lessons: gradebook.lessons.filter((lesson) => lesson.id === first.id),
      students: gradebook.students.map((student) => {
        const cell = student.lessons[first.id];
        return { ...student, lessons: cell ? { [first.id]: cell } : {}, total: cell?.points ?? 0 };
      }),
    });
    const out = join(scratch, 'shard2');
    const part = grade([submissions, '--shard', '2/3', '--lessons', first.number, '--out', out, '--limit', LIMIT_SECONDS]);
    expect(part.status, String(part.stderr)).toBe(0);
    expect(part.stdout).toMatch(/Grading 3 hand-ins \(this shard; 6 others/);
    const shard = JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as Gradebook;
    const sorted = [...names].sort();
    expect(shard.shard).toEqual({ index: 2, count: 3 });
    expect(shard.students.map((student) => student.name)).toEqual(sorted.filter((_, index) => index % 3 === 1));
    const whole = only(book);
    for (const student of shard.students) {
      const same = whole.students.find((candidate) => candidate.name === student.name);
      if (student.name !== nameOf('hanging')) expect(student.lessons, student.name).toEqual(same?.lessons);
    }

    // The other two thirds, cut from the whole run, merged with the shard give the whole gradebook back.
    const rest = join(scratch, 'rest');
    mkdirSync(rest);
    const others = { ...whole, shard: { index: 1, count: 3 }, students: whole.students.filter((student) => !shard.students.some((s) => s.name === student.name)) };
    writeFileSync(join(rest, 'gradebook.json'), JSON.stringify(others));
    const merged = join(scratch, 'merged');
    const merging = grade(['--merge', out, rest, '--out', merged]);
    expect(merging.status, String(merging.stderr)).toBe(0);
    const mergedBook = JSON.parse(readFileSync(join(merged, 'gradebook.json'), 'utf8')) as Gradebook;
    const withoutHang = (gradebook: Gradebook): string => renderCsv({ ...gradebook, students: gradebook.students.filter((s) => s.name !== nameOf('hanging')) });
    expect(withoutHang(mergedBook)).toBe(withoutHang(whole));
    expect(mergedBook.students.map((student) => student.name)).toEqual(sorted);
    for (const name of names) expect(existsSync(join(merged, 'feedback', feedbackFolder(name), 'feedback.md')), name).toBe(true);
  });

  test('merging refuses parts that graded different lessons or share a student', () => {
    const part = { ...book, students: book.students.slice(0, 1) };
    expect(() => mergeGradebooks([part, part])).toThrow(/more than one part/);
    expect(() => mergeGradebooks([part, { ...part, lessons: part.lessons.slice(1), students: [] }])).toThrow(/different lessons/);
  });
});

describe('finding the workbook in a hand-in', () => {
  test('a copy, a folder around it, or only the lessons folder', () => {
    const base = join(scratch, 'shapes');
    cpSync(join(pack, 'lessons'), join(base, 'plain', 'lessons'), { recursive: true });
    cpSync(join(pack, 'lessons'), join(base, 'wrapped', 'inner', 'lessons'), { recursive: true });
    cpSync(join(pack, 'lessons'), join(base, 'bare'), { recursive: true });
    mkdirSync(join(base, 'empty', 'node_modules', 'x', 'lessons', '01-board'), { recursive: true });
    expect(locateLessons(join(base, 'plain'))).toEqual({ root: join(base, 'plain'), lessonsDir: join(base, 'plain', 'lessons') });
    expect(locateLessons(join(base, 'wrapped'))?.lessonsDir).toBe(join(base, 'wrapped', 'inner', 'lessons'));
    expect(locateLessons(join(base, 'bare'))).toEqual({ lessonsDir: join(base, 'bare') });
    expect(locateLessons(join(base, 'empty')), 'lessons inside node_modules do not count').toBeUndefined();
  });

  test('a test file is "changed" only when it matches neither the teacher nor the pack that was handed out', () => {
    const root = join(scratch, 'changes');
    cpSync(pack, root, { recursive: true });
    const submission: Submission = { name: 'x', source: root, root, lessonsDir: join(root, 'lessons') };
    expect(changedTests(submission, ROOT, lessons)).toEqual([]);
    writeFileSync(join(root, 'tests', `${first.id}.test.ts`), '// mine\n');
    rmSync(join(root, 'tests', `${second.id}.test.ts`));
    expect(changedTests(submission, ROOT, lessons)).toEqual([
      { path: `tests/${first.id}.test.ts`, change: 'changed' },
      { path: `tests/${second.id}.test.ts`, change: 'deleted' },
    ]);
  });
});
