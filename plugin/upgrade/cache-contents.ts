// What the SDK cache holds (whole installs, types-only copies, fetches left half-done by a process that
// is gone) and their sizes on disk, and `cache --clean`: every whole install but the last one used goes.
import { existsSync } from 'node:fs';
import { lstat, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { compareVersions, isVersion } from '../language/versions.js';
import { LAST_USED } from './sdk-cache.js';

interface CachedVersion {
  readonly version: string;
  readonly dir: string;
  readonly bytes: number;
  /** When an `upgrade` last used it (ms since the epoch); for an older fetch, its folder's time. */
  readonly lastUsed: number;
}

export interface CacheContents {
  readonly root: string;
  /** Whole installs (the SDK, its peers, this platform's runtime), oldest version first. */
  readonly versions: readonly CachedVersion[];
  /** The types of versions read to find when a tool came or went. */
  readonly types: { readonly count: number; readonly bytes: number };
  /** Temporary folders of fetches whose process is gone. */
  readonly leftovers: readonly string[];
  readonly bytes: number;
}

/** Bytes of every file under `entry`, symbolic links not followed. */
async function sizeOf(entry: string): Promise<number> {
  const info = await lstat(entry).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const name of await readdir(entry)) total += await sizeOf(path.join(entry, name));
  return total;
}

/** A fetch's temporary folder (`<version>.<pid>.<random>.tmp`) whose process no longer runs. */
function abandoned(name: string): boolean {
  const pid = Number(/\.(\d+)\.[a-z0-9]+\.tmp(?:-install)?$/.exec(name)?.[1]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function entries(dir: string): Promise<string[]> {
  return existsSync(dir) ? readdir(dir) : [];
}

export async function cacheContents(root: string): Promise<CacheContents> {
  const versions: CachedVersion[] = [];
  const leftovers: string[] = [];
  for (const kind of ['sdk', 'sdk-types'])
    for (const name of await entries(path.join(root, kind)))
      if (abandoned(name)) leftovers.push(path.join(root, kind, name));
  for (const name of (await entries(path.join(root, 'sdk'))).filter(isVersion)) {
    const dir = path.join(root, 'sdk', name);
    const used = await stat(path.join(dir, LAST_USED)).catch(() => stat(dir));
    versions.push({ version: name, dir, bytes: await sizeOf(dir), lastUsed: used.mtimeMs });
  }
  versions.sort((a, b) => compareVersions(a.version, b.version));
  const typeNames = (await entries(path.join(root, 'sdk-types'))).filter(isVersion);
  const typesBytes = await sizeOf(path.join(root, 'sdk-types'));
  return {
    root,
    versions,
    types: { count: typeNames.length, bytes: typesBytes },
    leftovers,
    bytes: await sizeOf(root),
  };
}

/**
 * Removes every whole install but the one an `upgrade` used last (the next nightly check needs it
 * again), and every abandoned fetch; with `all`, the whole cache. Returns what went and the bytes freed.
 */
export async function cleanCache(
  root: string,
  all = false,
): Promise<{ removed: readonly string[]; bytes: number }> {
  const before = await cacheContents(root);
  if (all) {
    await rm(root, { recursive: true, force: true });
    return { removed: before.versions.map((v) => v.version), bytes: before.bytes };
  }
  const newest = [...before.versions].sort((a, b) => b.lastUsed - a.lastUsed)[0];
  const gone = before.versions.filter((v) => v !== newest);
  let bytes = 0;
  for (const v of gone) {
    await rm(v.dir, { recursive: true, force: true });
    bytes += v.bytes;
  }
  for (const dir of before.leftovers) {
    bytes += await sizeOf(dir);
    await rm(dir, { recursive: true, force: true });
  }
  return { removed: gone.map((v) => v.version), bytes };
}

/** `470 MB`, `3.2 GB`, `812 KB`: decimal units, as npm and `du -h --si` print them. */
export function bytesText(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
