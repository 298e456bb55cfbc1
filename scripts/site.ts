/**
 * `npm run site`: the lessons as web pages in build/site, with your points, in the language chosen
 * (--lang, else the edition's, else the locale's, else English); `-- --serve` serves and refreshes them.
 */
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { checkLanguage, commandSpeech, LANGUAGE_OPTION, parseCommandLine, runCommand } from './lib/command-line/cli.ts';
import { progressPath, readProgress, type Progress } from './lib/core/progress.ts';
import { buildSite, readProgressFile } from './lib/site/build.ts';
import { serveSite, type SiteServer } from './lib/site/serve.ts';
import { ROOT, UsageError } from './lib/core/workbook.ts';

/** The language site speaks (command-line/cli.ts's commandLanguage), its words and its usage. */
const { language, t, usage: USAGE } = commandSpeech('usage.site');

runCommand(
  USAGE,
  async () => {
    const { values, positionals } = parseCommandLine(
      {
        serve: { type: 'boolean', default: false },
        port: { type: 'string' },
        out: { type: 'string' },
        progress: { type: 'string' },
        ...LANGUAGE_OPTION,
      },
      undefined,
      t,
    );
    checkLanguage(values.lang, t, language);
    if (positionals.length > 0) throw new UsageError(t('errors.site.lessonNames', { names: positionals.join(' ') }));
    const outDir = resolve(values.out ?? join(ROOT, 'build', 'site'));
    const progressFile = values.progress !== undefined ? resolve(values.progress) : progressPath(ROOT);
    if (values.progress !== undefined && !existsSync(progressFile)) throw new UsageError(t('errors.site.noProgressFile', { file: values.progress }));
    const port = parsePort(values.port);
    if (values.port !== undefined && !values.serve) throw new UsageError(t('errors.site.portWithoutServe'));

    const build = (liveReload: boolean) => buildSite({ root: ROOT, outDir, progress: progressFrom(progressFile), liveReload, language });
    const shown = relative(process.cwd(), outDir) || '.';

    if (!values.serve) {
      const result = build(false);
      for (const warning of result.warnings) console.warn(t('errors.site.warning', { warning }));
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
  },
  t,
);

/** The port from --port: a whole number from 0 to 65535 (8080 when not given). */
function parsePort(text: string | undefined): number {
  if (text === undefined) return 8080;
  if (!/^\d+$/.test(text) || Number(text) > 65535) throw new UsageError(t('errors.site.port', { value: text }));
  return Number(text);
}

/** The progress to show: the file's content, or none yet when it is missing or unreadable. */
function progressFrom(file: string): Progress {
  if (file === progressPath(ROOT)) return readProgress(ROOT);
  return readProgressFile(file);
}
