// Where a path really is once symbolic links are followed: the writer writes, replaces and removes
// only files whose real place lies in their output folder's real place, never through a link out.
import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** Real paths found during one write, by the path asked about: each folder is resolved once. */
export type RealPlaces = Map<string, string>;

const missingPart = (code: unknown) => code === 'ENOENT' || code === 'ENOTDIR';

/**
 * `target` with every symbolic link in the part that exists resolved, and the part that does not
 * exist yet (folders the write would create) appended as spelled. Throws what resolving throws
 * besides a missing part (a link loop, permission denied).
 */
export function realPlace(target: string, known: RealPlaces = new Map()): string {
  const rest: string[] = [];
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    let real = known.get(dir);
    if (real === undefined) {
      try {
        real = realpathSync.native(dir);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (!missingPart(code) || path.dirname(dir) === dir) throw error;
        rest.unshift(path.basename(dir));
        continue;
      }
      known.set(dir, real);
    }
    return path.join(real, ...rest);
  }
}

/** Whether `file` is `folder` or lies in it (both real, or both as spelled). */
export const liesIn = (folder: string, file: string) =>
  file === folder || file.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep);

/** Whether a symbolic link stands at `file` itself (a generated file is never one). */
export function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The first symbolic link on the way from `folder` down to `file` (for a message), if any. */
export function linkOnTheWay(folder: string, file: string): string | undefined {
  const parts = path.relative(folder, file).split(path.sep);
  let at = folder;
  if (isLink(at)) return at;
  for (const part of parts) {
    at = path.join(at, part);
    if (isLink(at)) return at;
  }
  return undefined;
}

/** Whether a regular file (not a link) stands at `file`, and really lies in `folder`. */
export function isFileReallyIn(folder: string, file: string): boolean {
  try {
    if (lstatSync(file, { throwIfNoEntry: false })?.isFile() !== true) return false;
    return liesIn(realPlace(folder), path.join(realPlace(path.dirname(file)), path.basename(file)));
  } catch {
    return false;
  }
}
