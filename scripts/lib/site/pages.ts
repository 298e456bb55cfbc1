/** The HTML of the site's pages: the index with every lesson's points, and one page per lesson. */
import type { LessonProgress } from '../core/progress.ts';
import type { Lesson } from '../core/workbook.ts';
import { escapeHtml, plural } from '../core/text.ts';
import { hintsHtml, renderInline, renderLessonText } from './markdown.ts';

/** How far a student is with a lesson, as shown by a bar. */
export type LessonState = 'not-checked' | 'started' | 'done';

/** One lesson as the site shows it: metadata, text (if written) and the student's progress. */
export interface SiteLesson {
  lesson: Lesson;
  /** README.md, or undefined when the lesson has no text yet. */
  markdown: string | undefined;
  /** The lesson's entry in the progress file, or undefined when it was never checked. */
  progress: LessonProgress | undefined;
  /** The lesson's appendices (the other .md files in its folder), each shown on a page of its own. */
  appendices: SiteAppendix[];
}

/** An appendix of a lesson: its file name in the lesson's folder ("games.md") and its text. */
export interface SiteAppendix {
  file: string;
  markdown: string;
}

/** What every page shares. */
export interface PageOptions {
  /** The workbook's name, shown on every page. */
  workbookTitle: string;
  /** Adds the script that reloads the page after a rebuild (only when serving). */
  liveReload: boolean;
}

/** The file name of a lesson's page. */
export function pageName(lesson: Lesson): string {
  return `${lesson.id}.html`;
}

/** The file name of an appendix's page: "08-tutorials.games.html" for lessons/08-tutorials/games.md. */
export function appendixPageName(lesson: Lesson, file: string): string {
  return `${lesson.id}.${file.replace(/\.md$/, '')}.html`;
}

/** The pages of the Markdown files of a lesson's folder, by file name: its README and its appendices. */
function lessonFilePages(entry: SiteLesson): Record<string, string> {
  const pages: Record<string, string> = { 'README.md': pageName(entry.lesson) };
  for (const appendix of entry.appendices) pages[appendix.file] = appendixPageName(entry.lesson, appendix.file);
  return pages;
}

/** The title of a Markdown text: its first "# " heading, or the file name. */
function titleOf(markdown: string, fallback: string): string {
  return /^# (.+)$/m.exec(markdown)?.[1]?.trim() ?? fallback;
}

/** The state of a lesson: never checked, checked but not at 100 yet, or done. */
export function lessonState(progress: LessonProgress | undefined): LessonState {
  if (!progress?.lastCheckedAt) return 'not-checked';
  return shownPoints(progress) >= 100 ? 'done' : 'started';
}

const STATE_WORDS: Record<LessonState, string> = {
  'not-checked': 'not checked yet',
  started: 'in progress',
  done: 'done',
};

/** Points shown for a lesson: those of the latest check, 0 when never checked, kept within 0–100. */
export function shownPoints(progress: LessonProgress | undefined): number {
  const points = progress?.latest;
  if (typeof points !== 'number' || !Number.isFinite(points)) return 0;
  return Math.max(0, Math.min(100, Math.round(points)));
}

/**
 * A bar with the points of the latest check. Colour shows the state, and the same facts are written
 * out in words beside it, so the bar reads without colour and on paper.
 */
export function progressBar(lesson: Lesson, progress: LessonProgress | undefined): string {
  const points = shownPoints(progress);
  const state = lessonState(progress);
  const best =
    progress && typeof progress.best === 'number' && progress.best > points ? ` <span class="progress-best">(best ${Math.round(progress.best)})</span>` : '';
  const mark = state === 'done' ? '<span class="progress-mark" aria-hidden="true">✓ </span>' : '';
  const words = state === 'started' && points === 0 ? 'checked, no points yet' : STATE_WORDS[state];
  return (
    `<div class="progress" data-lesson="${lesson.id}" data-points="${points}" data-state="${state}">` +
    `<div class="progress-track" role="progressbar" aria-label="Lesson ${lesson.number} points" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${points}" aria-valuetext="${points} of 100 points, ${words}">` +
    `<div class="progress-fill" style="width: ${points}%"></div></div>` +
    `<p class="progress-text"><strong>${points} / 100 points</strong> · <span class="progress-state">${mark}${words}</span>${best}</p>` +
    `</div>`
  );
}

/** The bar for the whole workbook: points of all lessons together. */
function totalBar(lessons: SiteLesson[]): string {
  const possible = lessons.length * 100;
  const earned = lessons.reduce((sum, entry) => sum + shownPoints(entry.progress), 0);
  const done = lessons.filter((entry) => lessonState(entry.progress) === 'done').length;
  const percent = possible === 0 ? 0 : Math.round((earned / possible) * 100);
  return (
    `<div class="progress progress-total" data-points="${earned}" data-possible="${possible}" data-state="${done === lessons.length && possible > 0 ? 'done' : earned > 0 ? 'started' : 'not-checked'}">` +
    `<div class="progress-track" role="progressbar" aria-label="Points in the whole workbook" aria-valuemin="0" aria-valuemax="${possible}" aria-valuenow="${earned}">` +
    `<div class="progress-fill" style="width: ${percent}%"></div></div>` +
    `<p class="progress-text"><strong>${earned} / ${possible} points</strong> · ${done} of ${plural(lessons.length, 'lesson')} done</p>` +
    `</div>`
  );
}

/** "2025-03-04 14:05" in the machine's time zone, or undefined for no time. */
function shortTime(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return undefined;
  const two = (value: number) => String(value).padStart(2, '0');
  return `${time.getFullYear()}-${two(time.getMonth() + 1)}-${two(time.getDate())} ${two(time.getHours())}:${two(time.getMinutes())}`;
}

/** The start of every page of the workbook, up to and with </head>: the title, then `extra` (style sheets, icons, scripts). */
export function pageHead(title: string, extra: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
${extra}
</head>`;
}

/** A whole HTML page around some content. */
function layout(title: string, body: string, options: PageOptions, bodyClass: string): string {
  const script = options.liveReload ? '\n<script src="live-reload.js" defer></script>' : '';
  return `${pageHead(title, `<link rel="stylesheet" href="style.css">\n<link rel="icon" href="favicon.svg" type="image/svg+xml">${script}`)}
<body class="${bodyClass}">
<a class="skip-link" href="#main">Skip to the lesson text</a>
<header class="site-header"><div class="site-header-inner"><a class="brand" href="index.html"><img class="brand-logo" src="favicon.svg" alt="" width="24" height="24">${escapeHtml(options.workbookTitle)}</a></div></header>
${body}
</body>
</html>
`;
}

/** The index: every lesson with its bar, and the points of the whole workbook. */
export function indexPage(lessons: SiteLesson[], description: string, options: PageOptions): string {
  const lastCheck = lessons
    .map((entry) => entry.progress?.lastCheckedAt ?? null)
    .filter((time): time is string => time !== null)
    .sort()
    .at(-1);
  const checked = shortTime(lastCheck);
  const cards = lessons.map((entry) => lessonCard(entry)).join('\n');
  const body = `<main id="main" class="page page-index">
<h1>${escapeHtml(options.workbookTitle)}</h1>
<p class="lead">${escapeHtml(description)}</p>
<section class="summary" aria-labelledby="your-points">
<h2 id="your-points">Your points</h2>
${totalBar(lessons)}
<p class="muted">${checked ? `Last checked ${checked}. ` : 'No lesson checked yet. '}The bars show the points of your latest <code class="nowrap">npm run check</code>.</p>
</section>
<section aria-labelledby="lessons">
<h2 id="lessons">Lessons</h2>
<ol class="lesson-list">
${cards}
</ol>
</section>
<section class="how" aria-labelledby="how-it-works">
<h2 id="how-it-works">How it works</h2>
<ol>
<li>Open a lesson and read it from the top.</li>
<li>Edit the file it names, in <code>lessons/</code>.</li>
<li>Run <code class="nowrap">npm run check</code> and the lesson number, for example <code class="nowrap">npm run check 01</code>.</li>
<li>Stuck? <code class="nowrap">npm run hint 01</code> gives a hint, or open the hints under each task.</li>
</ol>
</section>
</main>
`;
  return layout(options.workbookTitle, body, options, 'index');
}

/** One lesson in the index list. */
function lessonCard(entry: SiteLesson): string {
  const { lesson } = entry;
  const taskCount = plural(lesson.tasks.length, 'task');
  const buildsOn =
    lesson.buildsOn.length > 0
      ? ` · uses ${lesson.buildsOn.length === 1 ? 'lesson' : 'lessons'} ${lesson.buildsOn.map((id) => id.slice(0, 2)).join(', ')}`
      : '';
  const draft = entry.markdown === undefined ? ' · <em>text coming soon</em>' : '';
  return `<li class="lesson-card" data-state="${lessonState(entry.progress)}">
<h3 class="lesson-card-title"><a href="${pageName(lesson)}"><span class="lesson-number">Lesson ${lesson.number}</span> ${escapeHtml(lesson.title)}</a></h3>
<p class="lesson-card-meta">${taskCount}${buildsOn}${draft}</p>
${progressBar(lesson, entry.progress)}
</li>`;
}

/** The box under a lesson's title: the bar, what to edit, and every task with its points and state. */
function statusBox(entry: SiteLesson, all: SiteLesson[]): string {
  const { lesson, progress } = entry;
  const state = lessonState(progress);
  const files = lesson.files.map((file) => `<code>lessons/${escapeHtml(lesson.id)}/${escapeHtml(file)}</code>`).join(', ');
  const uses = lesson.buildsOn
    .map((id) => {
      const other = all.find((candidate) => candidate.lesson.id === id);
      return other ? `<a href="${pageName(other.lesson)}">lesson ${other.lesson.number}</a>` : `lesson ${escapeHtml(id.slice(0, 2))}`;
    })
    .join(', ');
  const rows = lesson.tasks
    .map((task, index) => {
      const number = index + 1;
      const taskDone = Array.isArray(progress?.tasksDone) && progress.tasksDone.includes(number);
      const status = state === 'not-checked' ? 'not checked yet' : taskDone ? '✓ done' : 'not yet';
      const statusClass = state === 'not-checked' ? 'unchecked' : taskDone ? 'done' : 'open';
      return `<tr data-task="${number}" data-done="${taskDone}"><td><a href="#task-${number}">${number}. ${renderInline(task.title)}</a></td><td class="num">${task.points}</td><td><span class="task-status task-status-${statusClass}">${status}</span></td></tr>`;
    })
    .join('\n');
  const checked = shortTime(progress?.lastCheckedAt);
  const appendices = entry.appendices
    .map((appendix) => `<a href="${appendixPageName(lesson, appendix.file)}">${renderInline(titleOf(appendix.markdown, appendix.file))}</a>`)
    .join(', ');
  return `<section class="lesson-status" aria-label="Your progress in this lesson">
${progressBar(lesson, progress)}
<ul class="facts">
<li>You edit ${files}.</li>
<li>Check it with <code class="nowrap">npm run check ${lesson.number}</code>${checked ? ` (last checked ${checked})` : ''}.</li>
${uses ? `<li>Uses your code from ${uses}.</li>\n` : ''}${appendices ? `<li>Also part of this lesson: ${appendices}.</li>\n` : ''}</ul>
<div class="table-scroll"><table class="tasks">
<thead><tr><th scope="col">Task</th><th scope="col" class="num">Points</th><th scope="col">Status</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>
</section>
`;
}

/** A lesson's page: its text with the status box, hints under each task, and links to the lessons around it. */
export function lessonPage(entry: SiteLesson, all: SiteLesson[], options: PageOptions): { html: string; warnings: string[] } {
  const { lesson } = entry;
  const position = all.indexOf(entry);
  const previous = all[position - 1];
  const next = all[position + 1];
  const afterTitle = statusBox(entry, all);
  const pageOf = (id: string) => {
    const other = all.find((candidate) => candidate.lesson.id === id);
    return other ? pageName(other.lesson) : undefined;
  };

  let article: string;
  let warnings: string[] = [];
  if (entry.markdown === undefined) {
    const tasks = lesson.tasks.map((task, index) => taskWithHints(index + 1, task.title, task.points, lesson)).join('\n');
    article = `<h1 id="lesson-${lesson.number}">Lesson ${lesson.number}: ${escapeHtml(lesson.title)}</h1>\n${afterTitle}<p class="notice">The text of this lesson is not written yet. Its tasks and hints are below.</p>\n<h2 id="tasks">Tasks</h2>\n${tasks}`;
  } else {
    const rendered = renderLessonText(entry.markdown, { tasks: lesson.tasks, afterTitle, pageOf, siblings: lessonFilePages(entry) });
    warnings = rendered.warnings.map((warning) => `lessons/${lesson.id}/README.md: ${warning}`);
    const missing = lesson.tasks.map((_, index) => index + 1).filter((number) => !rendered.taskHeadings.includes(number));
    for (const number of missing) warnings.push(`lessons/${lesson.id}/README.md has no heading "### Task ${number}: …"; its hints are listed at the end.`);
    const extra =
      missing.length === 0
        ? ''
        : `<h2 id="more-tasks">More tasks</h2>\n${missing.map((number) => taskWithHints(number, lesson.tasks[number - 1]?.title ?? '', lesson.tasks[number - 1]?.points ?? 0, lesson)).join('\n')}`;
    article = rendered.html + extra;
  }

  const body = `<nav class="lesson-nav lesson-nav-top" aria-label="Lessons">${navLinks(previous, next)}</nav>
<main id="main" class="page page-lesson">
<article class="lesson-text">
${article}
</article>
</main>
<nav class="lesson-nav lesson-nav-bottom" aria-label="Previous and next lesson">${navLinks(previous, next)}</nav>
`;
  return { html: layout(`Lesson ${lesson.number}: ${lesson.title} · ${options.workbookTitle}`, body, options, 'lesson'), warnings };
}

/** An appendix's page: its text, a line back to its lesson, and the same links to the lessons around it. */
export function appendixPage(entry: SiteLesson, appendix: SiteAppendix, all: SiteLesson[], options: PageOptions): { html: string; warnings: string[] } {
  const { lesson } = entry;
  const position = all.indexOf(entry);
  const pageOf = (id: string) => {
    const other = all.find((candidate) => candidate.lesson.id === id);
    return other ? pageName(other.lesson) : undefined;
  };
  const afterTitle = `<p class="lead">Part of <a href="${pageName(lesson)}">Lesson ${lesson.number}: ${escapeHtml(lesson.title)}</a>.</p>\n`;
  const rendered = renderLessonText(appendix.markdown, { tasks: [], afterTitle, pageOf, siblings: lessonFilePages(entry) });
  const warnings = rendered.warnings.map((warning) => `lessons/${lesson.id}/${appendix.file}: ${warning}`);
  const nav = navLinks(all[position - 1], all[position + 1]);
  const body = `<nav class="lesson-nav lesson-nav-top" aria-label="Lessons">${nav}</nav>
<main id="main" class="page page-lesson">
<article class="lesson-text">
${rendered.html}
</article>
</main>
<nav class="lesson-nav lesson-nav-bottom" aria-label="Previous and next lesson">${nav}</nav>
`;
  const title = `${titleOf(appendix.markdown, appendix.file)} · ${options.workbookTitle}`;
  return { html: layout(title, body, options, 'lesson'), warnings };
}

/** A task heading with its hints, for tasks the lesson text does not show. */
function taskWithHints(number: number, title: string, points: number, lesson: Lesson): string {
  return `<h3 id="task-${number}" class="task-heading">Task ${number}: ${renderInline(title)} (${points} points)</h3>\n${hintsHtml(number, lesson.tasks[number - 1])}`;
}

/** Links to the index and to the lessons before and after this one. */
function navLinks(previous: SiteLesson | undefined, next: SiteLesson | undefined): string {
  const before = previous
    ? `<a class="nav-previous" rel="prev" href="${pageName(previous.lesson)}"><span class="nav-direction">← Previous</span> <span class="nav-title">Lesson ${previous.lesson.number}<span class="nav-name">: ${escapeHtml(previous.lesson.title)}</span></span></a>`
    : '<span class="nav-previous nav-none"></span>';
  const after = next
    ? `<a class="nav-next" rel="next" href="${pageName(next.lesson)}"><span class="nav-direction">Next →</span> <span class="nav-title">Lesson ${next.lesson.number}<span class="nav-name">: ${escapeHtml(next.lesson.title)}</span></span></a>`
    : '<span class="nav-next nav-none"></span>';
  return `<div class="lesson-nav-inner">${before}<a class="nav-index" href="index.html">All lessons</a>${after}</div>`;
}
