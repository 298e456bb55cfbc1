/**
 * The HTML of the site's pages: the index with every lesson's points, and one page per lesson, in one
 * language. Every word a page adds around the lesson texts comes from the catalogs (site.*).
 */
import type { LessonProgress } from '../core/progress.ts';
import { translatedName, type Lesson } from '../core/workbook.ts';
import { escapeHtml } from '../core/text.ts';
import { SOURCE_LANGUAGE, type Language } from '../core/languages.ts';
import { listInWords, type MessageKey, type MessageValues, type Translate } from '../i18n/messages.ts';
import { hintsHtml, renderInline, renderLessonText } from './markdown.ts';

/** How far a student is with a lesson, as shown by a bar. */
export type LessonState = 'not-checked' | 'started' | 'done';

/** One lesson as the site shows it: metadata, text (if written) and the student's progress, in the site's language. */
export interface SiteLesson {
  /** The lesson with its titles and hints in the site's language. */
  lesson: Lesson;
  /** README.md (README.ru.md in Russian), or undefined when the lesson has no text yet. */
  markdown: string | undefined;
  /** Where the text is, relative to the workbook root (for warnings): README.md when not given. */
  textFile?: string;
  /** The language the text is written in, when it is not the site's (a translation not written yet). */
  textLanguage?: Language;
  /** The lesson's entry in the progress file, or undefined when it was never checked. */
  progress: LessonProgress | undefined;
  /** The lesson's appendices (the other .md files in its folder), each shown on a page of its own. */
  appendices: SiteAppendix[];
}

/** An appendix of a lesson: its English file name in the lesson's folder ("games.md") and its text in the site's language. */
export interface SiteAppendix {
  file: string;
  markdown: string;
  /** Where the text is, relative to the workbook root (for warnings): the lesson's folder and `file` when not given. */
  textFile?: string;
  /** The language the text is written in, when it is not the site's. */
  textLanguage?: Language;
}

/** What every page shares. */
export interface PageOptions {
  /** The language of the pages. */
  language: Language;
  /** The site's words in that language. */
  translate: Translate;
  /** Adds the script that reloads the page after a rebuild (only when serving). */
  liveReload: boolean;
}

/** The value of a page's lang attribute for each language (Simplified Chinese named so, for its glyphs). */
const HTML_LANG: Record<Language, string> = { en: 'en', ru: 'ru', ca: 'ca', zh: 'zh-Hans' };

/** A lang attribute for a text written in another language than its page (a translation not written yet), else nothing. */
function langAttribute(textLanguage: Language | undefined): string {
  return textLanguage === undefined ? '' : ` lang="${HTML_LANG[textLanguage]}"`;
}

/**
 * A message as HTML: its words escaped, and the placeholders named in `html` filled with markup
 * (code, links) after escaping, so a translation may put them anywhere in its sentence.
 */
function htmlMessage(t: Translate, key: MessageKey, values: MessageValues, html: Record<string, string> = {}): string {
  const names = Object.keys(html);
  const marks = Object.fromEntries(names.map((name, index) => [name, `\ue000${index}\ue001`]));
  let text = escapeHtml(t(key, { ...values, ...marks }));
  names.forEach((name, index) => {
    text = text.replaceAll(`\ue000${index}\ue001`, html[name] ?? '');
  });
  return text;
}

/** The space between two sentences: none after a full-width stop (Chinese "。"), which carries its own. */
function sentenceGap(sentence: string): string {
  return /[\u3000-\u303f\uff00-\uffef]$/.test(sentence) ? '' : ' ';
}

/** A command as the pages show it: code that does not break across lines. */
function command(text: string): string {
  return `<code class="nowrap">${escapeHtml(text)}</code>`;
}

/** The file name of a lesson's page. */
export function pageName(lesson: Lesson): string {
  return `${lesson.id}.html`;
}

/** The file name of an appendix's page: "08-tutorials.games.html" for lessons/08-tutorials/games.md. */
export function appendixPageName(lesson: Lesson, file: string): string {
  return `${lesson.id}.${file.replace(/\.md$/, '')}.html`;
}

/**
 * The pages of the Markdown files of a lesson's folder, by file name: its README and its appendices,
 * by their English names ("games.md") and by their names in the site's language ("games.ru.md").
 */
function lessonFilePages(entry: SiteLesson, language: Language): Record<string, string> {
  const pages: Record<string, string> = {};
  const add = (file: string, page: string) => {
    pages[file] = page;
    pages[translatedName(file, language)] = page;
  };
  add('README.md', pageName(entry.lesson));
  for (const appendix of entry.appendices) add(appendix.file, appendixPageName(entry.lesson, appendix.file));
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

const STATE_WORDS: Record<LessonState, MessageKey> = {
  'not-checked': 'site.state.notChecked',
  started: 'site.state.started',
  done: 'site.state.done',
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
export function progressBar(lesson: Lesson, progress: LessonProgress | undefined, t: Translate): string {
  const points = shownPoints(progress);
  const state = lessonState(progress);
  const best =
    progress && typeof progress.best === 'number' && progress.best > points
      ? ` <span class="progress-best">${escapeHtml(t('site.best', { points: String(Math.round(progress.best)) }))}</span>`
      : '';
  const mark = state === 'done' ? '<span class="progress-mark" aria-hidden="true">✓ </span>' : '';
  const words = escapeHtml(t(state === 'started' && points === 0 ? 'site.state.noPointsYet' : STATE_WORDS[state]));
  const label = escapeHtml(t('site.bar.label', { number: lesson.number }));
  const valueText = escapeHtml(t('site.bar.value', { points: String(points), most: 100, state: words }));
  return (
    `<div class="progress" data-lesson="${lesson.id}" data-points="${points}" data-state="${state}">` +
    `<div class="progress-track" role="progressbar" aria-label="${label}" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${points}" aria-valuetext="${valueText}">` +
    `<div class="progress-fill" style="width: ${points}%"></div></div>` +
    `<p class="progress-text"><strong>${escapeHtml(t('site.points', { points: String(points), most: 100 }))}</strong> · <span class="progress-state">${mark}${words}</span>${best}</p>` +
    `</div>`
  );
}

/** The bar for the whole workbook: points of all lessons together. */
function totalBar(lessons: SiteLesson[], t: Translate): string {
  const possible = lessons.length * 100;
  const earned = lessons.reduce((sum, entry) => sum + shownPoints(entry.progress), 0);
  const done = lessons.filter((entry) => lessonState(entry.progress) === 'done').length;
  const percent = possible === 0 ? 0 : Math.round((earned / possible) * 100);
  return (
    `<div class="progress progress-total" data-points="${earned}" data-possible="${possible}" data-state="${done === lessons.length && possible > 0 ? 'done' : earned > 0 ? 'started' : 'not-checked'}">` +
    `<div class="progress-track" role="progressbar" aria-label="${escapeHtml(t('site.total.label'))}" aria-valuemin="0" aria-valuemax="${possible}" aria-valuenow="${earned}">` +
    `<div class="progress-fill" style="width: ${percent}%"></div></div>` +
    `<p class="progress-text"><strong>${escapeHtml(t('site.points', { points: String(earned), most: possible }))}</strong> · ${escapeHtml(t('site.total.done', { done: String(done), count: lessons.length }))}</p>` +
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
export function pageHead(title: string, extra: string, language: Language = SOURCE_LANGUAGE): string {
  return `<!doctype html>
<html lang="${HTML_LANG[language]}">
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
  const workbookTitle = options.translate('site.workbookTitle');
  return `${pageHead(title, `<link rel="stylesheet" href="style.css">\n<link rel="icon" href="favicon.svg" type="image/svg+xml">${script}`, options.language)}
<body class="${bodyClass}">
<a class="skip-link" href="#main">${escapeHtml(options.translate('site.skipLink'))}</a>
<header class="site-header"><div class="site-header-inner"><a class="brand" href="index.html"><img class="brand-logo" src="favicon.svg" alt="" width="24" height="24">${escapeHtml(workbookTitle)}</a></div></header>
${body}
</body>
</html>
`;
}

/** The index: every lesson with its bar, and the points of the whole workbook. */
export function indexPage(lessons: SiteLesson[], options: PageOptions): string {
  const t = options.translate;
  const workbookTitle = t('site.workbookTitle');
  const lastCheck = lessons
    .map((entry) => entry.progress?.lastCheckedAt ?? null)
    .filter((time): time is string => time !== null)
    .sort()
    .at(-1);
  const checked = shortTime(lastCheck);
  const cards = lessons.map((entry) => lessonCard(entry, options)).join('\n');
  const lastChecked = escapeHtml(checked ? t('site.index.lastChecked', { time: checked }) : t('site.index.noneChecked'));
  const body = `<main id="main" class="page page-index">
<h1>${escapeHtml(workbookTitle)}</h1>
<p class="lead">${escapeHtml(t('site.description'))}</p>
<section class="summary" aria-labelledby="your-points">
<h2 id="your-points">${escapeHtml(t('site.index.yourPoints'))}</h2>
${totalBar(lessons, t)}
<p class="muted">${lastChecked}${sentenceGap(lastChecked)}${htmlMessage(t, 'site.index.barsShow', {}, { command: command('npm run check') })}</p>
</section>
<section aria-labelledby="lessons">
<h2 id="lessons">${escapeHtml(t('site.index.lessons'))}</h2>
<ol class="lesson-list">
${cards}
</ol>
</section>
<section class="how" aria-labelledby="how-it-works">
<h2 id="how-it-works">${escapeHtml(t('site.index.how'))}</h2>
<ol>
<li>${escapeHtml(t('site.index.how.read'))}</li>
<li>${htmlMessage(t, 'site.index.how.edit', {}, { folder: '<code>lessons/</code>' })}</li>
<li>${htmlMessage(t, 'site.index.how.check', {}, { command: command('npm run check'), example: command('npm run check 01') })}</li>
<li>${htmlMessage(t, 'site.index.how.hint', {}, { command: command('npm run hint 01') })}</li>
</ol>
</section>
</main>
`;
  return layout(workbookTitle, body, options, 'index');
}

/** One lesson in the index list. */
function lessonCard(entry: SiteLesson, options: PageOptions): string {
  const { lesson } = entry;
  const t = options.translate;
  const taskCount = escapeHtml(t('site.card.tasks', { count: lesson.tasks.length }));
  const numbers = listInWords(
    lesson.buildsOn.map((id) => id.slice(0, 2)),
    options.language,
  );
  const buildsOn = lesson.buildsOn.length > 0 ? ` · ${escapeHtml(t('site.card.uses', { count: lesson.buildsOn.length, numbers }))}` : '';
  const draft = entry.markdown === undefined ? ` · <em>${escapeHtml(t('site.card.draft'))}</em>` : '';
  return `<li class="lesson-card" data-state="${lessonState(entry.progress)}">
<h3 class="lesson-card-title"><a href="${pageName(lesson)}"><span class="lesson-number">${escapeHtml(t('site.lesson.number', { number: lesson.number }))}</span> ${escapeHtml(lesson.title)}</a></h3>
<p class="lesson-card-meta">${taskCount}${buildsOn}${draft}</p>
${progressBar(lesson, entry.progress, t)}
</li>`;
}

/** "Lesson 01: Board display" in the site's language, as plain text. */
function lessonTitle(lesson: Lesson, t: Translate): string {
  return t('site.lesson.title', { number: lesson.number, title: lesson.title });
}

/** The box under a lesson's title: the bar, what to edit, and every task with its points and state. */
function statusBox(entry: SiteLesson, all: SiteLesson[], options: PageOptions): string {
  const { lesson, progress } = entry;
  const t = options.translate;
  const state = lessonState(progress);
  const files = listInWords(
    lesson.files.map((file) => `<code>lessons/${escapeHtml(lesson.id)}/${escapeHtml(file)}</code>`),
    options.language,
  );
  const uses = listInWords(
    lesson.buildsOn.map((id) => {
      const other = all.find((candidate) => candidate.lesson.id === id);
      const words = escapeHtml(t('site.status.lessonLink', { number: id.slice(0, 2) }));
      return other ? `<a href="${pageName(other.lesson)}">${words}</a>` : words;
    }),
    options.language,
  );
  const rows = lesson.tasks
    .map((task, index) => {
      const number = index + 1;
      const taskDone = Array.isArray(progress?.tasksDone) && progress.tasksDone.includes(number);
      const status = escapeHtml(t(state === 'not-checked' ? 'site.state.notChecked' : taskDone ? 'site.task.done' : 'site.task.open'));
      const statusClass = state === 'not-checked' ? 'unchecked' : taskDone ? 'done' : 'open';
      return `<tr data-task="${number}" data-done="${taskDone}"><td><a href="#task-${number}">${number}. ${renderInline(task.title)}</a></td><td class="num">${task.points}</td><td><span class="task-status task-status-${statusClass}">${status}</span></td></tr>`;
    })
    .join('\n');
  const checked = shortTime(progress?.lastCheckedAt);
  const appendices = listInWords(
    entry.appendices.map((appendix) => `<a href="${appendixPageName(lesson, appendix.file)}">${renderInline(titleOf(appendix.markdown, appendix.file))}</a>`),
    options.language,
  );
  const check = command(`npm run check ${lesson.number}`);
  const checkLine = checked
    ? htmlMessage(t, 'site.status.checkedAt', { time: checked }, { command: check })
    : htmlMessage(t, 'site.status.check', {}, { command: check });
  return `<section class="lesson-status" aria-label="${escapeHtml(t('site.status.label'))}">
${progressBar(lesson, progress, t)}
<ul class="facts">
<li>${htmlMessage(t, 'site.status.edit', {}, { files })}</li>
<li>${checkLine}</li>
${uses ? `<li>${htmlMessage(t, 'site.status.uses', {}, { lessons: uses })}</li>\n` : ''}${appendices ? `<li>${htmlMessage(t, 'site.status.appendices', {}, { pages: appendices })}</li>\n` : ''}</ul>
<div class="table-scroll"><table class="tasks">
<thead><tr><th scope="col">${escapeHtml(t('site.table.task'))}</th><th scope="col" class="num">${escapeHtml(t('site.table.points'))}</th><th scope="col">${escapeHtml(t('site.table.status'))}</th></tr></thead>
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
  const t = options.translate;
  const afterTitle = statusBox(entry, all, options);
  const pageOf = (id: string) => {
    const other = all.find((candidate) => candidate.lesson.id === id);
    return other ? pageName(other.lesson) : undefined;
  };

  let article: string;
  let warnings: string[] = [];
  if (entry.markdown === undefined) {
    const tasks = lesson.tasks.map((_, index) => taskWithHints(index + 1, lesson, options)).join('\n');
    article = `<h1 id="lesson-${lesson.number}">${escapeHtml(lessonTitle(lesson, t))}</h1>\n${afterTitle}<p class="notice">${escapeHtml(t('site.lesson.noText'))}</p>\n<h2 id="tasks">${escapeHtml(t('site.lesson.tasks'))}</h2>\n${tasks}`;
  } else {
    const file = entry.textFile ?? `lessons/${lesson.id}/README.md`;
    const rendered = renderLessonText(entry.markdown, {
      tasks: lesson.tasks,
      afterTitle,
      pageOf,
      siblings: lessonFilePages(entry, options.language),
      language: options.language,
      ...(entry.textLanguage && { textLanguage: entry.textLanguage }),
    });
    warnings = rendered.warnings.map((warning) => `${file}: ${warning}`);
    const missing = lesson.tasks.map((_, index) => index + 1).filter((number) => !rendered.taskHeadings.includes(number));
    for (const number of missing)
      warnings.push(`${file} has no heading for task ${number} ("### Task ${number}: …" in English); its hints are listed at the end.`);
    const extra =
      missing.length === 0
        ? ''
        : `<h2 id="more-tasks">${escapeHtml(t('site.lesson.moreTasks'))}</h2>\n${missing.map((number) => taskWithHints(number, lesson, options)).join('\n')}`;
    article = rendered.html + extra;
  }

  const body = `<nav class="lesson-nav lesson-nav-top" aria-label="${escapeHtml(t('site.nav.lessons'))}">${navLinks(previous, next, t)}</nav>
<main id="main" class="page page-lesson">
<article class="lesson-text"${langAttribute(entry.textLanguage)}>
${article}
</article>
</main>
<nav class="lesson-nav lesson-nav-bottom" aria-label="${escapeHtml(t('site.nav.around'))}">${navLinks(previous, next, t)}</nav>
`;
  return { html: layout(`${lessonTitle(lesson, t)} · ${t('site.workbookTitle')}`, body, options, 'lesson'), warnings };
}

/** An appendix's page: its text, a line back to its lesson, and the same links to the lessons around it. */
export function appendixPage(entry: SiteLesson, appendix: SiteAppendix, all: SiteLesson[], options: PageOptions): { html: string; warnings: string[] } {
  const { lesson } = entry;
  const position = all.indexOf(entry);
  const pageOf = (id: string) => {
    const other = all.find((candidate) => candidate.lesson.id === id);
    return other ? pageName(other.lesson) : undefined;
  };
  const t = options.translate;
  const link = `<a href="${pageName(lesson)}">${escapeHtml(lessonTitle(lesson, t))}</a>`;
  const afterTitle = `<p class="lead">${htmlMessage(t, 'site.appendix.partOf', {}, { lesson: link })}</p>\n`;
  const rendered = renderLessonText(appendix.markdown, {
    tasks: [],
    afterTitle,
    pageOf,
    siblings: lessonFilePages(entry, options.language),
    language: options.language,
    ...(appendix.textLanguage && { textLanguage: appendix.textLanguage }),
  });
  const file = appendix.textFile ?? `lessons/${lesson.id}/${appendix.file}`;
  const warnings = rendered.warnings.map((warning) => `${file}: ${warning}`);
  const nav = navLinks(all[position - 1], all[position + 1], t);
  const body = `<nav class="lesson-nav lesson-nav-top" aria-label="${escapeHtml(t('site.nav.lessons'))}">${nav}</nav>
<main id="main" class="page page-lesson">
<article class="lesson-text"${langAttribute(appendix.textLanguage)}>
${rendered.html}
</article>
</main>
<nav class="lesson-nav lesson-nav-bottom" aria-label="${escapeHtml(t('site.nav.around'))}">${nav}</nav>
`;
  const title = `${titleOf(appendix.markdown, appendix.file)} · ${t('site.workbookTitle')}`;
  return { html: layout(title, body, options, 'lesson'), warnings };
}

/** A task heading with its hints, for tasks the lesson text does not show. */
function taskWithHints(number: number, lesson: Lesson, options: PageOptions): string {
  const task = lesson.tasks[number - 1];
  const heading = htmlMessage(
    options.translate,
    'site.task.heading',
    { number: String(number), points: task?.points ?? 0 },
    { title: renderInline(task?.title ?? '') },
  );
  return `<h3 id="task-${number}" class="task-heading">${heading}</h3>\n${hintsHtml(number, task, options.language)}`;
}

/** Links to the index and to the lessons before and after this one. */
function navLinks(previous: SiteLesson | undefined, next: SiteLesson | undefined, t: Translate): string {
  const link = (entry: SiteLesson, direction: 'previous' | 'next') =>
    `<a class="nav-${direction}" rel="${direction === 'previous' ? 'prev' : 'next'}" href="${pageName(entry.lesson)}">` +
    `<span class="nav-direction">${escapeHtml(t(direction === 'previous' ? 'site.nav.previous' : 'site.nav.next'))}</span> ` +
    `<span class="nav-title">${navTitle(entry.lesson, t)}</span></a>`;
  const before = previous ? link(previous, 'previous') : '<span class="nav-previous nav-none"></span>';
  const after = next ? link(next, 'next') : '<span class="nav-next nav-none"></span>';
  return `<div class="lesson-nav-inner">${before}<a class="nav-index" href="index.html">${escapeHtml(t('site.nav.all'))}</a>${after}</div>`;
}

/**
 * A lesson's name in the navigation: "Lesson 02" with ": Input" after it in a span that narrow
 * screens hide. The title's part is what the whole title adds after the lesson's number.
 */
function navTitle(lesson: Lesson, t: Translate): string {
  const number = t('site.lesson.number', { number: lesson.number });
  const whole = lessonTitle(lesson, t);
  const rest = whole.startsWith(number) ? whole.slice(number.length) : ` ${whole}`;
  return `${escapeHtml(number)}<span class="nav-name">${escapeHtml(rest)}</span>`;
}
