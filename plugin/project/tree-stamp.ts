// What stands at a few paths (folders and files), as one string: a watch session compares it with the
// last one to tell whether a folder listing or a config search could come out differently, without
// redoing it. Adding, removing or renaming an entry changes its folder's time; a file written
// changes its own. Nothing here throws: what cannot be read is part of what stands there.
import { statSync } from 'node:fs';
import path from 'node:path';

/**
 * A time this recent may be shared by a change still to come: file system clocks tick coarsely (a
 * few milliseconds on Linux, a second or two elsewhere), so a stamp holding one is not trusted.
 */
const SETTLE_MS = 2_000;

export interface TreeStamp {
  readonly paths: readonly string[];
  readonly stamp: string;
}

function stampOf(file: string, settled: number): { part: string; recent: boolean } {
  try {
    const s = statSync(file, { bigint: true, throwIfNoEntry: false });
    if (!s) return { part: '-', recent: false };
    return {
      part: `${s.ino}:${s.mode}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`,
      recent: Number(s.mtimeMs) > settled,
    };
  } catch (error) {
    return { part: String((error as NodeJS.ErrnoException).code ?? '?'), recent: false };
  }
}

/** What stands at `file` now, or undefined when it was changed too recently to be told apart later. */
export function settledStamp(file: string): string | undefined {
  const { part, recent } = stampOf(file, Date.now() - SETTLE_MS);
  return recent ? undefined : part;
}

const stampsOf = (paths: readonly string[], settled: number) =>
  paths.map((p) => stampOf(p, settled));

/**
 * The stamp of `paths` as they stand now, to compare later; undefined when one was changed too
 * recently for a later change to be told apart (then the caller looks again next time).
 */
export function takeStamp(paths: readonly string[]): TreeStamp | undefined {
  const stamps = stampsOf(paths, Date.now() - SETTLE_MS);
  if (stamps.some((s) => s.recent)) return undefined;
  return { paths, stamp: stamps.map((s) => s.part).join('|') };
}

/** Whether nothing was added to, removed from or written at the stamped paths since. */
export const stillStands = (taken: TreeStamp): boolean =>
  stampsOf(taken.paths, Number.POSITIVE_INFINITY)
    .map((s) => s.part)
    .join('|') === taken.stamp;

/**
 * `file`, or, when it does not exist, it and the folders above it up to the first that does: a file
 * or folder appearing there changes that folder's time.
 */
export function withNearestFolder(file: string): string[] {
  const chain = [file];
  for (let p = file; !exists(p) && path.dirname(p) !== p; p = path.dirname(p))
    chain.push(path.dirname(p));
  return chain;
}

function exists(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return true; // there, but unreadable: its own stamp says so
  }
}
