/**
 * `npm run site`: the lessons as web pages in build/site, with your points, in the language chosen
 * (--lang, else the edition's, else the locale's, else English); `-- --serve` serves and refreshes them.
 */
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { LANGUAGE_OPTION, LANGUAGE_USAGE, parseCommandLine, runCommand } from './lib/core/cli.ts';
import { progressPath, readProgress, type Progress } from './lib/core/progress.ts';
import { buildSite, readProgressFile } from './lib/site/build.ts';
import { serveSite, type SiteServer } from './lib/site/serve.ts';
import { ROOT, UsageError } from './lib/core/workbook.ts';
import { chooseLanguage } from './lib/i18n/choose.ts';
import { translator } from './lib/i18n/messages.ts';

const USAGE = `
Usage: npm run site [-- --serve] [--port N] [--out DIR] [--progress FILE] [--lang LANG]

Writes every lesson as a web page into build/site (open build/site/index.html in a browser),
with the points of your latest npm run check, in one language.

  --serve          also serve the pages on http://127.0.0.1:8080 and rebuild them after each
                   npm run check, so open pages show your new points (Ctrl+C stops it)
  --port N         the port for --serve (default 8080; 0 picks a free one)
  --out DIR        write the pages into DIR instead of build/site
  --progress FILE  read the points from FILE instead of .workbook/progress.json
${LANGUAGE_USAGE}
`;

runCommand(USAGE, async () => {
  const { values, positionals } = parseCommandLine({
    serve: { type: 'boolean', default: false },
    port: { type: 'string' },
    out: { type: 'string' },
    progress: { type: 'string' },
    ...LANGUAGE_OPTION,
  });
  const language = chooseLanguage({ option: values.lang, root: ROOT });
  const t = translator(language);
  if (positionals.length > 0) throw new UsageError(`npm run site takes no lesson names (it builds every lesson); got "${positionals.join(' ')}".`);
  const outDir = resolve(values.out ?? join(ROOT, 'build', 'site'));
  const progressFile = values.progress !== undefined ? resolve(values.progress) : progressPath(ROOT);
  if (values.progress !== undefined && !existsSync(progressFile)) throw new UsageError(`There is no progress file ${values.progress}.`);
  const port = parsePort(values.port);
  if (values.port !== undefined && !values.serve) throw new UsageError('--port only makes sense with --serve.');

  const build = (liveReload: boolean) => buildSite({ root: ROOT, outDir, progress: progressFrom(progressFile), liveReload, language });
  const shown = relative(process.cwd(), outDir) || '.';

  if (!values.serve) {
    const result = build(false);
    for (const warning of result.warnings) console.warn(`warning: ${warning}`);
    const count = result.lessons.length;
    console.log(t('site.command.wrote', { count, folder: shown }));
    console.log(t('site.command.open', { file: join(shown, 'index.html') }));
    return 0;
  }

  let site: SiteServer;
  try {
    site = await serveSite({
      outDir,
      port,
      progressFile,
      lessonsDir: join(ROOT, 'lessons'),
      build: () => build(true).warnings,
      log: (line) => console.log(line),
      translate: t,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new UsageError(t('site.command.portInUse', { port: String(port), next: String(port + 1) }));
    }
    throw error;
  }
  console.log(t('site.command.serving', { address: `http://127.0.0.1:${site.port}/` }));
  console.log(t('site.command.servingNext'));
  await new Promise<void>((done) => {
    const stop = () => {
      void site.close().then(done);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
});

/** The port from --port: a whole number from 0 to 65535 (8080 when not given). */
function parsePort(text: string | undefined): number {
  if (text === undefined) return 8080;
  if (!/^\d+$/.test(text) || Number(text) > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535, not "${text}".`);
  return Number(text);
}

/** The progress to show: the file's content, or none yet when it is missing or unreadable. */
function progressFrom(file: string): Progress {
  if (file === progressPath(ROOT)) return readProgress(ROOT);
  return readProgressFile(file);
}
