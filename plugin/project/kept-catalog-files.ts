// The files a catalog's include globs match, listed again in a watch session only when a folder the
// globs walk gained, lost or renamed an entry (or a linked file's target changed): editing a file
// leaves the listing as it was, so a run after an edit does not walk the catalog tree.
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import { listCatalogFiles } from '../load/load-catalog.js';
import type { ResolvedCatalogConfig } from '../load/load-config.js';
import { keepLast, keepsLast, lastKept, memoSlot } from '../session-memory.js';
import { stillStands, takeStamp, withNearestFolder, type TreeStamp } from './tree-stamp.js';

interface KeptListing {
  /** The include globs and the folder they start from: another config lists again. */
  readonly globs: string;
  readonly files: string[];
  readonly stamp: TreeStamp;
}

const LISTING = memoSlot<string, KeptListing>(
  'catalog files and the folders they were listed from',
);

/** The folder a glob starts in: its parts before the first one with a glob character. */
function globBase(rootDir: string, pattern: string): string {
  const parts = pattern.split('/');
  const firstGlob = parts.findIndex((p) => /[*?[\]{}()!+@]/.test(p));
  return path.resolve(rootDir, ...parts.slice(0, firstGlob === -1 ? parts.length - 1 : firstGlob));
}

/**
 * What decides the listing: every folder the globs may walk (each base and every folder under it,
 * as the listing skips them), the nearest existing folder of a base that is missing, and the matched
 * files that are links (a link's target may go without its folder changing).
 */
function listingPaths(config: ResolvedCatalogConfig, files: readonly string[]): string[] {
  const bases = [
    ...new Set(
      config.include.filter((p) => !p.startsWith('!')).map((p) => globBase(config.rootDir, p)),
    ),
  ];
  const folders = globSync(
    bases.map((b) => `${path.relative(config.rootDir, b).split(path.sep).join('/') || '.'}/**`),
    { cwd: config.rootDir, absolute: true, onlyDirectories: true, ignore: ['**/node_modules/**'] },
  ).map((f) => path.resolve(f));
  const links = files.filter((f) => {
    try {
      return lstatSync(f).isSymbolicLink();
    } catch {
      return true;
    }
  });
  return [...new Set([...bases.flatMap(withNearestFolder), ...folders, ...links])].sort();
}

/** `listCatalogFiles(config)`; in a watch session, the last listing while its folders stand unchanged. */
export async function keptCatalogFiles(config: ResolvedCatalogConfig): Promise<string[]> {
  if (!keepsLast()) return listCatalogFiles(config);
  const name = `${config.configFile}\0${config.name}`;
  const globs = JSON.stringify([config.rootDir, config.include]);
  const known = lastKept(LISTING, name);
  if (known && known.globs === globs && stillStands(known.stamp)) return known.files;
  // Stamped before listing, so a change made while listing shows next time; kept only when the
  // folders walked are still those stamped (none appeared meanwhile) and none changed too recently.
  const paths = listingPaths(config, known?.files ?? []);
  const stamp = takeStamp(paths);
  const files = await listCatalogFiles(config);
  const walked = listingPaths(config, files);
  if (stamp && walked.length === paths.length && walked.every((p, i) => p === paths[i]))
    keepLast(LISTING, name, { globs, files, stamp });
  return files;
}
