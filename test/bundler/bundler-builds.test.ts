// Real production builds of a fixture app with Vite, esbuild, Rollup, webpack and Rspack: the plugin
// generates the catalog at build start (bytes identical to the CLI's), and catalog errors fail the build.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { createFixtureApp, fixtureTools, type FixtureApp } from './fixture-app';
import { BUNDLERS, buildWith } from './run-bundlers';

const apps: FixtureApp[] = [];
afterAll(() => {
  for (const a of apps) a.remove();
});

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? listFiles(dir, path.join(prefix, e.name)) : [path.join(prefix, e.name)],
    )
    .sort();
}

const snapshotOf = (dir: string) =>
  new Map(listFiles(dir).map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));

describe.each(BUNDLERS)('%s', (bundler) => {
  it('generates the catalog at build start and bundles the generated registry', async () => {
    const app = createFixtureApp(bundler);
    apps.push(app);
    const outcome = await buildWith(bundler, app.dir);
    expect(outcome.errorText).toBe('');
    expect(outcome.ok).toBe(true);
    const generated = listFiles(app.file('src/generated/demo'));
    expect(generated).toContain('registry.ts');
    expect(generated).toContain('index.ts');
    // The bundle carries the registry's values, so it imported the generated file.
    expect(outcome.bundle).toContain('tool keys: ');
    expect(outcome.bundle).toMatch(/["']Notes["']/);
    expect(outcome.bundle).toMatch(/["']Bash["']/);
  });

  it('writes exactly the bytes `tool-catalog generate` writes', async () => {
    const viaPlugin = createFixtureApp(`${bundler}-bytes-plugin`);
    const viaCli = createFixtureApp(`${bundler}-bytes-cli`);
    apps.push(viaPlugin, viaCli);
    expect((await buildWith(bundler, viaPlugin.dir)).ok).toBe(true);
    const run = await runCli(['generate'], viaCli.dir);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const pluginFiles = snapshotOf(viaPlugin.file('src/generated'));
    const cliFiles = snapshotOf(viaCli.file('src/generated'));
    expect([...pluginFiles.keys()]).toEqual([...cliFiles.keys()]);
    for (const [file, content] of cliFiles) expect(pluginFiles.get(file), file).toBe(content);
  });

  it("fails the build with the CLI's located diagnostic and code frame", async () => {
    const app = createFixtureApp(`${bundler}-broken`, {
      'catalog/tools.catalog.ts': fixtureTools(
        `\n  Grep: { kind: 'sdk', category: 'serach', exposure: 'user', label: 'Grep', description: 'Searches' },`,
      ),
    });
    apps.push(app);
    const outcome = await buildWith(bundler, app.dir);
    expect(outcome.ok).toBe(false);
    expect(outcome.errorText).toContain('TC140');
    expect(outcome.errorText).toContain("'serach'");
    // file:line:col of the bad value (line 7 of the tool file, column of `'serach'`), and its source line.
    expect(outcome.errorText).toMatch(/catalog\/tools\.catalog\.ts:7:34/);
    // One column everywhere, except in esbuild's own summary line, which counts columns from 0 for every error.
    if (bundler !== 'esbuild')
      expect(outcome.errorText).not.toMatch(/catalog\/tools\.catalog\.ts:7:3[35]/);
    // A one-off build is not watching: the fix needs another build, not a save.
    if (bundler !== 'esbuild')
      expect(outcome.errorText).toContain('fix it and run the build again');
    expect(outcome.errorText).toContain("Grep: { kind: 'sdk', category: 'serach'");
    // Nothing half-written: no generated output at all.
    expect(() => listFiles(app.file('src/generated'))).toThrow();
  });
});
