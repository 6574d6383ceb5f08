// The apps `upgrade` tests start from, copied into test/.artifacts (so they resolve both pinned SDKs
// from the repository's node_modules): the default catalog with its lock, and the fixtures — the
// default catalog as an app had it for SDK 0.3.168, and a catalog that still uses old tool names.
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { CACHE_ENV } from '../../plugin/upgrade/sdk-cache';
import { runCli } from '../support/cli';
import { uniqueArtifactDir, writeFiles } from '../support/files';
import { FIXTURES, REPO } from '../support/paths';

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

/** A copy of `test/fixtures/upgrade/<fixture>`, its lock included. */
export function fixtureApp(fixture: 'app-0.3.168' | 'legacy-names', name: string): string {
  const dir = uniqueArtifactDir(name);
  cpSync(path.join(FIXTURES, 'upgrade', fixture), dir, { recursive: true });
  return dir;
}

/**
 * A new user's app: `tool-catalog init` with the newest pinned SDK installed (the starter catalog
 * declares the tools that SDK types, and none of the built-ins it lists only by name), no lock yet.
 */
export async function starterApp(name: string): Promise<string> {
  const dir = uniqueArtifactDir(name);
  writeFiles(dir, {
    'package.json': '{ "name": "agent-app", "private": true, "type": "module" }\n',
  });
  const init = await runCli(['init'], dir);
  if (init.code !== 0) throw new Error(`init failed in ${dir}:\n${init.stdout}\n${init.stderr}`);
  return dir;
}
