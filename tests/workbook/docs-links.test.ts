/**
 * The README and the pages of docs/ link to each other: every relative link names a file that exists
 * and, with an #anchor, a heading that file has. The README stays a front door, and the part of the
 * student guide a student edition carries links nowhere (the edition holds no docs/).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from '../../scripts/lib/core/workbook.ts';
import { STUDENT_GUIDE } from '../../scripts/lib/teacher/pack/readme.ts';

/** The longest the README may grow. */
const README_MAX_LINES = 150;

/** Every Markdown file under a folder, as paths from the workbook's root. */
function markdownFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const PAGES = ['README.md', ...markdownFiles('docs')];

/** The text outside fenced code blocks and inline code, where links and headings are. */
function prose(markdown: string): string {
  return markdown.replace(/^ *(`{3,})[^\n]*\n[\s\S]*?^ *\1 *$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The anchor a heading gets on GitHub: lower case, punctuation dropped, spaces as dashes. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replaceAll(' ', '-');
}

/** The anchors of a Markdown file's headings (a heading seen before gets -1, -2, … as on GitHub). */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const withoutFences = markdown.replace(/^ *(`{3,})[^\n]*\n[\s\S]*?^ *\1 *$/gm, '');
  for (const match of withoutFences.matchAll(/^#{1,6} +(.*?) *#*$/gm)) {
    const base = slug(match[1] as string);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The relative links of a page's prose: [text](target), web and mail addresses left out. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] as string).filter((target) => !/^[a-z]+:/i.test(target));
}

/** What is wrong with one link of a page, or undefined when it leads somewhere real. */
function problemOf(page: string, target: string): string | undefined {
  const [path = '', anchor] = target.split('#');
  const file = path === '' ? join(ROOT, page) : join(ROOT, dirname(page), decodeURIComponent(path));
  if (!existsSync(file)) return `${page}: ${target} (no file ${relative(ROOT, file)})`;
  if (anchor === undefined || !file.endsWith('.md')) return undefined;
  return anchorsOf(readFileSync(file, 'utf8')).has(anchor) ? undefined : `${page}: ${target} (no such heading in ${relative(ROOT, file)})`;
}

describe('the links between the README and docs/', () => {
  test.each(PAGES)('every relative link of %s leads to a file and a heading that exist', (page) => {
    const links = relativeLinks(readFileSync(join(ROOT, page), 'utf8'));
    expect(links.map((target) => problemOf(page, target)).filter((problem) => problem !== undefined)).toEqual([]);
  });

  test('the README links every page of docs/', () => {
    const links = new Set(relativeLinks(readFileSync(join(ROOT, 'README.md'), 'utf8')).map((target) => target.split('#')[0]));
    expect(markdownFiles('docs').filter((page) => !links.has(page))).toEqual([]);
  });

  test(`the README is a front door: at most ${README_MAX_LINES} lines`, () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  test('the sections of the student guide that a student edition carries link to no file', () => {
    const guide = readFileSync(join(ROOT, STUDENT_GUIDE), 'utf8');
    const carried = guide.slice(guide.search(/^## /m));
    expect(relativeLinks(carried)).toEqual([]);
  });

  test('the checks see links and headings as GitHub does', () => {
    expect(slug('Grading a class: `npm run grade`')).toBe('grading-a-class-npm-run-grade');
    expect(slug('Large courses: `--shard` and `--merge`')).toBe('large-courses---shard-and---merge');
    expect([...anchorsOf('# A\n\n## A\n\n```md\n## B\n```\n')]).toEqual(['a', 'a-1']);
    expect(relativeLinks('See [x](a.md#b), `[y](c.md)` and [the site](https://example.com).')).toEqual(['a.md#b']);
  });
});
