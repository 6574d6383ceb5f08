// The global setup rebuilds dist/ exactly when a build input is newer than what the last build wrote,
// and every property test of a run draws from the one seed it printed.
import { rmSync, utimesSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { removeTempDirs, tempDir, writeFiles } from './files';
import { staleBuildInputs } from './global-setup';

afterAll(removeTempDirs);

const BUILT = ['dist/cli.js', 'dist/templates.precompiled.cjs', 'dist/types/index.d.ts'];

async function project(): Promise<{ dir: string; age: (file: string, seconds: number) => void }> {
  const dir = await tempDir('build-freshness');
  writeFiles(dir, {
    'plugin/text/spelling.ts': 'export {};\n',
    'templates/header.hbs': '// header\n',
    'scripts/build.mjs': '\n',
    ...Object.fromEntries(BUILT.map((f) => [f, '\n'])),
  });
  const age = (file: string, seconds: number) => {
    const when = new Date(Date.now() - seconds * 1000);
    utimesSync(path.join(dir, file), when, when);
  };
  // Sources written an hour ago, their folders too; the build a minute ago.
  for (const f of [
    'plugin/text/spelling.ts',
    'plugin/text',
    'plugin',
    'templates/header.hbs',
    'templates',
  ])
    age(f, 3600);
  age('scripts/build.mjs', 3600);
  for (const f of BUILT) age(f, 60);
  return { dir, age };
}

describe('dist/ freshness before a test run', () => {
  it('finds nothing to rebuild when every output is newer than every source', async () => {
    const { dir } = await project();
    expect(staleBuildInputs(dir)).toEqual([]);
  });

  it('names the sources edited after the build', async () => {
    const { dir, age } = await project();
    age('plugin/text/spelling.ts', 1);
    age('templates/header.hbs', 1);
    expect(staleBuildInputs(dir)).toEqual(['plugin', 'templates']);
  });

  it('treats a missing output as never built', async () => {
    const { dir } = await project();
    rmSync(path.join(dir, 'dist/types'), { recursive: true });
    expect(staleBuildInputs(dir)).toEqual(['plugin', 'templates', 'scripts/build.mjs']);
  });
});

describe('the seed of property tests', () => {
  it('is the one the global setup printed, so TC_SEED replays a run', () => {
    expect(fc.readConfigureGlobal().seed).toBe(inject('propertySeed'));
    expect(fc.sample(fc.string(), 5)).toEqual(fc.sample(fc.string(), 5));
  });
});
