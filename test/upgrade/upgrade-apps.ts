// The apps `upgrade` tests start from, copied into test/.artifacts (so they resolve both pinned SDKs
// from the repository's node_modules): the default catalog with its lock, and the fixtures — the
// default catalog as an app had it for SDK 0.3.168, and a catalog that still uses old tool names.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SurfaceLock } from '../../plugin/load/surface-lock';
import { CACHE_ENV } from '../../plugin/upgrade/sdk-cache';
import { uniqueArtifactDir } from '../support/files';
import { FIXTURES, REPO } from '../support/paths';

/** The repository's lock: what the real runtimes offered the default catalog on both pinned SDKs. */
const REPO_LOCK = JSON.parse(
  readFileSync(path.join(REPO, 'generated/claude/runtime-surface.lock.json'), 'utf8'),
) as SurfaceLock;

/**
 * Where these tests keep the SDK versions they fetch to find when a tool came or went: kept between
 * runs (like npm's own cache), so only the first run on a machine reaches the registry for them.
 */
const TEST_CACHE = path.join(REPO, 'node_modules/.cache/agent-tool-catalog-tests');

/** Points `upgrade` at the tests' cache for this test file's process. */
export function useTestCache(dir = TEST_CACHE): void {
  process.env[CACHE_ENV] = dir;
}

/** A copy of the default catalog, its config and its runtime-surface lock. */
export function defaultApp(name: string): string {
  const dir = uniqueArtifactDir(name);
  cpSync(path.join(REPO, 'catalog'), path.join(dir, 'catalog'), { recursive: true });
  cpSync(path.join(REPO, 'tool-catalog.config.ts'), path.join(dir, 'tool-catalog.config.ts'));
  mkdirSync(path.join(dir, 'generated/claude'), { recursive: true });
  cpSync(
    path.join(REPO, 'generated/claude/runtime-surface.lock.json'),
    path.join(dir, 'generated/claude/runtime-surface.lock.json'),
  );
  return dir;
}

/**
 * A copy of `test/fixtures/upgrade/<fixture>`; `withNewest` adds the repository's record of SDK
 * 0.3.333 to its lock (real runs of the default catalog, which name every built-in), so the target's
 * surface comes from the lock instead of a run.
 */
export function fixtureApp(
  fixture: 'app-0.3.168' | 'legacy-names',
  name: string,
  withNewest = false,
): string {
  const dir = uniqueArtifactDir(name);
  cpSync(path.join(FIXTURES, 'upgrade', fixture), dir, { recursive: true });
  if (withNewest) {
    const file = path.join(dir, 'generated/claude/runtime-surface.lock.json');
    const lock = JSON.parse(readFileSync(file, 'utf8')) as SurfaceLock;
    const runtimes = { ...lock.runtimes, '0.3.333': REPO_LOCK.runtimes['0.3.333']! };
    writeFileSync(file, `${JSON.stringify({ ...lock, runtimes }, null, 2)}\n`);
  }
  return dir;
}
