/** The files of a workbook or of a pack, as paths relative to its root. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';

/** Every file under a folder of the workbook, as paths relative to the root (sorted); none when it does not exist. */
export function listFiles(root: string, folder: string): string[] {
  const dir = join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => posix.join(folder, name.split('\\').join('/')))
    .filter((path) => statSync(join(root, path)).isFile())
    .sort();
}

/** Reads every file under a folder into a map (path relative to the folder → content). */
export function readTree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const path of listFiles(dir, '.')) files.set(path.replace(/^\.\//, ''), readFileSync(join(dir, path)));
  return files;
}
