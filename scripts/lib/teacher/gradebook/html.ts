/**
 * gradebook.html: the teacher's page of a graded class, made to answer "who needs help, with what".
 * One row per student: each lesson's cell coloured on a continuous scale by its points and naming
 * the first task not finished, the notes in words, and the hidden tests the student failed (this
 * page is the teacher's: never hand it out). Columns sort, a filter shows the students below a
 * threshold, and a heat map shows which tasks the class finished. One file, in the site's look,
 * with everything inline: it opens from disk and asks no network for anything.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  allNotes,
  lessonNotesText,
  referenceProblemWords,
  feedbackFolders,
  formatPoints,
  GRADEBOOK_FILES,
  ROUNDING,
  type Gradebook,
  type HandInReason,
  type HiddenFailure,
  type LessonGrade,
  type LessonStatus,
  type NotGraded,
  type StudentGrade,
} from './gradebook.ts';
import { FEEDBACK_PAGE, siteAsset } from './feedback-page.ts';
import { notGradedWords } from './note-words.ts';
import { PLATFORM_NAMES } from '../intake/platforms.ts';
import { roundPoints } from '../../core/results.ts';
import { pageHead } from '../../site/pages.ts';
import { escapeHtml, plural, printable, visible } from '../../core/text.ts';

/** The reason when it is the whole hand-in's (no hand-in, only online text, nothing usable), not this lesson's alone. */
function wholeHandIn(reason: NotGraded | undefined): HandInReason | undefined {
  if (reason?.kind === 'no-hand-in' || reason?.kind === 'online-text-only' || reason?.kind === 'unusable') return reason;
  return undefined;
}

/** What a cell says besides its points, so it reads without colour too. */
const CELL_WORDS: Record<LessonStatus, string> = {
  done: '✓ done',
  partial: '',
  zero: '',
  timeout: 'stopped: ran too long',
  'load-error': 'does not load',
  blocked: 'waits for',
  crash: 'not graded',
  missing: 'file missing',
};

/** What the cells of a hand-in that was not graded at all say; the reason in full is their title and the row's note. */
const HAND_IN_WORDS: Record<HandInReason['kind'], string> = {
  'no-hand-in': 'no hand-in',
  'online-text-only': 'online text only',
  unusable: 'nothing usable',
};

/** Text a hand-in may control (notes, answers, titles), as HTML: control characters shown as pictures, then escaped. */
function shown(text: string): string {
  return escapeHtml(visible(text));
}

/** A student's name as HTML: control and invisible characters as `?`, then escaped. */
function named(text: string): string {
  return escapeHtml(printable(text));
}

/** C0 and C1 controls but the line end and the tab: none may reach the page, whatever a field held. */
const CONTROL = /(?![\n\t])\p{Cc}/gu;

/** How many characters of a student's first note the folded notes show. */
const NOTE_SHOWN = 70;

/** How many tasks the heat map names as the ones to teach again. */
const TEACH_AGAIN = 3;

/** The page. */
export function renderHtml(book: Gradebook): string {
  const max = book.lessons.length * 100;
  const handedIn = book.students.filter((student) => student.handedIn !== false);
  const classAverage = handedIn.length === 0 ? 0 : handedIn.reduce((sum, student) => sum + student.total, 0) / handedIn.length;
  const absent = book.students.length - handedIn.length;
  const graded = shown(book.gradedAt.slice(0, 16).replace('T', ' '));
  const head = pageHead(
    'Gradebook · Tic-Tac-Toe workbook',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="referrer" content="no-referrer">
<style>
${siteAsset('style.css')}
${GRADEBOOK_CSS}
</style>`,
  );
  const page = `${head}
<body class="gradebook">
<a class="skip-link" href="#students">Skip to the students</a>
<header class="site-header"><div class="site-header-inner"><span class="brand">Tic-Tac-Toe workbook · Gradebook</span></div></header>
<main id="main" class="page page-gradebook">
<h1>Gradebook</h1>
${referenceBanner(book)}<p class="lead">${plural(book.students.length, 'student')}${absent > 0 ? ` (${absent} without a hand-in)` : ''} · ${plural(book.lessons.length, 'lesson')} · graded ${graded} UTC · class average <strong>${formatPoints(roundPoints(classAverage))} / ${max}</strong></p>
<p class="teacher-only">Your copy: it names the hidden tests each student failed. Send students their own feedback page (the link on their name).</p>
<form class="controls" id="controls" aria-label="Sort and filter">
<label>Show only students below <input id="threshold" type="number" inputmode="decimal" min="0" max="100" step="1" placeholder="any"> % in
<select id="filter-column"><option value="total">the total</option>${book.lessons.map((lesson) => `<option value="${shown(lesson.id)}">lesson ${shown(lesson.number)}</option>`).join('')}</select></label>
<output id="shown" for="threshold filter-column">${book.students.length} of ${book.students.length} students shown</output>
</form>
<div class="table-scroll" id="students" tabindex="0"><table class="grades" aria-describedby="shown">
<thead><tr>
<th scope="col" aria-sort="ascending"><button type="button" data-sort="name" data-kind="text">Student</button></th>
${book.lessons.map((lesson) => `<th scope="col" class="lesson-head"><button type="button" data-sort="${shown(lesson.id)}"><span class="lesson-number">${shown(lesson.number)}</span> ${shown(lesson.title)}</button></th>`).join('\n')}
<th scope="col"><button type="button" data-sort="total">Total</button></th>
<th scope="col" class="hidden-head">Hidden tests failed</th>
<th scope="col" class="notes-head">Notes</th>
</tr></thead>
<tbody>
${studentRows(book)}
</tbody>
${averagesRow(book, handedIn)}
</table></div>
<p class="muted legend">${colourLegend()} Click a column heading to sort by it. ${escapeHtml(ROUNDING)}</p>
${taskHeatMap(book, handedIn)}
${howTheCodeRan(book)}
</main>
<script>
${GRADEBOOK_SCRIPT}
</script>
</body>
</html>
`;
  // Every field is shown or named above; this catches one that a later change forgets.
  return page.replace(CONTROL, shown);
}

/** The fences around the students' code and the seed of the hidden tests' inputs (to replay the run). */
function howTheCodeRan(book: Gradebook): string {
  const fences = book.fences
    ? `<p class="muted">Each student's code ran sealed off, one process per hand-in:</p><ul>${book.fences.map((fence) => `<li>${shown(fence)}</li>`).join('')}</ul>`
    : '';
  const seed =
    book.seed !== undefined
      ? `<p class="seed">The hidden tests drew their inputs from seed <strong>${book.seed}</strong>: <code>npm run grade -- … --seed ${book.seed}</code> grades with exactly the same inputs again.</p>`
      : mixedSeeds(book);
  if (fences === '' && seed === '') return '';
  return `<section class="fences" aria-labelledby="fences"><h2 id="fences">How the code ran</h2>${fences}${seed}</section>`;
}

/** For a gradebook merged from parts graded with different seeds: which students each seed graded, for `--seed N`. */
function mixedSeeds(book: Gradebook): string {
  const bySeed = new Map<number, string[]>();
  for (const student of book.students) {
    if (student.seed === undefined) continue;
    bySeed.set(student.seed, [...(bySeed.get(student.seed) ?? []), student.name]);
  }
  if (bySeed.size === 0) return '';
  const items = [...bySeed].map(([seed, names]) => `<li>seed <strong>${seed}</strong>: ${names.map(named).join(', ')}</li>`).join('');
  return `<p class="seed">The parts of this gradebook were graded with different seeds of the hidden tests' inputs; <code>npm run grade -- … --seed N</code> grades a student with exactly the same inputs again:</p><ul>${items}</ul>`;
}

/** The warning at the top when the reference solutions did not get 100: the grades cannot be trusted. */
function referenceBanner(book: Gradebook): string {
  const problems = book.referenceProblems ?? [];
  if (problems.length === 0) return '';
  return `<div class="banner" role="alert"><strong>Do not trust these grades yet.</strong> The reference solutions were graded beside the class and did not get 100:<ul>${problems.map((problem) => `<li>${shown(referenceProblemWords(problem))}</li>`).join('')}</ul>Fix the suites (or the grader), then grade again.</div>\n`;
}

/** The colour scale, drawn and in words. */
function colourLegend(): string {
  const stops = [0, 25, 50, 75, 100].map((points) => `<span class="swatch" style="--p:${points}">${points}</span>`).join('');
  return (
    `<span class="scale" aria-hidden="true">${stops}</span> Each lesson's cell is coloured by its points, from red (0) to green (100); ` +
    `<span class="swatch sample sample-done" style="--p:100" aria-hidden="true"></span> a bar on the left: every test passes; ` +
    `<span class="swatch sample sample-not-graded" style="--p:0" aria-hidden="true"></span> striped: not graded (file missing or not loading).`
  );
}

/** The sort values of a row, as data attributes (points as percent of the most a column can have). */
function sortValues(book: Gradebook, student: StudentGrade): string {
  const max = book.lessons.length * 100;
  const values = [
    `data-name="${named(student.name.toLowerCase())}"`,
    `data-total="${max === 0 ? 0 : roundPoints((student.total / max) * 100)}"`,
    ...book.lessons.map((lesson) => `data-l-${shown(lesson.id)}="${student.lessons[lesson.id]?.points ?? 0}"`),
  ];
  return values.join(' ');
}

/** Every student's row, each linking to their own feedback page. */
function studentRows(book: Gradebook): string {
  const folders = feedbackFolders(book);
  return book.students.map((student) => studentRow(book, student, folders.get(student) ?? '')).join('\n');
}

/** One student's row (`folder`: the folder of their feedback). */
function studentRow(book: Gradebook, student: StudentGrade, folder: string): string {
  const max = book.lessons.length * 100;
  const link = `${GRADEBOOK_FILES.feedback}/${encodeURIComponent(folder)}/${FEEDBACK_PAGE}`;
  const from =
    student.handedIn === false ? 'no hand-in' : student.platform !== undefined && student.platform !== 'folder' ? PLATFORM_NAMES[student.platform] : '';
  const late = student.late === true ? ' <span class="badge late" title="The platform marked this hand-in late">late</span>' : '';
  const name = `<th scope="row"><a href="${escapeHtml(link)}">${named(student.name)}</a>${late}${from === '' ? '' : `<span class="from">${shown(from)}</span>`}</th>`;
  const cells = book.lessons.map((lesson) => lessonCell(student.lessons[lesson.id], student));
  const percent = max === 0 ? 0 : (student.total / max) * 100;
  const total = `<td class="total" style="--p:${roundPoints(percent)}"><strong>${formatPoints(student.total)}</strong><span class="of"> / ${max}</span></td>`;
  return `<tr ${sortValues(book, student)}>${name}${cells.join('')}${total}${hiddenCell(book, student)}${notesCell(allNotes(book, student))}</tr>`;
}

/**
 * A student's notes folded to one line: the first note, shortened, and how many more; the rest a
 * click away. A single short note is shown as it is.
 */
function notesCell(notes: string[]): string {
  const [first] = notes;
  if (first === undefined) return '<td class="notes"></td>';
  if (notes.length === 1 && first.length <= NOTE_SHOWN) return `<td class="notes"><p>${shown(first)}</p></td>`;
  const more = notes.length > 1 ? ` <span class="more">and ${notes.length - 1} more</span>` : '';
  const list = `<ul>${notes.map((note) => `<li>${shown(note)}</li>`).join('')}</ul>`;
  return `<td class="notes"><details><summary><span class="first">${shown(shortened(first))}</span>${more}</summary>${list}</details></td>`;
}

/** The start of a note, cut at a word and marked with "…" when it is longer than NOTE_SHOWN. */
function shortened(note: string): string {
  const characters = [...note];
  if (characters.length <= NOTE_SHOWN) return note;
  const start = characters.slice(0, NOTE_SHOWN).join('');
  const space = start.lastIndexOf(' ');
  return `${(space > NOTE_SHOWN / 2 ? start.slice(0, space) : start).replace(/[\s,;:]+$/, '')}…`;
}

/** A lesson's cell: the points, coloured, and the first task not finished (or why it was not graded). */
function lessonCell(grade: LessonGrade | undefined, student: StudentGrade): string {
  const handIn = wholeHandIn(student.notGraded ?? grade?.notGraded);
  if (grade === undefined || student.handedIn === false || handIn !== undefined) {
    const word = handIn === undefined ? '' : `<span class="word">${HAND_IN_WORDS[handIn.kind]}</span>`;
    const title = handIn === undefined ? '' : ` title="${shown(notGradedWords(handIn))}"`;
    return `<td class="cell not-graded" style="--p:0"${title}><strong>–</strong>${word}</td>`;
  }
  const notGraded = ['missing', 'load-error', 'blocked', 'crash'].includes(grade.status);
  const word = cellWord(grade);
  const open = grade.firstOpen !== undefined && !notGraded ? `<span class="open">Task ${grade.firstOpen.number}: ${shown(grade.firstOpen.title)}</span>` : '';
  const hidden = missedCases(grade).length;
  const note = lessonNotesText(grade);
  const title = note ? ` title="${shown(note)}"` : '';
  return (
    `<td class="cell status-${grade.status}${notGraded ? ' not-graded' : ''}" style="--p:${grade.points}"${title}>` +
    `<strong>${formatPoints(grade.points)}</strong>${word === '' ? '' : `<span class="word">${shown(word)}</span>`}${open}` +
    `${hidden > 0 ? `<span class="hidden-count">${plural(hidden, 'hidden case')} missed</span>` : ''}</td>`
  );
}

/** What a cell says besides its points: its status, the lesson a blocked one waits for, the near miss found for a missing file. */
function cellWord(grade: LessonGrade): string {
  if (grade.status === 'blocked') return `${CELL_WORDS.blocked} ${blockerOf(grade)}`;
  const found = grade.status === 'missing' ? (grade.foundInstead ?? []) : [];
  if (found.length > 0) return `near miss: ${found.map((path) => path.slice(path.lastIndexOf('/') + 1)).join(', ')}`;
  return CELL_WORDS[grade.status];
}

/** The number of the lesson a blocked lesson waits for ("03"). */
export function blockerOf(grade: LessonGrade): string {
  return grade.notGraded?.kind === 'blocked' ? grade.notGraded.uses.slice(0, 2) : 'an earlier lesson';
}

/** How many hidden failures a row names before the rest are folded away. */
const HIDDEN_SHOWN = 2;

/**
 * The hidden tests a lesson failed in tasks whose visible tests all pass: the cases the student
 * missed. (In a task not finished anyway, hidden tests failing tell nothing new.)
 */
function missedCases(grade: LessonGrade): HiddenFailure[] {
  return (grade.hiddenFailures ?? []).filter((failure) => {
    const task = grade.tasks[failure.task - 1];
    return task !== undefined && task.total - task.passed === task.hiddenFailed;
  });
}

/** A hidden failure's counterexample (or first lines), folded under its name. */
function failureDetails(failure: HiddenFailure): string {
  if (failure.detail === undefined) return '';
  const what = failure.detail.startsWith('Counterexample: ') ? 'counterexample' : 'what failed';
  return `<details class="failure"><summary>${what}</summary><pre>${shown(failure.detail)}</pre></details>`;
}

/** The hidden tests a student failed (teacher only): the missed cases by name, the others counted. */
function hiddenCell(book: Gradebook, student: StudentGrade): string {
  const failures: string[] = [];
  let inOpenTasks = 0;
  for (const lesson of book.lessons) {
    const grade = student.lessons[lesson.id];
    if (grade === undefined) continue;
    const missed = missedCases(grade);
    inOpenTasks += (grade.hiddenFailures?.length ?? 0) - missed.length;
    failures.push(
      ...missed.map(
        (failure) => `<li><span class="where">${shown(lesson.number)} task ${failure.task}:</span> ${shown(failure.name)}${failureDetails(failure)}</li>`,
      ),
    );
  }
  const first = failures.slice(0, HIDDEN_SHOWN).join('');
  const folded =
    failures.length > HIDDEN_SHOWN
      ? `<li><details><summary>${failures.length - HIDDEN_SHOWN} more</summary><ul>${failures.slice(HIDDEN_SHOWN).join('')}</ul></details></li>`
      : '';
  const counted = inOpenTasks > 0 ? `<li class="muted">${failures.length > 0 ? '+ ' : ''}${inOpenTasks} in tasks with visible tests failing</li>` : '';
  const items = first + folded + counted;
  return `<td class="hidden-tests">${items === '' ? '' : `<ul>${items}</ul>`}</td>`;
}

/** The class's average per lesson and how many finished it. */
function averagesRow(book: Gradebook, students: StudentGrade[]): string {
  const cells = book.lessons.map((lesson) => {
    const grades = students.map((student) => student.lessons[lesson.id]).filter((grade): grade is LessonGrade => grade !== undefined);
    const average = grades.length === 0 ? 0 : grades.reduce((sum, grade) => sum + grade.points, 0) / grades.length;
    const done = grades.filter((grade) => grade.status === 'done').length;
    return `<td class="cell" style="--p:${roundPoints(average)}"><strong>${formatPoints(average)}</strong><span class="word">${done} of ${grades.length} done</span></td>`;
  });
  const max = book.lessons.length * 100;
  const total = students.length === 0 ? 0 : students.reduce((sum, student) => sum + student.total, 0) / students.length;
  return `<tfoot><tr><th scope="row">Class average</th>${cells.join('')}<td class="total" style="--p:${max === 0 ? 0 : roundPoints((total / max) * 100)}"><strong>${formatPoints(total)}</strong><span class="of"> / ${max}</span></td><td></td><td></td></tr></tfoot>`;
}

/** The share of the class (those who handed in) that finished each task, as a heat map, and the tasks to teach again. */
function taskHeatMap(book: Gradebook, students: StudentGrade[]): string {
  const taskCount = Math.max(0, ...book.lessons.map((lesson) => students.find((student) => student.lessons[lesson.id])?.lessons[lesson.id]?.tasks.length ?? 0));
  const shares: Array<{ lesson: string; number: number; title: string; finished: number; of: number }> = [];
  const rows = book.lessons.map((lesson) => {
    const grades = students.map((student) => student.lessons[lesson.id]).filter((grade): grade is LessonGrade => grade !== undefined);
    const tasks = grades[0]?.tasks ?? [];
    const cells = Array.from({ length: taskCount }, (_, index) => {
      const task = tasks[index];
      if (task === undefined) return '<td class="empty"></td>';
      const finished = grades.filter((grade) => {
        const mine = grade.tasks[index];
        return mine !== undefined && mine.total > 0 && mine.passed === mine.total;
      }).length;
      shares.push({ lesson: lesson.number, number: task.number, title: task.title, finished, of: grades.length });
      const percent = grades.length === 0 ? 0 : Math.round((finished / grades.length) * 100);
      return `<td class="cell" style="--p:${percent}" data-task="${shown(lesson.id)}/${task.number}"><strong>${percent}%</strong><span class="open">${task.number}. ${shown(task.title)}</span><span class="word">${finished} of ${grades.length}</span></td>`;
    });
    return `<tr><th scope="row"><span class="lesson-number">${shown(lesson.number)}</span> ${shown(lesson.title)}</th>${cells.join('')}</tr>`;
  });
  const weakest = [...shares]
    .filter((share) => share.of > 0)
    .sort((a, b) => a.finished / a.of - b.finished / b.of)
    .slice(0, TEACH_AGAIN);
  const again =
    weakest.length === 0
      ? ''
      : `<p>Fewest finished, so perhaps worth teaching again: ${weakest.map((share) => `<strong>lesson ${shown(share.lesson)}, task ${share.number}</strong> (${shown(share.title)}: ${share.finished} of ${share.of})`).join('; ')}.</p>`;
  return `<section class="heat" aria-labelledby="tasks-heading">
<h2 id="tasks-heading">What the class finished, task by task</h2>
<p class="muted">The share of the students who handed in whose every test of the task passes, hidden ones included.</p>
${again}
<div class="table-scroll" tabindex="0"><table class="heatmap">
<thead><tr><th scope="col">Lesson</th>${Array.from({ length: taskCount }, (_, index) => `<th scope="col">Task ${index + 1}</th>`).join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table></div>
</section>`;
}

/** The page's own styles, on top of the site's style sheet (gradebook.css beside this file). */
const GRADEBOOK_CSS = readFileSync(join(import.meta.dirname, 'gradebook.css'), 'utf8');

/** Sorting and the threshold filter (gradebook.js beside this file): reads the rows' data attributes, needs nothing from outside the page. */
const GRADEBOOK_SCRIPT = readFileSync(join(import.meta.dirname, 'gradebook.js'), 'utf8');
