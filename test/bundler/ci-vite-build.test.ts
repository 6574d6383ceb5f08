// `CI=true vite build` as a user runs it, in a child process with the real Vite CLI: a broken catalog
// fails the build naming the same file:line:col as `tool-catalog generate`, everywhere Vite prints
// it, and says to run the build again (nothing watches in CI, so saving changes nothing).
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { REPO } from '../support/paths';
import { runCommand } from '../support/packed';
import { createFixtureApp, fixtureTools, type FixtureApp } from './fixture-app';

const apps: FixtureApp[] = [];
afterAll(() => {
  for (const a of apps) a.remove();
});

const BROKEN = `\n  Grep: { kind: 'sdk', category: 'serach', exposure: 'user', label: 'Grep', description: 'Searches' },`;

describe('CI=true vite build', () => {
  it('fails with the located diagnostic at the CLI column and asks for another build', async () => {
    const app = createFixtureApp('ci-vite-cli', {
      'catalog/tools.catalog.ts': fixtureTools(BROKEN),
      'vite.config.mjs':
        "import toolCatalog from 'agent-tool-catalog/vite';\nexport default { plugins: [toolCatalog()] };\n",
    });
    apps.push(app);
    const cli = await runCli(['generate'], app.dir);
    const where = /catalog\/tools\.catalog\.ts:(\d+):(\d+)/.exec(cli.stderr);
    expect(where, cli.stderr).not.toBeNull();

    const build = await runCommand(
      process.execPath,
      [path.join(REPO, 'node_modules/vite/bin/vite.js'), 'build'],
      {
        cwd: app.dir,
        env: { ...process.env, CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0' },
      },
    );
    const output = build.stdout + build.stderr;
    expect(build.code, output).toBe(1);
    const printed = [...output.matchAll(/tools\.catalog\.ts:(\d+):(\d+)/g)].map(
      (m) => `${m[1]}:${m[2]}`,
    );
    // Vite's header line and the message both name the place, and both the way the CLI does.
    expect(printed.length, output).toBeGreaterThanOrEqual(2);
    expect(new Set(printed)).toEqual(new Set([`${where![1]}:${where![2]}`]));
    expect(output).toContain('fix it and run the build again');
    expect(output).not.toContain('and save');
  });
});
