// `npm ci` must work on a machine that reaches only the npm registry and has no Node headers
// (no `nodedir`): no dependency in the lock file may need compiling or downloading on install. The
// only install scripts allowed are esbuild's, which only check the binary its platform package brings;
// esbuild is a devDependency (the tests bundle with the package's esbuild plugin entry), so users'
// installs never have it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../support/paths';

interface LockEntry {
  readonly hasInstallScript?: boolean;
  readonly resolved?: string;
}

const lock = JSON.parse(readFileSync(path.join(REPO, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const packageName = (location: string) =>
  location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('the lock file', () => {
  it('has no install script but esbuild’s', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([location]) => packageName(location));
    expect(withScripts.length).toBeGreaterThan(0);
    expect([...new Set(withScripts)]).toEqual(['esbuild']);
  });

  // npm leaves out `resolved` for registry packages here (omit-lockfile-registry-resolved); a git or URL
  // dependency always keeps it.
  it('takes every package from the npm registry', () => {
    const elsewhere = Object.entries(lock.packages).filter(
      ([location, entry]) =>
        location !== '' &&
        entry.resolved &&
        !entry.resolved.startsWith('https://registry.npmjs.org/'),
    );
    expect(elsewhere.map(([location, entry]) => `${location}: ${entry.resolved}`)).toEqual([]);
  });
});
