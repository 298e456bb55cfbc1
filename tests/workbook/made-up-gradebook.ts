/**
 * A made-up gradebook of a class of 12 and one absent student, written as data (no grading runs):
 * the kinds of rows a teacher meets, for looking at the gradebook's pages. Full marks, near misses
 * with long notes (Moodle's loose files, named twice in each note), hidden cases missed with
 * counterexamples, a file that does not load and the lesson waiting for it, an endless loop, a late
 * hand-in, names in other scripts (王芳, Дмитрий Иванов) and a long one.
 */
import type { Gradebook, HiddenFailure, LessonGrade, LessonStatus, StudentGrade, TaskGrade } from '../../scripts/lib/teacher/gradebook/gradebook.ts';

/** The lessons graded: 01–04 of the workbook, with their tasks. */
const LESSONS = [
  {
    id: '01-board',
    number: '01',
    title: 'Board display',
    file: 'board.ts',
    tasks: ['Create an empty board', 'Draw the numbered board', 'Draw the framed board', 'Create an empty grid', 'Draw the grid with coordinates'],
  },
  {
    id: '02-input',
    number: '02',
    title: 'Input validation',
    file: 'input.ts',
    tasks: [
      'Accept a valid cell number',
      'Reject text that is not a whole number',
      'Reject numbers out of range and taken cells',
      'Read a row and a column',
      'Ask until the move is valid',
    ],
  },
  {
    id: '03-win',
    number: '03',
    title: 'Win check',
    file: 'win.ts',
    tasks: ['List the winning lines', "Check one player's win", 'Find the winner and a full board', 'Decide how the game stands', 'Spot impossible boards'],
  },
  {
    id: '04-game',
    number: '04',
    title: 'The game loop',
    file: 'game.ts',
    tasks: [
      'Switch players',
      'Play a game to the end',
      'Check for a win before a draw',
      'Bad lines and the end of input',
      'Let O move first',
      'Play a match with a score',
    ],
  },
] as const;

type LessonId = (typeof LESSONS)[number]['id'];

/** How a made-up lesson went. */
interface Made {
  points: number;
  status?: LessonStatus;
  /** Tasks finished, from the first (the rest half done). */
  finished: number;
  hidden?: HiddenFailure[];
  note?: string;
  foundInstead?: string[];
}

/** Tests per task in the made-up runs: visible and hidden. */
const TESTS_PER_TASK = 6;
const HIDDEN_PER_TASK = 2;

/** A lesson's cell as the grader would write it. */
function cell(id: LessonId, made: Made): LessonGrade {
  const lesson = LESSONS.find((each) => each.id === id) ?? LESSONS[0];
  const share = 100 / lesson.tasks.length;
  const tasks = lesson.tasks.map((title, index): TaskGrade => {
    const number = index + 1;
    const hiddenFailed = (made.hidden ?? []).filter((failure) => failure.task === number).length;
    const finished = index < made.finished;
    const passed = finished ? TESTS_PER_TASK - hiddenFailed : made.status === 'missing' || made.status === 'load-error' ? 0 : 2;
    return { number, title, points: share, earned: finished ? share : 0, passed, total: TESTS_PER_TASK, hiddenFailed, hiddenTotal: HIDDEN_PER_TASK };
  });
  const status = made.status ?? (made.points === 100 ? 'done' : made.points > 0 ? 'partial' : 'zero');
  const grade: LessonGrade = { id, points: made.points, status, tasks, hintsSeen: 0 };
  const open = tasks.find((task) => task.passed < task.total);
  if (open !== undefined && status !== 'done') grade.firstOpen = { number: open.number, title: open.title };
  if (made.hidden !== undefined) grade.hiddenFailures = made.hidden;
  if (made.note !== undefined) grade.notes = [{ kind: 'text', text: made.note }];
  if (made.foundInstead !== undefined) grade.foundInstead = made.foundInstead;
  return grade;
}

/** A lesson not graded for a near miss, noted as the grader notes it: the expected file, what was found and why. */
function nearMiss(id: LessonId, found: string, why: string): Made {
  const file = LESSONS.find((each) => each.id === id)?.file ?? '';
  const note = `lessons/${id}/${file} is missing, but ${found} (${why}) looks like it: not graded (--accept-near-misses grades it)`;
  return { points: 0, status: 'missing', finished: 0, note, foundInstead: [found] };
}

const FULL: Made = { points: 100, finished: 5 };
const FULL_04: Made = { points: 100, finished: 6 };

/** A student's row: the lessons as made, the total summed. */
function student(name: string, lessons: Record<LessonId, Made>, more: Partial<StudentGrade> = {}): StudentGrade {
  const grades = Object.fromEntries(Object.entries(lessons).map(([id, made]) => [id, cell(id as LessonId, made)]));
  const total = Math.round(Object.values(grades).reduce((sum, grade) => sum + grade.points, 0) * 10) / 10;
  return { name, lessons: grades, total, notes: [], feedback: `# Feedback for ${name}\n`, handedIn: true, platform: 'moodle', seed: 1484201129, ...more };
}

/** A feedback.md as the grader writes one, for the page sent alone. */
const WANG_FANG_FEEDBACK = [
  '# Feedback for 王芳',
  '',
  '**290.9 of 400 points** for lessons 01–04.',
  '',
  '## 02 Input validation: 97.5/100',
  '',
  '| task | points | tests passed |',
  '|---|---:|---|',
  '| 1. Accept a valid cell number | 20/20 | 6 of 6 |',
  '| 4. Read a row and a column | 17.5/20 | 5 of 6 (1 hidden failed) |',
  '',
  'Hidden tests: 1 of 10 failed (task 4).',
  '',
  '## 04 The game loop: 0/100',
  '',
  'What failed:',
  '',
  '- **Task 1:** switches from X to O',
  '',
  '  ```text',
  '  playGame is not written yet: it still throws "not implemented yet"',
  '  ```',
  '',
].join('\n');

const MOODLE_DIR = 'Дмитрий Иванов_1236_assignsubmission_file_';

/** The class, in the order the grader writes it (by name). */
export function madeUpGradebook(): Gradebook {
  const students: StudentGrade[] = [
    student('Ann Archer', { '01-board': FULL, '02-input': FULL, '03-win': FULL, '04-game': FULL_04 }),
    student(
      'Ben Brooks',
      {
        '01-board': FULL,
        '02-input': { points: 80, finished: 4 },
        '03-win': {
          points: 0,
          status: 'load-error',
          finished: 0,
          note: 'does not load: Syntax error in lessons/03-win/win.ts, line 12, column 9: Expected identifier but found "("',
        },
        '04-game': {
          points: 0,
          status: 'blocked',
          finished: 0,
          note: 'not graded: it uses 03-win, which does not load: Syntax error in lessons/03-win/win.ts, line 12, column 9: Expected identifier but found "("',
        },
      },
      { platform: 'canvas' },
    ),
    student(
      'Carl Lee',
      {
        '01-board': FULL,
        '02-input': { points: 40, status: 'timeout', finished: 2, note: 'stopped after 10 s in 3 tests (an endless loop?)' },
        '03-win': { points: 60, finished: 3 },
        '04-game': { points: 33.3, finished: 2 },
      },
      { platform: 'folder' },
    ),
    student('Eva Eriksen', {
      '01-board': {
        points: 96.7,
        finished: 5,
        hidden: [{ task: 3, name: 'renderFramed with only the first cell taken', detail: "expected '| X | 2 | 3 |' to be '| X | 2 | 3 |\\n'" }],
      },
      '02-input': {
        points: 91.7,
        finished: 5,
        hidden: [
          { task: 2, name: 'rejects numbers written with a plus sign', detail: 'Counterexample: ["+5"]' },
          { task: 3, name: 'rejects a taken cell whatever the board', detail: 'Counterexample: [["X","O",null,null,null,null,null,null,null],1]' },
        ],
      },
      '03-win': {
        points: 93.3,
        finished: 5,
        hidden: [
          { task: 5, name: 'spots a board where both players won', detail: 'Counterexample: [["X","X","X","O","O","O",null,null,null]]' },
          { task: 4, name: 'a full board with a win is a win, not a draw' },
        ],
      },
      '04-game': { points: 50, finished: 3 },
    }),
    student(
      'José Núñez',
      { '01-board': FULL, '02-input': FULL, '03-win': { points: 80, finished: 4 }, '04-game': { points: 66.7, finished: 4 } },
      { platform: 'canvas' },
    ),
    student('Kai King', { '01-board': FULL, '02-input': FULL, '03-win': FULL, '04-game': { points: 83.3, finished: 5 } }, { platform: 'google-classroom' }),
    student(
      'Lea Long',
      { '01-board': FULL, '02-input': { points: 60, finished: 3 }, '03-win': { points: 20, finished: 1 }, '04-game': { points: 0, finished: 0 } },
      {
        platform: 'github-classroom',
        notes: [
          { kind: 'test-changed', path: 'tests/01-board.test.ts', change: 'changed' },
          { kind: 'test-changed', path: 'tests/02-input.test.ts', change: 'changed' },
        ],
      },
    ),
    student(
      'Margaret Featherstonehaugh-Wolfeschlegelsteinhausen',
      { '01-board': FULL, '02-input': FULL, '03-win': { points: 40, finished: 2 }, '04-game': { points: 16.7, finished: 1 } },
      { platform: 'moodle' },
    ),
    {
      name: 'Nora Nowak',
      lessons: {},
      total: 0,
      notes: [{ kind: 'not-graded', reason: { kind: 'no-hand-in' } }],
      feedback: '# Feedback for Nora Nowak\n',
      handedIn: false,
      notGraded: { kind: 'no-hand-in' },
      seed: 1484201129,
    },
    student('Rosa Ruiz', {
      '01-board': FULL,
      '02-input': nearMiss('02-input', 'lessons/02-input/Input.ts', 'the capital and small letters differ'),
      '03-win': { points: 80, finished: 4 },
      '04-game': { points: 50, finished: 3 },
    }),
    student(
      '王芳',
      {
        '01-board': FULL,
        '02-input': {
          points: 97.5,
          finished: 5,
          hidden: [{ task: 4, name: 'reads a row and a column with spaces around them', detail: 'Counterexample: [" 2 , 3 "]' }],
        },
        '03-win': { points: 93.4, finished: 5, hidden: [{ task: 5, name: 'spots a board with too many moves of one player' }] },
        '04-game': { points: 0, finished: 0 },
      },
      { platform: 'canvas', late: true, feedback: WANG_FANG_FEEDBACK },
    ),
    student(
      'Дмитрий Иванов',
      {
        '01-board': nearMiss('01-board', `${MOODLE_DIR}/board.ts`, 'it is in another folder'),
        '02-input': nearMiss('02-input', `${MOODLE_DIR}/input.ts`, 'it is in another folder'),
        '03-win': nearMiss('03-win', `${MOODLE_DIR}/Win.ts`, 'it is in another folder, the capital and small letters differ'),
        '04-game': nearMiss('04-game', `${MOODLE_DIR}/game (1).ts`, 'it is in another folder, it is named like a copy'),
      },
      { platform: 'moodle' },
    ),
  ];
  return {
    kind: 'tictactoe-gradebook',
    version: 1,
    gradedAt: '2026-12-05T08:00:00.000Z',
    lessons: LESSONS.map(({ id, number, title }) => ({ id, number, title })),
    fences: ['a process of its own, with a memory limit and a deadline per call', 'no network, no child processes, no files outside its copy'],
    seed: 1484201129,
    students,
  };
}

/** The same class graded in lessons 01–07, the most a course grades at once: lessons 05–07 went as each student's lesson 04. */
export function madeUpGradebookOfSevenLessons(): Gradebook {
  const book = madeUpGradebook();
  const later = [
    { id: '05-class', number: '05', title: 'The game as a class' },
    { id: '06-computer', number: '06', title: 'A computer player' },
    { id: '07-search', number: '07', title: 'Perfect play by search' },
  ];
  book.lessons.push(...later);
  for (const each of book.students) {
    const game = each.lessons['04-game'];
    if (game === undefined) continue;
    for (const lesson of later) each.lessons[lesson.id] = { ...game, id: lesson.id };
    each.total = Math.round(Object.values(each.lessons).reduce((sum, grade) => sum + grade.points, 0) * 10) / 10;
  }
  return book;
}
