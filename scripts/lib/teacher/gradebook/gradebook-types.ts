/** The gradebook's data: what a class's grading holds for each student and lesson, and why a lesson was not graded. */
import type { Crash, RunnerEnd, TaskScore } from '../../core/results.ts';
import type { MissKind, NearMiss } from '../intake/near-misses.ts';
import type { Platform } from '../intake/platforms.ts';
import type { PlatformIds } from '../intake/roster.ts';
import type { Language } from '../../core/languages.ts';
import type { IntakeNote } from '../../command-line/intake-notes.ts';
import type { ZipProblem } from '../intake/zip-problems.ts';

/** One task of one student's lesson (earned rounded to one decimal), with its count of hidden tests. */
export interface TaskGrade extends TaskScore {
  hiddenTotal: number;
}

/**
 * How a lesson went, in one word: what a gradebook cell shows besides the points. "blocked": it
 * could not load because a lesson it uses does not load.
 */
export type LessonStatus = 'done' | 'partial' | 'zero' | 'timeout' | 'load-error' | 'blocked' | 'crash' | 'missing';

/**
 * Why a whole hand-in was not graded: nothing was handed in, only online text (Moodle's text box)
 * was, or nothing in it could be used (the intake's reason: an archive that does not unpack, no
 * lessons/ folder and no exercise file anywhere).
 */
export type HandInReason = { kind: 'no-hand-in' } | { kind: 'online-text-only' } | { kind: 'unusable'; why: UnusableWhy };

/** An archive of a hand-in that could not be unpacked: which (when it lay inside the student's folder), and why. */
export interface ArchiveProblem {
  archive?: string;
  reason: ArchiveReason;
}

/**
 * Why an archive could not be unpacked: the archive reader's reason as data, or a reason in words alone
 * (the system's error, when unpacking failed for another reason; a gradebook written before reasons were data).
 */
export type ArchiveReason = ZipProblem | { kind: 'text'; text: string };

/**
 * Why nothing in a hand-in could be used, as data: no lessons/ folder and no exercise file anywhere,
 * a symbolic link, or archives that do not unpack; or, from a gradebook written before this was data,
 * the teacher's words alone.
 */
export type UnusableWhy = { kind: 'no-lessons' } | { kind: 'link' } | { kind: 'archives'; archives: ArchiveProblem[] } | { kind: 'text'; text: string };

/**
 * Why one lesson of a hand-in was not graded: its exercise files are missing (with what was found in
 * their place, when something looks like them), or its file does not load, or it uses an earlier
 * lesson's file that does not load, or grading itself broke (the grader's fault, never the work's).
 */
export type LessonReason =
  | { kind: 'missing'; files: string[]; misplaced: Misplaced[] }
  | { kind: 'does-not-load'; cause: LoadCause }
  /** `missing`: the file of the lesson it uses is not there (rather than there but failing to load). */
  | { kind: 'blocked'; uses: string; cause: LoadCause; missing?: true }
  | { kind: 'grading-broke' };

/**
 * What a lesson's file threw as it loaded, as data, put into words where it is shown (loadCauseWords
 * in note-words.ts): in English on the teacher's pages, in the class's language in the feedback. The
 * texts are as the compiler or the runtime wrote them, made visible (control characters as pictures).
 */
export type LoadCause =
  /** A syntax error: the compiler's words, and where it is when the compiler said so (`file` relative to the hand-in, `line` and `column` from 1). */
  | { kind: 'syntax'; what: string; file?: string; line?: number; column?: number }
  /** Another error thrown as the file loaded: its name and the first line of its message ("TypeError: x is not a function"), and where it was thrown. */
  | { kind: 'thrown'; error: string; location?: string }
  /** It failed to load only with the teacher's hidden tests, whose words are the teacher's alone (a hidden-load note says them). */
  | { kind: 'hidden-tests' }
  /** The cause in the teacher's words alone, from a gradebook written before causes were data. */
  | { kind: 'text'; text: string };

/**
 * A file found in place of a missing exercise file (a near miss): how it misses (`kinds`) and how many
 * other files looked as likely; a gradebook written before this was data holds the reason in words (`how`).
 */
export type Misplaced = { expected: string; found: string } & ({ kinds: MissKind[]; others: number } | { how: string });

/**
 * Why work was not graded: a value made once, while grading, and put into words once
 * (`notGradedWords`), in the same words wherever it is shown (feedback, gradebook, platform files).
 */
export type NotGraded = HandInReason | LessonReason;

/** A teacher's note on one lesson, as data: put into words where it is shown (lessonNoteWords in gradebook.ts). */
export type LessonNote =
  /** Why the lesson was not graded; `acceptable`: a file found in place of a missing one, which --accept-near-misses grades. */
  | { kind: 'not-graded'; reason: NotGraded; acceptable?: true }
  /** The code ran past the limit, `limitMs`, while the lesson's file loaded or its test ran, and the lesson was stopped. */
  | { kind: 'timeout'; limitMs: number }
  /** Why the lesson's file did not load with the teacher's hidden tests: the reason with its real cause, the teacher's alone. */
  | { kind: 'hidden-load'; reason: Extract<LessonReason, { kind: 'does-not-load' | 'blocked' }> }
  /** Grading ended without the lesson's tests (see Crash). */
  | { kind: 'crash'; crash: Crash }
  /** `count` tests were stopped for time (at a call's limit, or past a time budget), the first at `limitMs`, and the lesson is not done. */
  | { kind: 'stopped-tests'; count: number; limitMs: number }
  /** A near miss the teacher accepted: `found` was graded as `expected`, different in `kinds`. */
  | { kind: 'near-miss-accepted'; found: string; expected: string; kinds: MissKind[] }
  /** Outcomes that did not fit the suites' list of tests (see held-to-list.ts). */
  | { kind: 'anomalies'; anomalies: string[] }
  /** A note in words alone: a gradebook written before notes were data kept its notes so. */
  | { kind: 'text'; text: string };

/**
 * A note about a hand-in as a whole, as data: put into words in one place (note-words.ts), in English
 * for the teacher's pages, CSV and terminal, and in the class's language for the notes a student sees
 * (studentSees). Names and paths are as the class folder or hand-in has them, made printable.
 */
export type HandInNote =
  /** What the intake took: which version was graded, files refused (shown to the student too). */
  | IntakeNote
  /** The platform (Canvas's "_LATE_") marked the hand-in late. */
  | { kind: 'late'; platform: Platform }
  /** `name`, an entry of the class folder that is the student's, is a symbolic link: never followed. */
  | { kind: 'link-skipped'; name: string }
  /** `dropped` holds the very same exercise files as `kept` (a folder unzipped beside its zip): graded once. */
  | { kind: 'same-work'; dropped: string; kept: string }
  /** Other hand-ins whose names look like this one's (but for case, spaces or Unicode form): each graded on its own. */
  | { kind: 'look-alike'; others: Array<{ name: string; found: string }> }
  /** The platform's id `id` is on several hand-ins (`names`): it is left out of the grade import. */
  | { kind: 'shared-id'; platform: Platform; id: string; names: string[] }
  /** The name holds Moodle's participant mark twice, so its participant number is not used. */
  | { kind: 'participant-mark-twice' }
  /** An archive of the hand-in (`archive`, when it was one inside the student's folder) could not be unpacked, for `reason`. */
  | ({ kind: 'archive-refused' } & ArchiveProblem)
  /** The hand-in matches no one on the class list: it is named after its folder or file. */
  | { kind: 'not-on-class-list' }
  /** One of `count` hand-ins that match `name` on the class list: none takes the student's ids into the grade import. */
  | { kind: 'class-list-shared'; count: number; name: string }
  /** The feedback would have shown a hidden test or a solution: it was cut to the points. */
  | { kind: 'feedback-cut' }
  /** Nothing of the hand-in was graded, for `reason`. */
  | { kind: 'not-graded'; reason: HandInReason }
  /** No lessons/ folder, but exercise files elsewhere (near misses); `accepted`: --accept-near-misses graded them. */
  | { kind: 'no-lessons-folder'; misses: Array<{ found: string; kinds: MissKind[]; others: number }>; accepted: boolean }
  /** A test file of the hand-in differs from the teacher's copy, or is gone: ignored, graded with the teacher's copy. */
  | { kind: 'test-changed'; path: string; change: 'changed' | 'deleted' }
  /** A note in words alone: a gradebook written before notes were data kept its notes so. */
  | { kind: 'text'; text: string };

/**
 * Why a gradebook's grades cannot be trusted, as data: put into words where it is shown
 * (referenceProblemWords in gradebook.ts).
 */
export type ReferenceProblem =
  /** Grading itself broke on a lesson of the reference solutions: the test runner ended (`end`), or, without `end`, no test of the lesson ran. */
  | { kind: 'grading-broke'; lesson: string; end?: RunnerEnd }
  /** The reference solutions got `earned` (below 100) on a lesson with the teacher's suites. */
  | { kind: 'below-full'; lesson: string; earned: number }
  /** Grading broke for students' lessons after the reference was graded: how many students and lessons, and how the test runner ended. */
  | { kind: 'broke-for-students'; students: number; lessons: number; end: RunnerEnd }
  /**
   * A problem in words alone, from a gradebook written before problems were data (`graderBroke`: it said
   * grading itself broke, as such a gradebook was read).
   */
  | { kind: 'text'; text: string; graderBroke: boolean };

/** A hidden test a student failed: for the teacher's gradebook only, never for feedback. */
export interface HiddenFailure {
  task: number;
  name: string;
  /** What failed, for the teacher: a generated case shrunk to a small counterexample, or the assertion's first lines. */
  detail?: string;
}

/** One cell of the gradebook. */
export interface LessonGrade {
  id: string;
  /** Points out of 100, to one decimal. */
  points: number;
  status: LessonStatus;
  tasks: TaskGrade[];
  /** The first task not finished yet (every test of it passing), if any. */
  firstOpen?: { number: number; title: string };
  /** Teacher-facing notes, as data (lessonNoteWords in gradebook.ts words them: "not graded: the file does not load: …"). */
  notes?: LessonNote[];
  /** Why the lesson was not graded, when it was not (the hand-in's reason when the whole hand-in was not). */
  notGraded?: NotGraded;
  /** Hint levels the student opened for this lesson (from their progress file). */
  hintsSeen: number;
  /** The hidden tests this student failed, by name (teacher only). */
  hiddenFailures?: HiddenFailure[];
  /** Files found where a missing exercise file was expected, near misses not graded ("lessons/01-board/Board.ts"): what the cell names. */
  foundInstead?: string[];
}

/** One row of the gradebook. */
export interface StudentGrade {
  name: string;
  lessons: Record<string, LessonGrade>;
  /** The sum of the lessons' points, to one decimal. */
  total: number;
  /** Notes about the hand-in as a whole, as data (changed tests, no workbook found, …); lesson notes are in the lessons. */
  notes: HandInNote[];
  /** The student's feedback.md. */
  feedback: string;
  /** False for a student of the class list of whom no hand-in was found. */
  handedIn?: boolean;
  /** The layout the hand-in came in, and how it was found ("tictactoe.zip → tictactoe-workbook/lessons/"). */
  platform?: Platform;
  found?: string;
  /** What a learning platform's grade import matches the student by (from the download's names and the class list). */
  ids?: PlatformIds;
  /** True when the platform marked the hand-in late (Canvas's LATE); a note says so too. */
  late?: boolean;
  /** The seed of the hidden suites' inputs this student was graded with (npm run grade -- … --seed N replays it). */
  seed?: number;
  /** Why nothing of the hand-in was graded, when nothing was. */
  notGraded?: HandInReason;
  /** When this student's row was graded, when it differs from the gradebook's (a student graded again with --update). */
  gradedAt?: string;
}

/** A whole gradebook (or one shard's part of it). */
export interface Gradebook {
  kind: 'tictactoe-gradebook';
  version: 1;
  gradedAt: string;
  lessons: Array<{ id: string; number: string; title: string }>;
  /** Set on the part a --shard run writes. */
  shard?: { index: number; count: number };
  /** The class the part was cut from: its number of hand-ins and a sha256 of all their names, not just the shard's (absent in older gradebooks). */
  class?: { handIns: number; names: string };
  /** A sha256 of the workbook's graded material: every lesson.json, visible and hidden suite, and tests/support/ (absent in older gradebooks). */
  workbook?: string;
  /** The options that change scores: --limit, --accept-near-misses, a sha256 of the --roster as read or null (absent in older gradebooks). */
  options?: { limitMs: number; acceptNearMisses: boolean; roster: string | null };
  /** The fences that were around the graded code, in plain words. */
  fences?: string[];
  /** The seed of the hidden suites' generated inputs (absent when merged parts were graded with different seeds: see each student's). */
  seed?: number;
  /** Lessons where the reference solutions scored below 100 (or grading itself broke): the grades cannot be trusted. */
  referenceProblems?: ReferenceProblem[];
  /** The class's language, which every student's feedback speaks (--lang; absent: English): --update and --merge keep it. */
  language?: Language;
  /** The platforms' grade import files written beside it (--format), and Canvas's assignment column: --update writes them again. */
  platformFiles?: { formats: Array<'moodle' | 'canvas'>; assignment?: string };
  students: StudentGrade[];
}

/** How an exercise file was found: missing (perhaps with a near miss), or a near miss the teacher accepted. */
export interface FileFinding {
  missing: string[];
  nearMisses: NearMiss[];
  accepted: boolean;
}
