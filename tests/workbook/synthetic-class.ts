/**
 * A class of synthetic hand-ins for testing `npm run grade`: copies of a student edition in which
 * students did everything, nothing, part of the work, wrote an endless loop or a syntax error,
 * changed the tests, lost a file or put it a little off, handed in as learning platforms lay class
 * downloads out (Moodle, Canvas, Google Classroom, GitHub Classroom) or as a folder, zip or clone.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { finishedSource } from '../../scripts/lib/core/stubs.ts';
import { readTree } from '../../scripts/lib/teacher/pack/files.ts';
import { planPack } from '../../scripts/lib/teacher/pack/plan.ts';
import { writePack } from '../../scripts/lib/teacher/pack/write.ts';
import { deriveStub } from '../../scripts/lib/core/stubs.ts';
import { listLessons, ROOT, type Lesson } from '../../scripts/lib/core/workbook.ts';
import { writeZip } from '../../scripts/lib/teacher/intake/zip.ts';

/** The kinds of hand-in the class has. */
export const KINDS = ['perfect', 'untouched', 'partly', 'hanging', 'tampered', 'missing', 'zipped', 'clone', 'nothing'] as const;
export type Kind = (typeof KINDS)[number];

/** The reference with only the named solution blocks (and the reference-only helpers) kept; the others become stubs. */
export function partialSource(solution: string, keep: string[]): string {
  const lines = solution.split('\n');
  const out: string[] = [];
  let keeping = false;
  let inStub = false;
  for (const line of lines) {
    const begin = /^\s*\/\/ BEGIN SOLUTION(?: (.*))?$/.exec(line);
    if (begin) {
      const name = (begin[1] ?? '').trim();
      keeping = name === 'ONLY' || keep.includes(name);
      if (!keeping) out.push(line);
      continue;
    }
    if (keeping && /^\s*\/\/ STUB\s*$/.test(line)) {
      inStub = true;
      continue;
    }
    if (/^\s*\/\/ END SOLUTION\s*$/.test(line)) {
      if (!keeping) out.push(line);
      keeping = false;
      inStub = false;
      continue;
    }
    if (!inStub) out.push(line);
  }
  return deriveStub(out.join('\n'));
}

/** The reference with the body of one solution block replaced by an endless loop. */
export function hangingSource(solution: string, block: string): string {
  const finished = finishedSource(
    solution.replace(new RegExp(`(// BEGIN SOLUTION ${block}\\n)[\\s\\S]*?(\\n\\s*// END SOLUTION)`), '$1    while (true) {\n      // never ends\n    }$2'),
  );
  return finished;
}

/** Runs `npm run grade -- ARGS` in this workbook, without colours, and waits for it. */
export function grade(args: string[]): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/grade.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
}

/** A student edition of the given lessons (no lesson released as solved), written to `dir`. */
export function writeClassPack(root: string, lessons: Lesson[], dir: string): void {
  writePack(planPack(root, lessons, [], listLessons(root)), dir);
}

/** What one synthetic hand-in should score, lesson by lesson (undefined: not a fixed number). */
export interface Expected {
  kind: Kind;
  points: Record<string, number | undefined>;
}

/** What students did, besides the kinds above: a syntax error, half the lessons, files a little off. */
export const MORE_KINDS = ['syntax', 'half', 'hidden-miss', 'near-case', 'near-extension', 'near-moved', 'near-folder-case'] as const;
export type AnyKind = Kind | (typeof MORE_KINDS)[number];

/** The reference's finished code of a lesson's first exercise file. */
function finishedFile(root: string, lesson: Lesson): string {
  return finishedSource(readFileSync(join(root, 'solutions', lesson.id, lesson.files[0] as string), 'utf8'));
}

/**
 * The seed of the hidden tests' generated inputs wherever a test counts what a hiddenMissSource hand-in
 * misses. Lesson 01's hidden suite draws no random board for renderFramed, so it fails the one hidden
 * test on every seed; the seed is given all the same, so those runs can be replayed.
 */
export const HIDDEN_MISS_SEED = '1';

/**
 * Lesson 01 with every visible test passing, but renderFramed wrong on the board O.X .X. O.. (marks in
 * the corners and the centre): a case only one hidden test tries.
 */
export function hiddenMissSource(root: string, lesson: Lesson): string {
  return finishedFile(root, lesson).replace(
    'export function renderFramed(board: Board): string {\n',
    "export function renderFramed(board: Board): string {\n  if (board.join('') === 'O X X O  ') return renderFramed(createBoard());\n",
  );
}

/**
 * Writes the workbook of one student who did `kind` into `workbook` (a new folder), from the pack:
 * the exercise files as the student left them. Gives the points each lesson should get (near misses
 * as graded without --accept-near-misses; `accepted` as graded with it).
 */
export function writeWorkbook(
  root: string,
  pack: string,
  workbook: string,
  kind: AnyKind,
  lessons: Lesson[],
): Expected & { accepted: Record<string, number | undefined> } {
  cpSync(pack, workbook, { recursive: true });
  const [first, second] = lessons as [Lesson, Lesson];
  const place = (lesson: Lesson): string => join(workbook, 'lessons', lesson.id, lesson.files[0] as string);
  const points: Record<string, number | undefined> = Object.fromEntries(lessons.map((lesson) => [lesson.id, 0]));
  const solveAll = (): void => {
    for (const lesson of lessons) {
      writeFileSync(place(lesson), finishedFile(root, lesson));
      points[lesson.id] = 100;
    }
  };
  const firstSolution = readFileSync(join(root, 'solutions', first.id, first.files[0] as string), 'utf8');
  switch (kind) {
    case 'perfect':
    case 'clone':
    case 'zipped':
      solveAll();
      break;
    case 'partly':
      // Lesson 01: tasks 1 and 2 (createBoard, renderBoard) done, the rest still stubs.
      writeFileSync(place(first), partialSource(firstSolution, ['createBoard', 'renderBoard']));
      points[first.id] = first.tasks.slice(0, 2).reduce((sum, task) => sum + task.points, 0);
      break;
    case 'hanging':
      // Everything right, except that lesson 01's renderFramed never returns.
      solveAll();
      writeFileSync(place(first), hangingSource(firstSolution, 'renderFramed'));
      points[first.id] = undefined;
      break;
    case 'tampered':
      // Stubs, but every graded suite replaced by one that always passes.
      for (const lesson of lessons) {
        const suite = join(workbook, 'tests', `${lesson.id}.test.ts`);
        if (existsSync(suite)) writeFileSync(suite, "import { test } from 'vitest';\ntest('always passes', () => {});\n");
      }
      break;
    case 'missing': {
      // Everything right, but the last lesson's exercise file was not handed in.
      solveAll();
      const last = lessons.at(-1) as Lesson;
      rmSync(join(workbook, 'lessons', last.id, last.files[0] as string));
      points[last.id] = 0;
      break;
    }
    case 'nothing':
      rmSync(workbook, { recursive: true, force: true });
      mkdirSync(workbook, { recursive: true });
      writeFileSync(join(workbook, 'notes.txt'), 'I could not find the files, sorry.\n');
      break;
    case 'syntax':
      // Lesson 01 does not parse; lesson 02 builds on it, so it cannot load either.
      solveAll();
      writeFileSync(place(first), finishedFile(root, first).replace('export function renderBoard', 'export function renderBoard((('));
      points[first.id] = 0;
      points[second.id] = 0;
      break;
    case 'half':
      writeFileSync(place(first), finishedFile(root, first));
      points[first.id] = 100;
      break;
    case 'hidden-miss':
      // Every visible test passes, but renderFramed gets one board wrong: a case only a hidden
      // test tries. Lesson 01 earns a little less than 100.
      solveAll();
      writeFileSync(place(first), hiddenMissSource(root, first));
      points[first.id] = undefined;
      break;
    case 'near-case':
    case 'near-extension':
    case 'near-moved':
    case 'near-folder-case': {
      solveAll();
      const target = place(second);
      const moved = {
        'near-case': join(
          dirname(target),
          (second.files[0] as string).replace(/^./, (letter) => letter.toUpperCase()),
        ),
        'near-extension': `${target}.txt`,
        'near-moved': join(workbook, 'lessons', second.files[0] as string),
        'near-folder-case': join(workbook, 'lessons', second.id.toUpperCase(), second.files[0] as string),
      }[kind];
      mkdirSync(dirname(moved), { recursive: true });
      renameSync(target, moved);
      if (kind === 'near-folder-case') rmSync(dirname(target), { recursive: true, force: true });
      points[second.id] = 0;
      return { kind: 'missing', points, accepted: { ...points, [second.id]: 100 } };
    }
    case 'untouched':
      break;
  }
  return { kind: kind as Kind, points, accepted: points };
}

/** How a hand-in reaches the teacher: a plain folder or archive, or a learning platform's download layout. */
export type Layout =
  | 'folder'
  | 'zip'
  | 'clone'
  | 'bare'
  | 'zip-with-clutter'
  | 'moodle-folder'
  | 'moodle-flat'
  | 'canvas-zip'
  | 'canvas-late'
  | 'canvas-files'
  | 'classroom'
  | 'github';

/** One student of a synthetic class: their name, the platform's ids, how they hand in, and what they did. */
export interface Student {
  name: string;
  layout: Layout;
  kind: AnyKind;
  /** Moodle's participant number or Canvas's user ID, for those layouts. */
  platformId?: string;
  /** The GitHub username, for the github layout. */
  username?: string;
}

/** A zip of a folder, every path under `top/` (or at the top when `top` is ''). */
function zipFolder(folder: string, top: string, extra: Array<{ path: string; data: Buffer }> = []): Buffer {
  const files = [...readTree(folder)].map(([path, data]) => ({ path: top === '' ? path : `${top}/${path}`, data }));
  return writeZip([...files, ...extra]);
}

/** "Carl Lee" → "leecarl", as Canvas writes a student into its download's file names. */
export function canvasName(name: string): string {
  const parts = name
    .normalize('NFKD')
    .replace(/[^\w\s]/g, '')
    .toLowerCase()
    .split(/\s+/);
  return `${parts.at(-1) ?? ''}${parts.slice(0, -1).join('')}`;
}

/**
 * Puts a student's workbook into the class folder in the student's layout, and removes the workbook.
 * The names follow the platforms' downloads (see platforms.ts and the README's example trees).
 */
export function placeHandIn(workbook: string, classDir: string, student: Student, lessons: Lesson[]): void {
  const id = student.platformId ?? '0';
  const write = (path: string, data: Buffer | string): void => {
    mkdirSync(dirname(join(classDir, path)), { recursive: true });
    writeFileSync(join(classDir, path), data);
  };
  switch (student.layout) {
    case 'folder':
      cpSync(workbook, join(classDir, student.name), { recursive: true });
      break;
    case 'zip':
      write(`${student.name}.zip`, zipFolder(workbook, 'my-workbook'));
      break;
    case 'zip-with-clutter': {
      const clutter = [
        { path: '__MACOSX/my-workbook/._README.md', data: Buffer.from('mac') },
        { path: 'my-workbook/.DS_Store', data: Buffer.from('mac') },
        { path: 'my-workbook/lessons/Thumbs.db', data: Buffer.from('win') },
      ];
      write(`${student.name}.zip`, zipFolder(workbook, 'my-workbook', clutter));
      break;
    }
    case 'clone':
      cpSync(workbook, join(classDir, student.name, 'tictactoe-workbook'), { recursive: true });
      write(join(student.name, '.git', 'HEAD'), 'ref: refs/heads/main\n');
      break;
    case 'bare':
      cpSync(join(workbook, 'lessons'), join(classDir, student.name), { recursive: true });
      break;
    case 'moodle-folder':
      write(`${student.name}_${id}_assignsubmission_file_/tictactoe.zip`, zipFolder(workbook, 'tictactoe-workbook'));
      write(`${student.name}_${id}_assignsubmission_file_/.DS_Store`, 'mac');
      break;
    case 'moodle-flat':
      write(`${student.name}_${id}_assignsubmission_file_tictactoe.zip`, zipFolder(workbook, ''));
      write(`${student.name}_${id}_assignsubmission_onlinetext_onlinetext.html`, '<p>Here is my work.</p>');
      break;
    case 'canvas-zip':
    case 'canvas-late':
      write(
        `${canvasName(student.name)}${student.layout === 'canvas-late' ? '_LATE' : ''}_${id}_${Number(id) + 500000}_tictactoe.zip`,
        zipFolder(workbook, 'tictactoe'),
      );
      break;
    case 'canvas-files':
      // The exercise files one by one; a file handed in twice gets Canvas's "-1".
      lessons.forEach((lesson, index) => {
        const file = lesson.files[0] as string;
        const name = index === 0 && student.kind === 'half' ? file.replace('.ts', '-1.ts') : file;
        const source = join(workbook, 'lessons', lesson.id, file);
        if (existsSync(source)) write(`${canvasName(student.name)}_${id}_${Number(id) + 600000 + index}_${name}`, readFileSync(source));
      });
      break;
    case 'classroom':
      write(`${student.name} - tictactoe.zip`, zipFolder(workbook, 'tictactoe'));
      break;
    case 'github':
      cpSync(workbook, join(classDir, `tictactoe-${student.username ?? student.name}`), { recursive: true });
      write(join(`tictactoe-${student.username ?? student.name}`, '.git', 'HEAD'), 'ref: refs/heads/main\n');
      break;
  }
  rmSync(workbook, { recursive: true, force: true });
}

/** The thirty students of the synthetic class: every layout, most kinds, near misses, accents in names. */
export const CLASS_OF_30: Student[] = [
  { name: 'Ann Archer', layout: 'folder', kind: 'perfect' },
  { name: 'Ben Brooks', layout: 'zip', kind: 'perfect' },
  { name: 'Chloé Dubois', layout: 'clone', kind: 'partly' },
  { name: 'Dan Diaz', layout: 'bare', kind: 'half' },
  { name: 'Carl Lee', layout: 'moodle-folder', kind: 'perfect', platformId: '1234' },
  { name: 'Eva Eriksen', layout: 'moodle-folder', kind: 'syntax', platformId: '1235' },
  { name: 'Finn Fox', layout: 'moodle-flat', kind: 'partly', platformId: '1236' },
  { name: 'Gia Green', layout: 'moodle-flat', kind: 'untouched', platformId: '1237' },
  { name: 'José Núñez', layout: 'canvas-zip', kind: 'perfect', platformId: '20001' },
  { name: 'Hana Hill', layout: 'canvas-late', kind: 'missing', platformId: '20002' },
  { name: 'Ivan Ivanov', layout: 'canvas-files', kind: 'perfect', platformId: '20003' },
  { name: 'Jia Jun', layout: 'canvas-files', kind: 'half', platformId: '20004' },
  { name: 'Kai King', layout: 'classroom', kind: 'perfect' },
  { name: 'Lea Long', layout: 'classroom', kind: 'tampered' },
  { name: 'Mona Meyer', layout: 'github', kind: 'perfect', username: 'mona-m' },
  { name: 'Nils Nord', layout: 'github', kind: 'partly', username: 'nilsnord' },
  { name: 'Omar Odell', layout: 'folder', kind: 'hanging' },
  { name: 'Pia Park', layout: 'zip-with-clutter', kind: 'perfect' },
  { name: 'Quinn Quist', layout: 'folder', kind: 'nothing' },
  { name: 'Rosa Ruiz', layout: 'folder', kind: 'near-case' },
  { name: 'Sam Stone', layout: 'zip', kind: 'near-extension' },
  { name: 'Tara Tan', layout: 'folder', kind: 'near-moved' },
  { name: 'Uma Ueda', layout: 'moodle-folder', kind: 'near-folder-case', platformId: '1238' },
  { name: 'Vic Vega', layout: 'zip', kind: 'half' },
  { name: 'Wen Wu', layout: 'folder', kind: 'hidden-miss' },
  { name: 'Xia Xu', layout: 'clone', kind: 'missing' },
  { name: 'Yara Young', layout: 'bare', kind: 'untouched' },
  { name: 'Zed Zane', layout: 'zip', kind: 'syntax' },
  { name: 'Ada Abel', layout: 'folder', kind: 'partly' },
  { name: 'Bo Berg', layout: 'canvas-zip', kind: 'half', platformId: '20005' },
];

/**
 * The class list of the synthetic class: a Canvas-style export for the Canvas students (names with
 * accents kept), GitHub usernames for the clones, and one student who handed nothing in.
 */
export function rosterCsv(students: Student[], absent: string): string {
  const rows = [
    ['name', 'folder', 'ID', 'github_username', 'email'],
    ...students.map((student) => [
      student.name,
      student.layout.startsWith('canvas') ? '' : student.name,
      student.layout.startsWith('canvas') ? (student.platformId ?? '') : '',
      student.username ?? '',
      `${canvasName(student.name)}@school.example`,
    ]),
    [absent, absent, '', '', 'absent@school.example'],
  ];
  return `${rows.map((row) => row.map((cell) => (/[",]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',')).join('\n')}\n`;
}

/** Writes the whole class into `classDir`, with the clutter operating systems leave; gives each student's expected points by name. */
export function writeClass(
  root: string,
  pack: string,
  classDir: string,
  students: Student[],
  lessons: Lesson[],
): Map<string, ReturnType<typeof writeWorkbook>> {
  mkdirSync(classDir, { recursive: true });
  const expected = new Map<string, ReturnType<typeof writeWorkbook>>();
  students.forEach((student, index) => {
    const workbook = join(classDir, `.work-${index}`);
    expected.set(student.name, writeWorkbook(root, pack, workbook, student.kind, lessons));
    placeHandIn(workbook, classDir, student, lessons);
  });
  writeFileSync(join(classDir, '.DS_Store'), 'mac');
  writeFileSync(join(classDir, 'Thumbs.db'), 'win');
  mkdirSync(join(classDir, '__MACOSX'), { recursive: true });
  writeFileSync(join(classDir, '__MACOSX', '._Ann Archer'), 'mac');
  writeFileSync(join(classDir, 'README.txt'), 'a loose file is not a hand-in\n');
  return expected;
}
