// `tool-catalog bindings` as a command: usage errors, a missing binding file, a config without one,
// JSON output, and a catalog error that stops it before the binding file is touched.
import { afterEach, describe, expect, it } from 'vitest';
import { copyFixtureApp, type FixtureApp } from './fixture-app';

let app: FixtureApp | undefined;
afterEach(async () => {
  await app?.remove();
  app = undefined;
});

describe('tool-catalog bindings', () => {
  it('rejects --prune without --fix and stray arguments as bad usage', async () => {
    app = await copyFixtureApp('bindings-cli');
    expect((await app.cli('bindings', '--prune')).code).toBe(2);
    expect((await app.cli('bindings', 'extra')).code).toBe(2);
    expect((await app.cli('bindings', '--catalog', 'nope')).code).toBe(2);
  });

  it('reports a missing binding file, and --fix creates it from the same skeleton generate writes', async () => {
    app = await copyFixtureApp('bindings-cli');
    const check = await app.cli('bindings');
    expect(check.code).toBe(1);
    expect(check.stderr).toContain("src/toolBinding.tsx (catalog 'app'): does not exist");
    expect((await app.cli('generate', '--check')).stderr).toContain('stale: src/toolBinding.tsx');

    const fix = await app.cli('bindings', '--fix', '--json');
    expect(fix.code).toBe(0);
    expect(JSON.parse(fix.stdout).catalogs).toEqual([
      {
        catalog: 'app',
        file: 'src/toolBinding.tsx',
        created: true,
        missing: ['Bash', 'WebSearch', 'Notes'],
        excess: [],
        changed: true,
      },
    ]);
    const created = await app.read('src/toolBinding.tsx');
    await app.remove();

    app = await copyFixtureApp('bindings-cli');
    expect((await app.cli('generate')).code).toBe(0);
    expect(await app.read('src/toolBinding.tsx')).toBe(created);
    expect((await app.cli('bindings')).code).toBe(0);
  });

  it('says which config lacks a binding file', async () => {
    app = await copyFixtureApp('bindings-cli');
    await app.edit(
      'tool-catalog.config.ts',
      "      bindings: { file: 'src/toolBinding.tsx', iconType: { module: 'react', export: 'ComponentType' } },\n",
      '',
    );
    const result = await app.cli('bindings');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^tool-catalog\.config\.ts:6:5: error TC002: No catalog in the config has a binding file, so there is nothing to check: an app without a UI needs none\. To give the tools icons, add `bindings: \{ file: 'src\/tool-bindings\.ts' \}` to the catalog and run generate\./m,
    );
  });

  it('stops on catalog errors with their location and leaves the binding file alone', async () => {
    app = await copyFixtureApp('bindings-cli');
    expect((await app.cli('generate')).code).toBe(0);
    const before = await app.read('src/toolBinding.tsx');
    await app.edit('catalog/tools.catalog.ts', "category: 'shell'", "category: 'shel'");
    const result = await app.cli('bindings', '--fix', '--prune');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/catalog\/tools\.catalog\.ts:\d+:\d+: error TC140/);
    expect(await app.read('src/toolBinding.tsx')).toBe(before);
  });
});
