/**
 * A class of synthetic hand-ins for testing and timing `npm run grade`: copies of a student edition
 * in which students did everything, nothing, part of the work, wrote an endless loop, changed the
 * tests, lost a file, or handed in a zip, a clone or something that is no workbook at all.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { finishedSource, planPack, readTree, writePack } from '../../scripts/lib/pack.ts';
import { deriveStub } from '../../scripts/lib/stubs.ts';
import { listLessons, type Lesson } from '../../scripts/lib/workbook.ts';
import { writeZip } from '../../scripts/lib/zip.ts';

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
  const finished = finishedSource(solution.replace(
    new RegExp(`(// BEGIN SOLUTION ${block}\\n)[\\s\\S]*?(\\n\\s*// END SOLUTION)`),
    '$1    while (true) {\n      // never ends\n    }$2',
  ));
  return finished;
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

/**
 * Writes one hand-in of the given kind as `submissions/<name>` (or `<name>.zip`) from the pack.
 * Lesson-specific kinds (partly, hanging) use lesson 01, the finished pattern lesson.
 */
export function writeHandIn(root: string, pack: string, submissions: string, name: string, kind: Kind, lessons: Lesson[]): Expected {
  const folder = join(submissions, name);
  const points: Record<string, number | undefined> = Object.fromEntries(lessons.map((lesson) => [lesson.id, 0]));
  const solve = (into: string, lesson: Lesson): void => {
    for (const file of lesson.files) {
      const solution = readFileSync(join(root, 'solutions', lesson.id, file), 'utf8');
      writeFileSync(join(into, 'lessons', lesson.id, file), finishedSource(solution));
    }
  };
  const solveAll = (into: string): void => {
    for (const lesson of lessons) {
      solve(into, lesson);
      points[lesson.id] = 100;
    }
  };
  if (kind === 'nothing') {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'notes.txt'), 'I could not find the files, sorry.\n');
    return { kind, points };
  }
  if (kind === 'zipped') {
    const scratch = `${folder}.tmp`;
    cpSync(pack, scratch, { recursive: true });
    solveAll(scratch);
    const files = [...readTree(scratch)].map(([path, data]) => ({ path: `my-workbook/${path}`, data }));
    writeFileSync(`${folder}.zip`, writeZip(files));
    rmSync(scratch, { recursive: true, force: true });
    return { kind, points };
  }
  // A clone or an unzipped archive: the workbook one folder down, beside a .git folder.
  const workbook = kind === 'clone' ? join(folder, 'tictactoe-workbook') : folder;
  cpSync(pack, workbook, { recursive: true });
  if (kind === 'clone') {
    mkdirSync(join(folder, '.git'), { recursive: true });
    writeFileSync(join(folder, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  }
  const [first] = lessons as [Lesson];
  const firstSolution = (): string => readFileSync(join(root, 'solutions', first.id, first.files[0] as string), 'utf8');
  switch (kind) {
    case 'perfect':
    case 'clone':
      solveAll(workbook);
      break;
    case 'partly': {
      // Lesson 01: tasks 1 and 2 (createBoard, renderBoard) done, the rest still stubs.
      writeFileSync(join(workbook, 'lessons', first.id, first.files[0] as string), partialSource(firstSolution(), ['createBoard', 'renderBoard']));
      points[first.id] = first.tasks.slice(0, 2).reduce((sum, task) => sum + task.points, 0);
      break;
    }
    case 'hanging':
      // Everything right, except that lesson 01's renderFramed never returns.
      solveAll(workbook);
      writeFileSync(join(workbook, 'lessons', first.id, first.files[0] as string), hangingSource(firstSolution(), 'renderFramed'));
      points[first.id] = undefined;
      break;
    case 'tampered': {
      // Stubs, but every graded suite replaced by one that always passes.
      for (const lesson of lessons) {
        const suite = join(workbook, 'tests', `${lesson.id}.test.ts`);
        if (existsSync(suite)) writeFileSync(suite, "import { test } from 'vitest';\ntest('always passes', () => {});\n");
      }
      break;
    }
    case 'missing': {
      // Everything right, but the last lesson's exercise file was not handed in.
      solveAll(workbook);
      const last = lessons.at(-1) as Lesson;
      rmSync(join(workbook, 'lessons', last.id, last.files[0] as string));
      points[last.id] = 0;
      break;
    }
    case 'untouched':
      break;
  }
  return { kind, points };
}
