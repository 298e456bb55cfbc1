/**
 * A student's feedback as a web page in the look of the workbook's site (`npm run site`): the
 * feedback.md rendered with the site's markdown-it setup and style sheet. It is made from the
 * feedback text only, after its leak check, so it shows nothing the text does not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderLessonText } from '../../site/markdown.ts';
import { pageHead } from '../../site/pages.ts';

/** The file name of a student's feedback page, beside their feedback.md. */
export const FEEDBACK_PAGE = 'index.html';

/** The site's files a gradebook folder holds too (feedback pages link them as ../../style.css). */
export const SITE_ASSETS = ['style.css', 'favicon.svg'] as const;

/** The text of one of the site's files. */
export function siteAsset(name: (typeof SITE_ASSETS)[number]): string {
  return readFileSync(join(import.meta.dirname, '..', '..', 'site', name), 'utf8');
}

/** The feedback page of one student, from their feedback.md. */
export function feedbackPage(markdown: string, studentName: string): string {
  const body = renderLessonText(markdown, { tasks: [], afterTitle: '', pageOf: () => undefined }).html;
  const head = pageHead(
    `Feedback for ${studentName} · Tic-Tac-Toe workbook`,
    '<meta name="referrer" content="no-referrer">\n<link rel="stylesheet" href="../../style.css">\n<link rel="icon" href="../../favicon.svg" type="image/svg+xml">',
  );
  return `${head}
<body class="feedback">
<a class="skip-link" href="#main">Skip to the feedback</a>
<header class="site-header"><div class="site-header-inner"><span class="brand"><img class="brand-logo" src="../../favicon.svg" alt="" width="24" height="24">Tic-Tac-Toe workbook</span></div></header>
<main id="main" class="page page-lesson">
<article class="lesson-text">
${body}
</article>
</main>
</body>
</html>
`;
}
