// A 3-app npm workspace cached by the real Turborepo and Nx (installed from the registry into the
// test's temporary folder, so contributors' installs and the lock file stay free of them). Each app
// was set up with `tool-catalog init` and its task uses exactly what `tool-catalog inputs --json`
// lists: a second run is a cache hit for every app, and after one catalog edit only that app runs
// again, writing what a cold `generate` writes.
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../support/files';
import { npm, npmEnv, packedTarball, runCommand, type CommandRun } from '../support/packed';

afterAll(removeTempDirs);

/** The versions tested: the current majors of both. */
const TURBO = '2.11.11';
const NX = '24.0.6';
const APPS = ['web', 'server', 'worker'] as const;
type App = (typeof APPS)[number];

let root: string;

const env = () => ({
  ...npmEnv(),
  NO_COLOR: '1',
  FORCE_COLOR: '0',
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
  NX_SKIP_NX_CACHE: 'false',
});

async function run(
  bin: string,
  args: readonly string[],
  cwd = root,
): Promise<CommandRun & { ms: number }> {
  const started = performance.now();
  const result = await runCommand(path.join(root, 'node_modules/.bin', bin), args, {
    cwd,
    env: env(),
  });
  const ms = Math.round(performance.now() - started);
  if (result.code !== 0)
    throw new Error(
      `${bin} ${args.join(' ')} failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`,
    );
  return { ...result, ms };
}

const git = (...args: string[]) =>
  runCommand('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', ...args], {
    cwd: root,
    env: env(),
  });

/** Every file under `dir`, relative → content. */
function filesOf(dir: string, prefix = ''): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) for (const [f, c] of filesOf(dir, rel)) files.set(f, c);
    else files.set(rel, readFileSync(path.join(dir, rel), 'utf8'));
  }
  return files;
}

/** Adds a tool to one app's catalog, as a developer would. */
function addTool(app: App, key: string): void {
  const file = path.join(root, 'apps', app, 'catalog/tools.catalog.ts');
  const text = readFileSync(file, 'utf8');
  const added = `  ${key}: {\n    kind: 'mcp', server: '${app}-tools', wire: '${key.toLowerCase()}', category: 'context', exposure: 'user', icon: 'notebook-pen',\n    label: '${key}', description: 'Keeps ${key.toLowerCase()}s',\n  },\n  Notes: {`;
  writeFileSync(file, text.replace('  Notes: {', added));
}

/** What `tool-catalog generate` writes for `app` in a fresh copy of its sources, without any earlier output. */
async function coldOutput(app: App): Promise<Map<string, string>> {
  const copy = await tempDir(`cold-${app}`);
  for (const entry of ['package.json', 'tool-catalog.config.ts', 'catalog'])
    cpSync(path.join(root, 'apps', app, entry), path.join(copy, entry), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  await run('tool-catalog', ['generate'], copy);
  return filesOf(path.join(copy, 'generated', app));
}

const outputOf = (app: App) => filesOf(path.join(root, 'apps', app, 'generated', app));

beforeAll(async () => {
  const tarball = await packedTarball();
  root = await tempDir('monorepo');
  const manifest = {
    name: 'catalog-monorepo',
    private: true,
    packageManager: 'npm@11.19.1',
    workspaces: ['apps/*'],
    devDependencies: { 'agent-tool-catalog': `file:${tarball}`, turbo: TURBO, nx: NX },
  };
  writeFileSync(path.join(root, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const app of APPS) {
    const dir = path.join(root, 'apps', app);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'package.json'),
      `${JSON.stringify({ name: app, private: true, type: 'module' })}\n`,
    );
  }
  await npm(['install', '--prefer-offline', '--no-audit', '--no-fund'], root);
  // Each app on its own (its folder, its config): the three at once.
  await Promise.all(
    APPS.map(async (app) => {
      const dir = path.join(root, 'apps', app);
      // The web app has a UI (a binding file); the two servers do not.
      await run(
        'tool-catalog',
        ['init', '--catalog', app, ...(app === 'web' ? ['--ui'] : [])],
        dir,
      );
      const { turbo, nx } = JSON.parse(
        (await run('tool-catalog', ['inputs', '--json'], dir)).stdout,
      );
      writeFileSync(
        path.join(dir, 'turbo.json'),
        `${JSON.stringify({ extends: ['//'], tasks: { generate: turbo } }, null, 2)}\n`,
      );
      const target = { executor: 'nx:run-script', options: { script: 'generate' }, ...nx };
      writeFileSync(
        path.join(dir, 'project.json'),
        `${JSON.stringify({ targets: { generate: target } }, null, 2)}\n`,
      );
    }),
  );
  writeFileSync(
    path.join(root, 'turbo.json'),
    `${JSON.stringify({ tasks: { generate: {} } }, null, 2)}\n`,
  );
  writeFileSync(path.join(root, 'nx.json'), '{}\n');
  writeFileSync(path.join(root, '.gitignore'), 'node_modules\n.turbo\n.nx\n');
  // The generated files are committed, as the README recommends.
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-qm', 'three apps with their catalogs');
});

/** Turborepo's per-task lines: `server:generate: cache hit, …` → { server: 'hit' }. */
const turboStatus = (output: string) =>
  Object.fromEntries(
    [...output.matchAll(/^(\w+):generate: cache (hit|miss)/gm)].map((m) => [m[1], m[2]] as const),
  );
/** Nx's static output: `> nx run web:generate  [local cache]` is a hit, a bare `> nx run …` ran. */
const nxStatus = (output: string) =>
  Object.fromEntries(
    [...output.matchAll(/^> nx run (\w+):generate(.*)$/gm)].map(
      (m) => [m[1], /cache/.test(m[2]!) ? 'hit' : 'miss'] as const,
    ),
  );

describe('a monorepo of three catalog apps', () => {
  it(`Turborepo ${TURBO}: every task a cache hit the second time, only the edited app after an edit`, async () => {
    const args = ['run', 'generate', '--output-logs=hash-only'];
    const first = await run('turbo', args);
    expect(turboStatus(first.stdout)).toEqual({ web: 'miss', server: 'miss', worker: 'miss' });
    const second = await run('turbo', args);
    expect(turboStatus(second.stdout)).toEqual({ web: 'hit', server: 'hit', worker: 'hit' });
    expect(second.stdout).toMatch(/Cached:\s+3 cached, 3 total/);

    addTool('server', 'Memo');
    const edited = await run('turbo', args);
    expect(turboStatus(edited.stdout)).toEqual({ web: 'hit', server: 'miss', worker: 'hit' });
    expect(outputOf('server').get('registry.ts')).toContain("'Memo'");
    expect(outputOf('server')).toEqual(await coldOutput('server'));
    const hitMs = /Time:\s+(\S+)/.exec(second.stdout)?.[1];
    console.log(
      `turbo: cold ${first.ms} ms, all cached ${second.ms} ms (turbo's own time ${hitMs}), one app edited ${edited.ms} ms`,
    );
  });

  it(`Nx ${NX}: every target a cache hit the second time, only the edited app after an edit`, async () => {
    await git('add', '-A');
    await git('commit', '-qm', 'server catalog edited');
    const args = ['run-many', '-t', 'generate', '--output-style=static'];
    const first = await run('nx', args);
    expect(nxStatus(first.stdout)).toEqual({ web: 'miss', server: 'miss', worker: 'miss' });
    const second = await run('nx', args);
    expect(nxStatus(second.stdout)).toEqual({ web: 'hit', server: 'hit', worker: 'hit' });

    addTool('worker', 'Memo');
    const edited = await run('nx', args);
    expect(nxStatus(edited.stdout)).toEqual({ web: 'hit', server: 'hit', worker: 'miss' });
    expect(outputOf('worker').get('registry.ts')).toContain("'Memo'");
    expect(outputOf('worker')).toEqual(await coldOutput('worker'));
    console.log(
      `nx: cold ${first.ms} ms, all cached ${second.ms} ms, one app edited ${edited.ms} ms`,
    );
  });
});
