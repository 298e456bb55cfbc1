/**
 * `npm run site -- --serve`: serves the built pages on localhost and rebuilds them whenever the
 * progress file changes (after each `npm run check`) or a lesson's text or lesson.json changes.
 */
import { existsSync, readFileSync, statSync, unwatchFile, watch, watchFile, type FSWatcher } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Translate } from '../i18n/messages.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** A running server and how to stop it. */
export interface SiteServer {
  server: Server;
  port: number;
  /** How many builds there were; open pages reload when it changes. */
  buildNumber(): number;
  /** Rebuilds now (also called by the watchers). */
  rebuild(reason: string): void;
  close(): Promise<void>;
}

/** What the server serves and watches. */
export interface ServeOptions {
  outDir: string;
  /** 0 picks a free port. */
  port: number;
  /** The progress file to watch. */
  progressFile: string;
  /** The lessons folder to watch for text changes. */
  lessonsDir: string;
  /** Builds the site; returns the warnings to print. */
  build(): string[];
  /** Where to report rebuilds. */
  log(line: string): void;
  /** The words of the reports, in the site's language. */
  translate: Translate;
}

/** Starts the server on 127.0.0.1 after a first build. */
export async function serveSite(options: ServeOptions): Promise<SiteServer> {
  let builds = 0;
  const t = options.translate;
  const runBuild = (reason: string) => {
    try {
      const warnings = options.build();
      builds += 1;
      options.log(t('site.serve.rebuilt', { reason }));
      for (const warning of warnings) options.log(`  warning: ${warning}`);
    } catch (error) {
      options.log(t('site.serve.failed', { reason, error: (error as Error).message }));
    }
  };
  runBuild(t('site.serve.start'));

  const server = createServer((request, response) => handle(request, response, options.outDir, () => builds, t('edges.site.notFound')));
  const port = await listen(server, options.port);

  let timer: NodeJS.Timeout | undefined;
  const later = (reason: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => runBuild(reason), 150);
  };

  // Polling the file's status survives the grader replacing the file (write to .tmp, then rename),
  // which a plain fs.watch on the file itself would lose track of.
  const onProgress = () => later(t('site.serve.progressChanged'));
  watchFile(options.progressFile, { interval: 250 }, onProgress);
  let lessonsWatcher: FSWatcher | undefined;
  if (existsSync(options.lessonsDir)) {
    try {
      lessonsWatcher = watch(options.lessonsDir, { recursive: true }, (_event, name) => {
        if (name && /(?:^|[\\/])(?:[^\\/]+\.md|lesson(?:\.[\w-]+)?\.json)$/.test(name.toString()))
          later(t('site.serve.fileChanged', { file: name.toString() }));
      });
    } catch {
      lessonsWatcher = undefined; // no recursive watching here: progress updates still work
    }
  }

  return {
    server,
    port,
    buildNumber: () => builds,
    rebuild: runBuild,
    close: async () => {
      clearTimeout(timer);
      unwatchFile(options.progressFile, onProgress);
      lessonsWatcher?.close();
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections(); // open pages keep a connection for their reload checks
      await closed;
    },
  };
}

/** Listens on 127.0.0.1; resolves with the port in use. */
function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolvePort, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolvePort(typeof address === 'object' && address !== null ? address.port : port);
    });
  });
}

/** Answers one request with a file from outDir, the build number, or 404 with the words `notFound` (in the site's language). */
function handle(request: IncomingMessage, response: ServerResponse, outDir: string, buildNumber: () => number, notFound: string): void {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  if (url.pathname === '/__build') {
    response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(String(buildNumber()));
    return;
  }
  const file = fileFor(outDir, url.pathname);
  if (!file) {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`${notFound}\n`);
    return;
  }
  const body = readFileSync(file);
  response.writeHead(200, {
    'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': 'no-cache',
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** The file a path asks for, only inside outDir ("/" is index.html), or undefined. */
function fileFor(outDir: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const root = resolve(outDir);
  const relative = normalize(decoded).replace(/^[/\\]+/, '');
  const file = resolve(join(root, relative === '' ? 'index.html' : relative));
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  if (!existsSync(file)) return undefined;
  const stats = statSync(file);
  if (stats.isDirectory()) {
    const index = join(file, 'index.html');
    return existsSync(index) ? index : undefined;
  }
  return stats.isFile() ? file : undefined;
}
