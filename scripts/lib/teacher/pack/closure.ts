/** Which files a script of the workbook needs in a pack: its relative imports, followed through the pack. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { relativeImportsOf, rememberImports } from './imports.ts';

/** Files of the workbook a pack may take in when something it holds imports them: scripts and the visible suites' support. */
export function isCopyable(path: string): boolean {
  return path.startsWith('scripts/') || path.startsWith('tests/support/');
}

/**
 * Follows the relative imports of a file through the pack's files. A file of the workbook that a
 * pack may take in (isCopyable) and is not in the pack yet counts as needed (it will be copied);
 * anything else that is not in the pack (a lesson, a hidden test, a file that does not exist) counts
 * as missing.
 */
export function importClosure(root: string, start: string, files: Map<string, Buffer>): { needed: string[]; missing: string[] } {
  const seen = new Set<string>([start]);
  const missing = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const path = queue.shift() as string;
    const content = files.get(path) ?? (isWorkbookFile(root, path) ? readFileSync(join(root, path)) : undefined);
    if (content === undefined) continue;
    for (const specifier of relativeImportsOf(content.toString('utf8'), path)) {
      const target = posix.normalize(posix.join(posix.dirname(path), specifier));
      const candidates = [target, target.replace(/\.js$/, '.ts'), `${target}.ts`, `${target}/index.ts`];
      const inPack = candidates.find((candidate) => files.has(candidate));
      const inWorkbook = candidates.find((candidate) => isWorkbookFile(root, candidate));
      const resolved = inPack ?? (inWorkbook !== undefined && isCopyable(inWorkbook) ? inWorkbook : undefined);
      if (resolved === undefined) {
        missing.add(inWorkbook ?? target);
      } else if (!seen.has(resolved)) {
        seen.add(resolved);
        queue.push(resolved);
      }
    }
  }
  rememberImports();
  return { needed: [...seen], missing: [...missing] };
}

function isWorkbookFile(root: string, path: string): boolean {
  const full = join(root, path);
  return existsSync(full) && statSync(full).isFile();
}
