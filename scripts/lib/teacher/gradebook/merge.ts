/**
 * `npm run grade -- --merge PART…`: joins the gradebooks of --shard runs into one; `--update DIR`:
 * puts the rows of students graded again into the gradebook of their class. Parts that were not cut
 * from the same class, or not graded the same way, are refused with the reason, naming the parts.
 */
import { Refusal } from '../../command-line/cli.ts';
import { UsageError } from '../../core/workbook.ts';
import { lookAlike, plural } from '../../core/text.ts';
import type { PlatformIds } from '../intake/roster.ts';
import { uniqueProblems, type Gradebook, type StudentGrade } from './gradebook.ts';
import { classRecord } from '../part-record.ts';
import { SOURCE_LANGUAGE, type Language } from '../../core/languages.ts';

/** A gradebook part and what to call it in messages (the folder named on the command line). */
interface Part {
  name: string;
  book: Gradebook;
}

/** Something every part must agree on: its value in a part, and how two parts differ in it. */
interface Agreement {
  of: (book: Gradebook) => unknown;
  /** True when only parts that record their class, workbook and options are held to it (older parts merge as they did). */
  recorded: boolean;
  /** True when it is how the work was graded (which lessons, seed, workbook, options), which --update holds a run to as well. */
  grading: boolean;
  /** How the two parts differ, in a sentence. */
  differ: (a: Part, b: Part) => string;
  /** What to do about it when merging shards. */
  shards: string;
}

/** The shard a part is; a gradebook of a whole run counts as shard 1/1. */
function shardOf(book: Gradebook): { index: number; count: number } {
  return book.shard ?? { index: 1, count: 1 };
}

/** "part1 (shard 1/3)". */
function named(part: Part): string {
  const { index, count } = shardOf(part.book);
  return `${part.name} (shard ${index}/${count})`;
}

/** "graded with --accept-near-misses" or "without --accept-near-misses". */
function nearMisses(part: Part): string {
  return part.book.options?.acceptNearMisses ? 'with --accept-near-misses' : 'without --accept-near-misses';
}

/** "with the class list abc123def456" or "without --roster". */
function roster(part: Part): string {
  const digest = part.book.options?.roster;
  return digest ? `with the class list ${digest.slice(0, 12)}` : 'without --roster';
}

/** The language a gradebook's feedback speaks (a gradebook that records none is English). */
export function languageOf(book: Gradebook): Language {
  return book.language ?? SOURCE_LANGUAGE;
}

/** The lesson ids a part graded, "01-board, 02-input". */
function lessonIds(part: Part): string {
  return part.book.lessons.map((lesson) => lesson.id).join(', ');
}

/** What parts must agree on, in the order they are checked: the first that differs is the one named. */
const AGREEMENTS: Agreement[] = [
  {
    of: (book) => book.lessons.map((lesson) => lesson.id),
    recorded: false,
    grading: true,
    differ: (a, b) => `${a.name} and ${b.name} graded different lessons (${lessonIds(a)} in ${a.name}, ${lessonIds(b)} in ${b.name}).`,
    shards: 'Grade every shard with the same --lessons.',
  },
  {
    of: (book) => shardOf(book).count,
    recorded: true,
    grading: false,
    differ: (a, b) =>
      `${named(a)} and ${named(b)} were cut into different numbers of shards, so they do not split the class between them: some students would be missing, others twice.`,
    shards: 'Grade every shard with the same n in --shard i/n.',
  },
  {
    of: (book) => book.seed,
    recorded: true,
    grading: true,
    differ: (a, b) =>
      `${a.name} was graded with --seed ${a.book.seed} and ${b.name} with --seed ${b.book.seed}: their hand-ins got different hidden-test inputs.`,
    shards: 'Grade every shard with the same --seed.',
  },
  {
    of: (book) => book.workbook,
    recorded: true,
    grading: true,
    differ: (a, b) => `${a.name} and ${b.name} were graded with different workbooks (their suites, hidden suites, tests/support/ or lesson.json files differ).`,
    shards: 'Grade every shard from the same copy of the workbook.',
  },
  {
    of: (book) => book.options?.limitMs,
    recorded: true,
    grading: true,
    differ: (a, b) =>
      `${a.name} was graded with --limit ${(a.book.options?.limitMs ?? 0) / 1000} and ${b.name} with --limit ${(b.book.options?.limitMs ?? 0) / 1000}.`,
    shards: 'Grade every shard with the same --limit.',
  },
  {
    of: (book) => book.options?.acceptNearMisses,
    recorded: true,
    grading: true,
    differ: (a, b) => `${a.name} was graded ${nearMisses(a)} and ${b.name} ${nearMisses(b)}.`,
    shards: 'Grade every shard with the same options.',
  },
  {
    of: (book) => book.options?.roster,
    recorded: true,
    grading: true,
    differ: (a, b) => `${a.name} was graded ${roster(a)} and ${b.name} ${roster(b)}.`,
    shards: 'Grade every shard with the same --roster.',
  },
  {
    of: (book) => languageOf(book),
    recorded: false,
    grading: true,
    differ: (a, b) =>
      `${a.name} was graded with --lang ${languageOf(a.book)} and ${b.name} with --lang ${languageOf(b.book)}: their students' feedback would speak two languages.`,
    shards: 'Grade every shard with the same --lang.',
  },
  {
    of: (book) => book.class,
    recorded: true,
    grading: false,
    differ: (a, b) =>
      `${a.name} and ${b.name} were cut from different classes (${plural(a.book.class?.handIns ?? 0, 'hand-in')} and ${plural(b.book.class?.handIns ?? 0, 'hand-in')}${a.book.class?.handIns === b.book.class?.handIns ? ', with other names' : ''}).`,
    shards: 'Grade every shard from the same download.',
  },
];

/** The first agreement in which a part differs from the first part, and that part (undefined when all agree). */
function firstDifference(parts: Part[], agreements: Agreement[]): { agreement: Agreement; first: Part; other: Part } | undefined {
  const [first] = parts as [Part];
  for (const agreement of agreements) {
    const expected = JSON.stringify(agreement.of(first.book));
    const other = parts.find((part) => JSON.stringify(agreement.of(part.book)) !== expected);
    if (other !== undefined) return { agreement, first, other };
  }
  return undefined;
}

/** True when a part records what the merge checks (gradebooks of older versions do not). */
function isRecorded(book: Gradebook): boolean {
  return book.class !== undefined && book.workbook !== undefined && book.options !== undefined;
}

/** Throws a Refusal when parts differ in anything they must agree on, or when a shard is given twice. */
function checkParts(parts: Part[], recorded: boolean): void {
  const difference = firstDifference(
    parts,
    AGREEMENTS.filter((candidate) => recorded || !candidate.recorded),
  );
  if (difference !== undefined) {
    const { agreement, first, other } = difference;
    throw new Refusal(`${agreement.differ(first, other)} ${agreement.shards}`);
  }
  if (!recorded) return;
  parts.forEach((part, position) => {
    const twin = parts.slice(0, position).find((earlier) => shardOf(earlier.book).index === shardOf(part.book).index);
    if (twin !== undefined) throw new Refusal(`${named(twin)} and ${named(part)} are the same shard: merge each shard once.`);
  });
}

/** Every part's students, each once; a Refusal names a student found in two parts. */
function joinStudents(parts: Part[]): StudentGrade[] {
  const seen = new Map<string, Part>();
  const students: StudentGrade[] = [];
  for (const part of parts) {
    for (const student of part.book.students) {
      const earlier = seen.get(student.name);
      if (earlier !== undefined) throw new Refusal(`${student.name} is in more than one part (${earlier.name} and ${part.name}); was a shard graded twice?`);
      seen.set(student.name, part);
      students.push(student);
    }
  }
  return students;
}

/** The note when parts agree on the number of shards but some shards are not among them. */
function missingShards(parts: Part[]): string | undefined {
  const counts = new Set(parts.map((part) => part.book.shard?.count));
  const count = parts[0]?.book.shard?.count;
  if (counts.size !== 1 || count === undefined) return undefined;
  const given = new Set(parts.map((part) => shardOf(part.book).index));
  const missing = Array.from({ length: count }, (_, index) => index + 1).filter((index) => !given.has(index));
  if (missing.length === 0) return undefined;
  return `merging only ${given.size} of ${count} shards (not given: ${missing.map((index) => `${index}/${count}`).join(', ')}); the gradebook is missing their students.`;
}

/**
 * The fences every part had (a fence counts only if every part had it), then each line some parts
 * lacked, prefixed with the parts that had it; and a note when the parts' fences differ.
 */
function commonFences(parts: Part[]): { fences?: string[]; note?: string } {
  const lists = parts.map((part) => part.book.fences);
  if (lists.every((list) => JSON.stringify(list) === JSON.stringify(lists[0]))) return lists[0] === undefined ? {} : { fences: lists[0] };
  const holders = (line: string): string[] => parts.filter((part) => part.book.fences?.includes(line)).map((part) => part.name);
  const lines = [...new Set(lists.flatMap((list) => list ?? []))];
  const common = lines.filter((line) => holders(line).length === parts.length);
  const partial = lines.filter((line) => holders(line).length < parts.length).map((line) => `${holders(line).join(', ')} only: ${line}`);
  const unknown = parts.filter((part) => part.book.fences === undefined).map((part) => `${part.name} records no fences`);
  const why = `the parts ran behind different fences, so the gradebook states as fences only the ${plural(common.length, 'line')} every part had, and names the parts for the others`;
  return { fences: [...common, ...partial], note: `${[why, ...unknown].join('; ')}.` };
}

/** The value every part records the same way, or undefined when they differ. */
function agreed<T>(parts: Part[], of: (book: Gradebook) => T | undefined): T | undefined {
  const value = parts[0] === undefined ? undefined : of(parts[0].book);
  return parts.every((part) => JSON.stringify(of(part.book)) === JSON.stringify(value)) ? value : undefined;
}

/**
 * Joins gradebook parts into one: the same lessons in each, every student once, sorted by name.
 * Parts that record their class, workbook and options must agree on them, on the seed and on the
 * number of shards, each shard given once; older parts are merged unchecked, with a note. Notes go
 * to `note` (by default to stderr).
 */
export function mergeGradebooks(
  books: Gradebook[],
  names: string[] = books.map((_, index) => `part ${index + 1}`),
  note: (text: string) => void = (text) => process.stderr.write(`Note: ${text}\n`),
): Gradebook {
  const parts = books.map((book, index): Part => ({ name: names[index] ?? `part ${index + 1}`, book }));
  const [first] = parts;
  if (first === undefined) throw new UsageError('Give at least one part to merge.');
  const unrecorded = parts.filter((part) => !isRecorded(part.book)).map((part) => part.name);
  checkParts(parts, unrecorded.length === 0);
  const students = joinStudents(parts);
  if (unrecorded.length > 0) {
    note(
      `${unrecorded.join(', ')} ${unrecorded.length === 1 ? 'was' : 'were'} written by an older npm run grade, which did not record the class, workbook and options it graded with: the parts could not be checked against each other (shards, seed, class, workbook, options). Grade them again to have them checked.`,
    );
  }
  const missing = missingShards(parts);
  if (missing !== undefined) note(missing);
  const fences = commonFences(parts);
  if (fences.note !== undefined) note(fences.note);
  const problems = uniqueProblems(parts.flatMap((part) => part.book.referenceProblems ?? []));
  const book: Gradebook = {
    kind: 'tictactoe-gradebook',
    version: 1,
    gradedAt: parts
      .map((part) => part.book.gradedAt)
      .sort()
      .at(-1) as string,
    lessons: first.book.lessons,
    students: students.sort((a, b) => a.name.localeCompare(b.name)),
  };
  // What all parts agree on holds for the whole gradebook (older parts may differ: then it is left out).
  const seed = agreed(parts, (part) => part.seed);
  const cut = agreed(parts, (part) => part.class);
  const workbook = agreed(parts, (part) => part.workbook);
  const options = agreed(parts, (part) => part.options);
  if (cut !== undefined) book.class = cut;
  if (workbook !== undefined) book.workbook = workbook;
  if (options !== undefined) book.options = options;
  if (fences.fences !== undefined) book.fences = fences.fences;
  if (seed !== undefined) book.seed = seed;
  if (first.book.language !== undefined) book.language = first.book.language;
  if (problems.length > 0) book.referenceProblems = problems;
  return book;
}

/** The platform ids that tell students apart: two rows with one of them are the same student exactly when it is equal. */
const IDENTITIES = ['moodleParticipant', 'canvasId', 'sisUserId', 'sisLoginId', 'github'] as const;

/** Who a row is: its name, and the ids a platform knows the student by. */
export interface Identity {
  name: string;
  ids?: PlatformIds;
  /** False for a student of the class list of whom nothing was handed in. */
  handedIn?: boolean;
}

/**
 * True when two rows are the same student, by the rules a class list matches hand-ins by: a
 * platform id both have decides (two "Wei Zhang" with different participant numbers are two
 * students); without one, names that look alike (case, Unicode form, spaces) are the same.
 */
export function sameStudent(a: Identity, b: Identity): boolean {
  const shared = IDENTITIES.filter((kind) => a.ids?.[kind] !== undefined && b.ids?.[kind] !== undefined);
  if (shared.length > 0) return shared.some((kind) => a.ids?.[kind] === b.ids?.[kind]);
  return lookAlike(a.name) === lookAlike(b.name);
}

/** "Ann Archer, Ben Brooks and 3 more". */
function someNames(names: string[], shown = 4): string {
  if (names.length <= shown) return names.join(', ');
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

/**
 * Refuses to write a new gradebook over `existing` (in `folder`) when it holds students the new run
 * does not grade (or, from the class list, knows only as handing nothing in): their rows and feedback
 * would be wiped. A run of the same students (the class graded again) may write over it.
 */
export function refuseOverwrite(existing: Gradebook, folder: string, graded: Identity[]): void {
  // (A row of the class list with nothing handed in does not stand for a student whose work was graded.)
  const keeps = (row: Identity, student: StudentGrade): boolean => sameStudent(row, student) && (row.handedIn !== false || student.handedIn === false);
  const others = existing.students.filter((student) => !graded.some((row) => keeps(row, student)));
  if (others.length === 0) return;
  throw new Refusal(
    `${folder} already holds a gradebook of ${plural(existing.students.length, 'student')}, ` +
      `${others.length === 1 ? 'one of whom' : `${others.length} of whom`} this run does not grade (${someNames(others.map((student) => student.name))}); ` +
      `writing this run there would wipe ${others.length === 1 ? 'that row' : 'their rows'} and feedback. ` +
      `To add or replace students in it, grade with --update ${folder}; to start a new gradebook, choose another --out, or give --replace to write over this one.`,
  );
}

/** How to grade the whole class again into `folder`, for a refusal to update it. */
function redoClass(folder: string): string {
  return (
    `--update grades resubmissions exactly as the class in ${folder} was graded. ` +
    `To grade with other lessons, options or suites, grade the whole class again: npm run grade -- CLASS_DOWNLOAD --out ${folder} --replace ` +
    '(with the --lessons and options you want), or into a new --out folder.'
  );
}

/**
 * Refuses an --update of the gradebook `existing` (in `folder`) by a run that would grade differently
 * (`incoming`: the lessons, seed, workbook and options the run would use): with what differs and how
 * to grade the whole class again. A part of a --shard run, or a gradebook of an older npm run grade
 * that did not record how it graded, is refused too.
 */
export function checkUpdate(existing: Gradebook, folder: string, incoming: Gradebook): void {
  if (existing.shard !== undefined) {
    const { index, count } = existing.shard;
    throw new Refusal(
      `${folder} holds shard ${index}/${count} of a class, not a whole gradebook: merge the shards first (npm run grade -- --merge PART… --out DIR), then --update DIR.`,
    );
  }
  if (!isRecorded(existing)) {
    throw new Refusal(
      `${folder} was written by an older npm run grade, which did not record the workbook and options it graded with, so a resubmission cannot be graded to match. ${redoClass(folder)}`,
    );
  }
  const parts: Part[] = [
    { name: folder, book: existing },
    { name: 'this run', book: incoming },
  ];
  const difference = firstDifference(
    parts,
    AGREEMENTS.filter((agreement) => agreement.grading),
  );
  if (difference !== undefined) throw new Refusal(`${difference.agreement.differ(difference.first, difference.other)} ${redoClass(folder)}`);
}

/** A gradebook with some students graded again, and who they are. */
export interface Update {
  book: Gradebook;
  /** The students whose rows were replaced, and those who had none (added). */
  replaced: string[];
  added: string[];
}

/**
 * Puts the students of `part` (a run of resubmissions, checked with `checkUpdate`) into `existing`:
 * each replaces the row of the same student (`sameStudent`), or is added; every other row is kept
 * as it is, with the time it was graded. Students the part only lists (on the class list, but
 * nothing resubmitted) change nothing. A resubmission that matches two rows, or two resubmissions
 * of one student, are refused.
 */
export function updateGradebook(
  existing: Gradebook,
  part: Gradebook,
  note: (text: string) => void = (text) => process.stderr.write(`Note: ${text}\n`),
): Update {
  const resubmitted = part.students.filter((student) => student.handedIn !== false);
  const replaced: string[] = [];
  const added: string[] = [];
  const students = existing.students.map((student) => ({ ...student, gradedAt: student.gradedAt ?? existing.gradedAt }));
  for (const fresh of resubmitted) {
    const twins = resubmitted.filter((other) => other !== fresh && sameStudent(other, fresh));
    if (twins.length > 0) throw new Refusal(`${fresh.name} and ${twins.map((twin) => twin.name).join(', ')} are the same student: give one resubmission each.`);
    const matches = students.filter((student) => sameStudent(student, fresh));
    if (matches.length > 1)
      throw new Refusal(
        `The resubmission of ${fresh.name} matches ${matches.length} rows of the gradebook (${matches.map((match) => match.name).join(', ')}): give a class list (--roster) that tells them apart.`,
      );
    const row = { ...fresh, gradedAt: part.gradedAt };
    const [match] = matches;
    if (match === undefined) {
      students.push(row);
      added.push(fresh.name);
    } else {
      students[students.indexOf(match)] = row;
      replaced.push(match.name === fresh.name ? fresh.name : `${match.name} (now ${fresh.name})`);
    }
  }
  const fences = commonFences([
    { name: 'the gradebook', book: existing },
    { name: 'this run', book: part },
  ]);
  if (fences.note !== undefined) note(fences.note);
  const problems = uniqueProblems([...(existing.referenceProblems ?? []), ...(part.referenceProblems ?? [])]);
  const book: Gradebook = {
    ...existing,
    gradedAt: part.gradedAt,
    students: students.sort((a, b) => a.name.localeCompare(b.name)),
    class: classRecord(students.map((student) => student.name)),
  };
  if (fences.fences !== undefined) book.fences = fences.fences;
  if (problems.length > 0) book.referenceProblems = problems;
  return { book, replaced, added };
}
