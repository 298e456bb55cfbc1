/** Builds the static site: index.html, one page per lesson, the style sheet. Works opened from disk. */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parseProgress, type Progress } from '../core/progress.ts';
import { basename, join } from 'node:path';
import { appendixPaths, LESSON_FOLDER, listLessons, readmePath, type Lesson } from '../core/workbook.ts';
import { appendixPage, appendixPageName, indexPage, lessonPage, pageName, type PageOptions, type SiteLesson } from './pages.ts';

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
}

/** What a build wrote and what it noticed. */
export interface SiteBuild {
  lessons: Lesson[];
  /** File names written into outDir. */
  files: string[];
  /** Problems in lesson files, in plain words (the build goes on without them). */
  warnings: string[];
}

const WORKBOOK_TITLE = 'Tic-Tac-Toe workbook';

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
  const lessons = discoverLessons(options.root, warnings);
  const entries: SiteLesson[] = lessons.map((lesson) => {
    const readme = join(options.root, readmePath(lesson));
    return {
      lesson,
      markdown: existsSync(readme) ? readFileSync(readme, 'utf8') : undefined,
      progress: options.progress.lessons[lesson.id],
      appendices: appendixPaths(lesson, options.root).map((path) => ({ file: basename(path), markdown: readFileSync(join(options.root, path), 'utf8') })),
    };
  });
  const pageOptions: PageOptions = { workbookTitle: WORKBOOK_TITLE, liveReload: options.liveReload === true };

  const pages = new Map<string, string>();
  pages.set('index.html', indexPage(entries, workbookDescription(options.root), pageOptions));
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

/** The one-line description of the workbook from package.json. */
function workbookDescription(root: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { description?: unknown };
    if (typeof pkg.description === 'string') return pkg.description;
  } catch {
    // no package.json: use the default below
  }
  return 'Learn TypeScript by building Tic-Tac-Toe, one lesson at a time.';
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
