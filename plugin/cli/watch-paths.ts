// What `generate --watch` watches, and how it tells that the file tree changed under its watchers: a
// folder moved away and back, a file replaced by a folder, a mode changed. Nothing here throws on a
// path it cannot read: what cannot be read is part of what stands there.
import { existsSync, lstatSync, statSync } from 'node:fs';
import path from 'node:path';
import type { GenerateResult } from '../generate.js';
import { pathsToRead } from '../render/render-catalog.js';
import { renderersOf } from '../targets/index.js';

/** The folder a glob starts in: its parts before the first one with a glob character. */
export function globBase(rootDir: string, pattern: string): string {
  const parts = pattern.split('/');
  const firstGlob = parts.findIndex((p) => /[*?[\]{}()!]/.test(p));
  // A pattern without glob characters names one file: its folder is watched.
  return path.resolve(rootDir, ...parts.slice(0, firstGlob === -1 ? parts.length - 1 : firstGlob));
}

/** Everything a run read or may read next time: sources, the include globs' folders, locale and binding files. */
export function watchedPaths(result: GenerateResult): string[] {
  const paths = new Set<string>(result.inputs);
  if (result.configFile) paths.add(result.configFile);
  for (const c of result.catalogs) {
    for (const pattern of c.config.include) paths.add(globBase(c.config.rootDir, pattern));
    if (c.model) for (const file of pathsToRead(c.model, renderersOf(c.model))) paths.add(file);
  }
  return [...paths].sort();
}

/** Every file a run emitted (create-only ones aside: the app owns them once written). */
export function outputPaths(result: GenerateResult): string[] {
  return result.catalogs.flatMap((c) =>
    [...c.files].filter(([, f]) => !f.createOnly).map(([file]) => file),
  );
}

const exists = (p: string) => {
  try {
    return existsSync(p);
  } catch {
    return false;
  }
};

/**
 * For each path that does not exist, the nearest folder above it that does: watched for its own
 * entries, it shows the path (or a folder on its way) appearing — a new file that would take over an
 * import, a folder moved back.
 */
export function anchorsOfMissing(paths: Iterable<string>): string[] {
  const found = new Set<string>();
  for (const p of paths) {
    if (exists(p)) continue;
    let dir = path.dirname(p);
    while (!exists(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
    found.add(dir);
  }
  return [...found];
}

/** Whether `file` is one of `watched`, or a folder on the way to one. */
export function leadsTo(watched: ReadonlySet<string>, file: string): boolean {
  if (watched.has(file)) return true;
  for (const w of watched) if (w.startsWith(file + path.sep)) return true;
  return false;
}

/** The folders the paths lie in (where a move, a swap or a mode change takes the watchers' ground away). */
export const foldersOf = (paths: Iterable<string>): string[] =>
  [...new Set([...paths].map((p) => path.dirname(p)))].sort();

/**
 * What stands at each path, as one string: its inode and mode (and, `withContent`, its size and
 * time), or the error that reading it gives. Two equal strings: nothing was moved, replaced,
 * re-permissioned (or written) in between.
 */
export function standing(paths: Iterable<string>, withContent: boolean): string {
  const parts: string[] = [];
  for (const p of paths) {
    try {
      const s = lstatSync(p);
      parts.push(`${s.ino}:${s.mode}${withContent ? `:${s.size}:${s.mtimeMs}` : ''}`);
    } catch (error) {
      parts.push(String((error as NodeJS.ErrnoException).code ?? '?'));
    }
  }
  return parts.join('|');
}

/**
 * What kind of thing stands at each path, as one string: a file, a folder, a link, nothing, or
 * something that cannot be read. A watcher set up for a file goes blind when a folder replaces it.
 */
export function shapes(paths: Iterable<string>): string {
  let shape = '';
  for (const p of paths) {
    try {
      const s = lstatSync(p, { throwIfNoEntry: false });
      shape += !s ? '-' : s.isFile() ? 'f' : s.isDirectory() ? 'd' : s.isSymbolicLink() ? 'l' : 'o';
    } catch {
      shape += '?';
    }
  }
  return shape;
}

/** When `file` was last written, or 0 when that cannot be read. */
export function writtenAt(file: string): number {
  try {
    return statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  } catch {
    return 0;
  }
}
