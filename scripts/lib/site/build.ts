/**
 * Builds the static site in one language: index.html, one page per lesson, the style sheet. Works
 * opened from disk.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseProgress, type Progress } from '../core/progress.ts';
import { appendixPaths, LESSON_FOLDER, listLessons, readmePath, type Lesson } from '../core/workbook.ts';
import { SOURCE_LANGUAGE, type Language } from '../core/languages.ts';
import { lessonIn, textPathIn } from '../i18n/lesson-text.ts';
import { translator } from '../i18n/messages.ts';
import { appendixPage, appendixPageName, indexPage, lessonPage, pageName, type PageOptions, type SiteAppendix, type SiteLesson } from './pages.ts';

/** What to build and where. */
export interface SiteOptions {
  /** The workbook root (holds lessons/ and package.json). */
  root: string;
  /** The folder the pages are written to. */
  outDir: string;
  /** The student's progress (usually read from .workbook/progress.json). */
  progress: Progress;
  /** Adds a script that reloads open pages after a rebuild (for `--serve`). */
  liveReload?: boolean;
  /** The language of the pages: their texts, titles, hints and every word the site adds (English when not given). */
  language?: Language;
}

/** What a build wrote and what it noticed. */
export interface SiteBuild {
  lessons: Lesson[];
  /** File names written into outDir. */
  files: string[];
  /** Problems in lesson files, in plain words (the build goes on without them). */
  warnings: string[];
}

/** Files a build writes besides the lesson pages. */
const ASSETS = ['style.css', 'favicon.svg'];

/**
 * Every lesson that has a readable lesson.json, in order. A lesson whose lesson.json is broken
 * (perhaps being written right now) is left out with a warning instead of stopping the build.
 */
export function discoverLessons(root: string, warnings: string[]): Lesson[] {
  return listLessons(root, (id, error) => warnings.push(`Left out lesson ${id}: ${error.message}`));
}

/** Builds every page into options.outDir, removing pages of lessons that no longer exist. */
export function buildSite(options: SiteOptions): SiteBuild {
  const warnings: string[] = [];
  const language = options.language ?? SOURCE_LANGUAGE;
  const lessons = discoverLessons(options.root, warnings);
  const entries = lessons.map((lesson) => siteLesson(lesson, options.root, options.progress, language));
  const pageOptions: PageOptions = { language, translate: translator(language), liveReload: options.liveReload === true };

  const pages = new Map<string, string>();
  pages.set('index.html', indexPage(entries, pageOptions));
  for (const entry of entries) {
    const page = lessonPage(entry, entries, pageOptions);
    warnings.push(...page.warnings);
    pages.set(pageName(entry.lesson), page.html);
    for (const appendix of entry.appendices) {
      const appendixHtml = appendixPage(entry, appendix, entries, pageOptions);
      warnings.push(...appendixHtml.warnings);
      pages.set(appendixPageName(entry.lesson, appendix.file), appendixHtml.html);
    }
  }

  mkdirSync(options.outDir, { recursive: true });
  for (const asset of ASSETS) pages.set(asset, readFileSync(join(import.meta.dirname, asset), 'utf8'));
  if (pageOptions.liveReload) pages.set('live-reload.js', readFileSync(join(import.meta.dirname, 'live-reload.js'), 'utf8'));
  for (const [name, content] of pages) writeIfChanged(join(options.outDir, name), content);
  removeStalePages(options.outDir, new Set(pages.keys()));
  return { lessons, files: [...pages.keys()], warnings };
}

/**
 * A progress file at any path (for --progress and the tests): a missing or unreadable file counts
 * as no progress yet, and is left where it is (only the workbook's own file is ever moved aside).
 */
export function readProgressFile(file: string): Progress {
  try {
    return parseProgress(readFileSync(file, 'utf8')) ?? { version: 1, lessons: {} };
  } catch {
    return { version: 1, lessons: {} }; // no file there: no progress yet
  }
}

/**
 * A lesson as the site shows it in a language: its titles and hints, its text and appendices in that
 * language, English wherever a translation is missing (the authoring check names those).
 */
function siteLesson(english: Lesson, root: string, progress: Progress, language: Language): SiteLesson {
  const readme = textIn(readmePath(english), language, root);
  const appendices = appendixPaths(english, root).flatMap((path): SiteAppendix[] => {
    const text = textIn(path, language, root);
    return text
      ? [{ file: basename(path), markdown: text.markdown, textFile: text.path, ...(text.language !== language && { textLanguage: text.language }) }]
      : [];
  });
  return {
    lesson: lessonIn(english, language, root),
    markdown: readme?.markdown,
    ...(readme && { textFile: readme.path }),
    ...(readme && readme.language !== language && { textLanguage: readme.language }),
    progress: progress.lessons[english.id],
    appendices,
  };
}

/** An English text's translation into a language, or the English text where there is none; undefined when neither exists. */
function textIn(englishPath: string, language: Language, root: string): { path: string; markdown: string; language: Language } | undefined {
  const path = textPathIn(englishPath, language, root);
  if (!existsSync(join(root, path))) return undefined;
  return { path, markdown: readFileSync(join(root, path), 'utf8'), language: path === englishPath ? SOURCE_LANGUAGE : language };
}

/** Writes a file unless it already holds exactly this text (so unchanged pages keep their time). */
function writeIfChanged(path: string, content: string): void {
  if (existsSync(path) && readFileSync(path, 'utf8') === content) return;
  writeFileSync(path, content);
}

/** Deletes lesson and appendix pages (NN-slug.html, NN-slug.name.html) and the reload script from an earlier build that this build did not write. */
function removeStalePages(outDir: string, keep: Set<string>): void {
  for (const name of readdirSync(outDir)) {
    const ours = LESSON_FOLDER.test(name.replace(/(\.[\w-]+)?\.html$/, '')) || name === 'live-reload.js';
    if (ours && !keep.has(name)) rmSync(join(outDir, name));
  }
}
