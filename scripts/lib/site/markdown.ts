/**
 * Lesson text (README.md, or README.ru.md and the other languages) to HTML with markdown-it: headings
 * get ids, task headings get their hints folded underneath, TypeScript is highlighted, sample outputs
 * keep every space, links between lessons point at the lesson pages, and a line break between two
 * Chinese characters joins them without a space. The words the page adds come from the catalogs.
 */
import MarkdownIt from 'markdown-it';
import type { Env, MarkdownIt as MarkdownItInstance, Token } from 'markdown-it';
import { LESSON_ID, type TaskMeta } from '../core/workbook.ts';
import { escapeHtml } from '../core/text.ts';
import { SOURCE_LANGUAGE, type Language } from '../core/languages.ts';
import { translator, type Translate } from '../i18n/messages.ts';
import { highlightShell, highlightTypeScript } from './highlight.ts';

/** A link to a lesson's folder or README ("../02-input/README.md#task-2"): the lesson id, and the anchor. */
const LESSON_LINK = new RegExp(String.raw`^(?:\.\./|\./)?(${LESSON_ID})/?(?:README\.md)?(#[\w-]*)?$`);

/** What the renderer needs to know about the lesson besides its text. */
export interface LessonTextContext {
  /** The lesson's tasks from lesson.json, to fold their hints under the task headings. */
  tasks: TaskMeta[];
  /** HTML placed right after the lesson's title (the progress box). */
  afterTitle: string;
  /** The page of another lesson, by folder name ("02-input" → "02-input.html"), or undefined if it has none. */
  pageOf(lessonId: string): string | undefined;
  /** The pages of the Markdown files beside this text, by file name ("games.md" → "08-tutorials.games.html"). */
  siblings?: Readonly<Record<string, string>>;
  /** The language of the words the page adds (captions, hints, the folded answer's prompt); English when not given. */
  language?: Language;
  /** The language the text is written in, when it is not `language` (a translation not written yet): its headings are found in it. */
  textLanguage?: Language;
}

/** The lesson text as HTML, plus what the renderer noticed on the way. */
export interface RenderedText {
  html: string;
  /** Task numbers that had a "### Task N: …" heading (their hints were placed there). */
  taskHeadings: number[];
  /** Things a lesson author should fix, in plain words. */
  warnings: string[];
}

/**
 * A task heading in any language: a word, the task's number, a colon (Chinese writes a full-width
 * one): "Task 2: Draw the board (30 points)", "Задание 2: …", "Tasca 2: …", "任务 2：…".
 */
const TASK_HEADING = /^\p{Letter}+\s*(\d+)\s*[:：]/u;

/**
 * Characters written without spaces between them (Chinese and Japanese script, Korean, their
 * punctuation and full-width forms): a line break between two of them is no space in the page.
 */
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

/** Curly quotes, which Chinese text uses too: they join a wide character without a space. */
const QUOTE = /[\u2018\u2019\u201c\u201d]/;

/** Languages shown as TypeScript. */
const TYPESCRIPT = new Set(['ts', 'typescript', 'js', 'javascript', 'tsx']);

/** Languages shown as a terminal command. */
const SHELL = new Set(['sh', 'bash', 'shell', 'console']);

/** Renders a lesson's README.md. */
export function renderLessonText(markdown: string, context: LessonTextContext): RenderedText {
  const md = lessonMarkdown();
  const warnings: string[] = [];
  const env: RenderEnv = { translate: translator(context.language ?? SOURCE_LANGUAGE) };
  const tokens = md.parse(markdown, env);
  const taskHeadings = transformTokens(tokens, context, env.translate, warnings);
  return { html: md.renderer.render(tokens, md.options, env), taskHeadings, warnings };
}

/** What the renderer's rules are given: the words of the page's language. */
interface RenderEnv extends Env {
  translate: Translate;
}

/** The words of the page's language from what a rule is given (English when it was not given). */
function wordsOf(env: Env | undefined): Translate {
  return typeof env?.translate === 'function' ? (env.translate as Translate) : translator(SOURCE_LANGUAGE);
}

/** Renders one line of markdown (a hint, a title) without a surrounding paragraph. */
export function renderInline(text: string): string {
  return lessonMarkdown().renderInline(text);
}

let shared: MarkdownItInstance | undefined;

/** The configured markdown-it: no raw HTML from the text, no typographic replacements. */
function lessonMarkdown(): MarkdownItInstance {
  if (shared) return shared;
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  md.core.ruler.push('join_wide_lines', (state) => {
    for (const token of state.tokens) if (token.type === 'inline') joinWideLines(token.children ?? []);
  });
  md.renderer.rules.fence = (tokens, index, _options, env) => renderFence(tokens[index] as Token, wordsOf(env));
  md.renderer.rules.code_inline = (tokens, index) => {
    const code = (tokens[index] as Token).content;
    // Short code stays on one line; long code may wrap at its spaces. Both keep every space.
    return `<code${code.length <= 24 ? ' class="nowrap"' : ''}>${escapeHtml(code)}</code>`;
  };
  md.renderer.rules.table_open = () => '<div class="table-scroll"><table class="stack">\n';
  md.renderer.rules.table_close = () => '</table></div>\n';
  shared = md;
  return md;
}

/**
 * Drops the line breaks of the source between two wide characters ("…棋盘" at a line's end, "上…" at
 * the next one's start), which would otherwise show as a space in the middle of a Chinese sentence.
 */
function joinWideLines(children: Token[]): void {
  for (const [index, child] of children.entries()) {
    if (child.type !== 'softbreak') continue;
    const before = textBeside(children, index, -1).at(-1) ?? '';
    const after = textBeside(children, index, 1).at(0) ?? '';
    const joins = (WIDE.test(before) && (WIDE.test(after) || QUOTE.test(after))) || (QUOTE.test(before) && WIDE.test(after));
    if (joins) {
      child.type = 'text';
      child.content = '';
    }
  }
}

/** The text next to a token on one side, looking past emphasis marks; empty next to code or a link's end. */
function textBeside(children: Token[], index: number, step: 1 | -1): string {
  for (let at = index + step; at >= 0 && at < children.length; at += step) {
    const token = children[at] as Token;
    if (token.type === 'text') return token.content;
    if (!/^(?:em|strong|s)_(?:open|close)$/.test(token.type)) return '';
  }
  return '';
}

/** A fenced block: highlighted code, a terminal command, or a sample output that keeps every space. */
function renderFence(token: Token, t: Translate): string {
  const [language = '', ...rest] = token.info.trim().split(/\s+/);
  const example = rest.map((word) => /^example=([\w-]+)$/.exec(word)?.[1]).find((name) => name !== undefined);
  const code = token.content.replace(/\n$/, '');
  const lang = language.toLowerCase();
  if (TYPESCRIPT.has(lang)) {
    return `<figure class="code"><figcaption>TypeScript</figcaption><pre class="code-ts"><code>${highlightTypeScript(code)}</code></pre></figure>\n`;
  }
  if (SHELL.has(lang)) {
    return `<figure class="code code-terminal"><figcaption>${escapeHtml(t('site.code.terminal'))}</figcaption><pre class="code-sh"><code>${highlightShell(code)}</code></pre></figure>\n`;
  }
  const name = example ? ` data-example="${escapeHtml(example)}"` : '';
  const caption = escapeHtml(example ? t('site.code.exactOutput') : t('site.code.text'));
  const hasTrailing = /[ \t]$/m.test(code);
  const legend = hasTrailing ? `<span class="legend"><span class="trail"> </span> ${escapeHtml(t('site.code.trailingSpace'))}</span>` : '';
  return `<figure class="code code-output"><figcaption>${caption}${legend}</figcaption><pre class="output"${name}><code>${markTrailingSpace(code)}</code></pre></figure>\n`;
}

/** Sample output as HTML with spaces at line ends wrapped in a span, so the page can make them visible. */
function markTrailingSpace(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const match = /^(.*?)([ \t]+)$/.exec(line);
      if (!match) return escapeHtml(line);
      return `${escapeHtml(match[1] ?? '')}<span class="trail">${match[2] ?? ''}</span>`;
    })
    .join('\n');
}

/** Adds ids, the progress box, hints and lesson links to the token list; returns the task numbers found. */
function transformTokens(tokens: Token[], context: LessonTextContext, t: Translate, warnings: string[]): number[] {
  const answerHeading = translator(context.textLanguage ?? context.language ?? SOURCE_LANGUAGE)('site.answer.heading');
  const language = context.language ?? SOURCE_LANGUAGE;
  const usedIds = new Set<string>();
  const found: number[] = [];
  let openTask: number | undefined;
  let answerOpen = false;
  let titleSeen = false;
  const output: Token[] = [];
  const table = { headers: [] as string[], column: 0 };

  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    const level = token.type === 'heading_open' ? Number(token.tag.slice(1)) : 0;

    if (level > 0 && level <= 3 && openTask !== undefined) {
      output.push(htmlToken(hintsHtml(openTask, context.tasks[openTask - 1], language)));
      openTask = undefined;
    }
    if (level > 0 && level <= 2 && answerOpen) {
      output.push(htmlToken('</div></details>\n'));
      answerOpen = false;
    }
    if (level === 2 && inlineText(tokens[index + 1]).startsWith(answerHeading)) {
      const text = inlineText(tokens[index + 1]);
      const id = uniqueId(slugify(text), usedIds);
      output.push(htmlToken(answerOpening(id, renderInline(text), t)));
      answerOpen = true;
      index += 2;
      continue;
    }
    if (level > 0) {
      const text = inlineText(tokens[index + 1]);
      const task = level === 3 ? TASK_HEADING.exec(text) : null;
      if (task) {
        const number = Number(task[1]);
        token.attrSet('id', uniqueId(`task-${number}`, usedIds));
        token.attrSet('class', 'task-heading');
        if (context.tasks[number - 1]) {
          openTask = number;
          found.push(number);
        } else {
          warnings.push(`The text has a heading "${text}", but lesson.json has no task ${number}.`);
        }
      } else {
        token.attrSet('id', uniqueId(slugify(text), usedIds));
      }
    }
    if (token.type === 'inline') rewriteLinks(token, context, warnings);
    labelTableCells(token, tokens[index + 1], table);

    output.push(token);

    if (token.type === 'heading_close' && token.tag === 'h1' && !titleSeen) {
      titleSeen = true;
      output.push(htmlToken(context.afterTitle));
    }
  }
  if (openTask !== undefined) output.push(htmlToken(hintsHtml(openTask, context.tasks[openTask - 1], language)));
  if (answerOpen) output.push(htmlToken('</div></details>\n'));
  if (!titleSeen) output.unshift(htmlToken(context.afterTitle));
  tokens.splice(0, tokens.length, ...output);
  return found;
}

/**
 * Gives every table cell a data-label with its column's heading, so on a phone, where a table's
 * rows are shown one under the other, each value still says what it is.
 */
function labelTableCells(token: Token, next: Token | undefined, table: { headers: string[]; column: number }): void {
  if (token.type === 'table_open') table.headers = [];
  if (token.type === 'th_open') table.headers.push(inlineText(next));
  if (token.type === 'tr_open') table.column = 0;
  if (token.type === 'td_open') {
    const label = table.headers[table.column];
    if (label) token.attrSet('data-label', label);
    table.column += 1;
  }
}

/** The start of a folded answer section: its heading is the summary a student clicks to open it. */
function answerOpening(id: string, title: string, t: Translate): string {
  return (
    `<details class="answer" id="${escapeHtml(id)}"><summary><h2>${title}</h2>` +
    `<span class="hint-kind">${escapeHtml(t('site.answer.prompt'))}</span></summary><div class="answer-body">\n`
  );
}

/** A token that is written to the page as it is. */
function htmlToken(html: string): Token {
  const token = new MarkdownIt.Token('html_block', '', 0);
  token.content = html;
  return token;
}

/** The plain text of a heading's inline token. */
function inlineText(token: Token | undefined): string {
  if (token?.type !== 'inline') return '';
  return (token.children ?? []).map((child) => child.content).join('');
}

/** "Task 2: Draw the board (30 points)" → "task-2-draw-the-board-30-points". */
export function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{Letter}\p{Number}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'section' : slug;
}

/** The id itself, or the id with -2, -3, … when the page already has it. */
function uniqueId(id: string, used: Set<string>): string {
  let candidate = id;
  for (let count = 2; used.has(candidate); count += 1) candidate = `${id}-${count}`;
  used.add(candidate);
  return candidate;
}

/**
 * Links in the text: another lesson's README.md becomes that lesson's page, a Markdown file beside
 * the text (an appendix, or the README from an appendix) becomes its page, web addresses stay,
 * a link to a file the site does not have becomes plain text (and a warning).
 */
function rewriteLinks(inline: Token, context: LessonTextContext, warnings: string[]): void {
  const children = inline.children ?? [];
  for (let index = 0; index < children.length; index += 1) {
    const child = children[index] as Token;
    if (child.type !== 'link_open') continue;
    const href = String(child.attrGet('href') ?? '');
    if (/^https?:\/\//i.test(href)) {
      child.attrSet('rel', 'noopener noreferrer');
      continue;
    }
    if (href.startsWith('#') || /^mailto:/i.test(href)) continue;
    const lessonLink = LESSON_LINK.exec(href);
    const page = lessonLink ? context.pageOf(lessonLink[1] as string) : undefined;
    if (page) {
      child.attrSet('href', `${page}${lessonLink?.[2] ?? ''}`);
      continue;
    }
    const [file = '', anchor] = href.replace(/^\.\//, '').split('#');
    const sibling = context.siblings?.[file];
    if (sibling) {
      child.attrSet('href', anchor === undefined ? sibling : `${sibling}#${anchor}`);
      continue;
    }
    warnings.push(`The link to "${href}" has no page in the site; it is shown as plain text.`);
    const close = children.findIndex((other, at) => at > index && other.type === 'link_close');
    if (close > index) {
      children.splice(close, 1);
      children.splice(index, 1);
      index -= 1;
    }
  }
}

/**
 * A task's hints, folded one inside the other: opening a hint shows it and the heading of the next,
 * more concrete one, so a student reveals only as much as they need.
 */
export function hintsHtml(taskNumber: number, task: TaskMeta | undefined, language: Language = SOURCE_LANGUAGE): string {
  const hints = task?.hints ?? [];
  if (hints.length === 0) return '';
  const t = translator(language);
  let inner = '';
  for (let level = hints.length; level >= 1; level -= 1) {
    const kind = t(level === 1 ? 'site.hint.gentle' : level === hints.length ? 'site.hint.mostConcrete' : 'site.hint.moreConcrete');
    const summary = t('site.hint.summary', { level: String(level), count: String(hints.length) });
    inner =
      `<details class="hint" data-level="${level}"><summary>${escapeHtml(summary)} <span class="hint-kind">${escapeHtml(kind)}</span></summary>` +
      `<div class="hint-body"><p>${renderInline(hints[level - 1] ?? '')}</p>${inner}</div></details>`;
  }
  const label = t('site.hints.label', { number: String(taskNumber) });
  return `<div class="hints" data-task="${taskNumber}" aria-label="${escapeHtml(label)}">${inner}</div>\n`;
}
