/**
 * A student's feedback as a web page in the look of the workbook's site (`npm run site`): the
 * feedback.md rendered with the site's markdown-it setup, its style sheet and icon inline, so the
 * page keeps its look when it is sent alone and asks no network for anything. It is made from the
 * feedback text only, after its leak check, so it shows nothing the text does not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderLessonText } from '../../site/markdown.ts';
import { pageHead } from '../../site/pages.ts';
import { escapeHtml, printable, visible } from '../../core/text.ts';
import { SOURCE_LANGUAGE, type Language } from '../../core/languages.ts';
import { translator } from '../../i18n/messages.ts';

/** The file name of a student's feedback page, beside their feedback.md. */
export const FEEDBACK_PAGE = 'index.html';

/** The site's files a gradebook folder holds too (the gradebook page and the feedback pages carry their own copy inline). */
export const SITE_ASSETS = ['style.css', 'favicon.svg'] as const;

/** The text of one of the site's files. */
export function siteAsset(name: (typeof SITE_ASSETS)[number]): string {
  return readFileSync(join(import.meta.dirname, '..', '..', 'site', name), 'utf8');
}

/** The site's icon as a data: address, for a page that must stand alone. */
function iconAddress(): string {
  return `data:image/svg+xml,${encodeURIComponent(siteAsset('favicon.svg'))}`;
}

/**
 * The feedback page of one student, from their feedback.md, in the language of the feedback. What
 * the text quotes from the hand-in shows its control characters as pictures (`visible()`), and the
 * name in the title as `?`.
 */
export function feedbackPage(markdown: string, studentName: string, language: Language = SOURCE_LANGUAGE): string {
  const t = translator(language);
  const body = renderLessonText(visible(markdown), { tasks: [], afterTitle: '', pageOf: () => undefined, language }).html;
  const icon = iconAddress();
  const head = pageHead(
    t('studentFeedback.pageTitle', { name: printable(studentName) }),
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="referrer" content="no-referrer">
<style>
${siteAsset('style.css')}
</style>
<link rel="icon" href="${icon}" type="image/svg+xml">`,
  );
  // (The site's page head is English's; a page in another language says which, for fonts and screen readers.)
  const lang = language === SOURCE_LANGUAGE ? head : head.replace('<html lang="en">', `<html lang="${HTML_LANG[language]}">`);
  return `${lang}
<body class="feedback">
<a class="skip-link" href="#main">${escapeHtml(t('studentFeedback.skipLink'))}</a>
<header class="site-header"><div class="site-header-inner"><span class="brand"><img class="brand-logo" src="${icon}" alt="" width="24" height="24">${escapeHtml(t('studentFeedback.workbook'))}</span></div></header>
<main id="main" class="page page-lesson">
<article class="lesson-text">
${body}
</article>
</main>
</body>
</html>
`;
}

/** The lang attribute of a page in each language (Simplified Chinese named as browsers pick its fonts by). */
const HTML_LANG: Record<Language, string> = { en: 'en', ru: 'ru', ca: 'ca', zh: 'zh-Hans' };
