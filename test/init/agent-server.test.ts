// The agent server `init` writes into an app that runs the SDK: under nodenext, node16 and bundler
// resolution it imports the generated folder as that resolution needs and type-checks with
// TypeScript 7 and 5.9 against the real SDK's types; the starter's in-process tool runs on the real
// runtime without a permission prompt (`verify --emit`, and the module itself through the SDK's
// query() against the fake API); a second init keeps an edited module.
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeApi } from '../../plugin/verify/fake-api';
import { type CliRun, runCli } from '../support/cli';
import {
  type CompilerName,
  type ProjectsRun,
  runTsc,
  typecheckProjectsBy,
} from '../support/compilers';
import { uniqueArtifactDir, writeFiles } from '../support/files';
import { REPO } from '../support/paths';
import { runCommand } from '../support/packed';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Inits, TypeScript over three apps and the real runtime: minutes on a busy machine. */
const TIMEOUT_MS = 300_000;
const NOTES = 'mcp__agent-tools__notes';

interface Setup {
  readonly compilerOptions: Record<string, unknown>;
  /** Where init puts the module, and the generated folder as it imports it. */
  readonly module: string;
  readonly specifier: string;
  readonly src: boolean;
}

const SETUPS: Record<string, Setup> = {
  nodenext: {
    compilerOptions: { module: 'nodenext', rootDir: 'src', outDir: 'dist' },
    module: 'src/agent-server.ts',
    specifier: './generated/agent/index.js',
    src: true,
  },
  node16: {
    compilerOptions: {
      module: 'node16',
      moduleResolution: 'node16',
      rootDir: 'src',
      outDir: 'dist',
    },
    module: 'src/agent-server.ts',
    specifier: './generated/agent/index.js',
    src: true,
  },
  bundler: {
    compilerOptions: { module: 'preserve', moduleResolution: 'bundler', noEmit: true },
    module: 'agent-server.ts',
    specifier: './generated/agent',
    src: false,
  },
};

/** A server app (no UI) inside the repository, so it resolves the SDK and zod this repository installs. */
async function initApp(name: string, setup: Setup): Promise<{ dir: string; init: CliRun }> {
  const dir = uniqueArtifactDir(`agent-server-${name}`);
  made.push(dir);
  const compilerOptions = {
    target: 'ES2022',
    strict: true,
    skipLibCheck: true,
    types: [], // the module needs no Node globals
    ...setup.compilerOptions,
  };
  writeFiles(dir, {
    'package.json': '{ "name": "agent-server", "private": true, "type": "module" }\n',
    'tsconfig.json': `${JSON.stringify({ compilerOptions, include: setup.src ? ['src'] : ['*.ts', 'generated'] }, null, 2)}\n`,
    ...(setup.src ? { 'src/main.ts': 'export {};\n' } : {}),
  });
  // What `npm install -D agent-tool-catalog` gives the app: the config imports the package.
  mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  symlinkSync(REPO, path.join(dir, 'node_modules/agent-tool-catalog'), 'dir');
  return { dir, init: await runCli(['init'], dir) };
}

function expectInited(init: CliRun, setup: Setup): void {
  expect(init.stderr).toBe('');
  expect(init.code).toBe(0);
  expect(init.stdout).toContain(`  ${setup.module}\n`);
  expect(init.stdout).toContain(`Call runAgentTurn(prompt) from ${setup.module}`);
}

async function initedApp(name: string, setup: Setup): Promise<string> {
  const { dir, init } = await initApp(name, setup);
  expectInited(init, setup);
  return dir;
}

let setupApps: Promise<Record<string, { dir: string; init: CliRun }>> | undefined;
/** An app per resolution, inited once; each test asserts on its own app's init. */
function initedSetupApps() {
  setupApps ??= (async () => {
    const apps: Record<string, { dir: string; init: CliRun }> = {};
    for (const [name, setup] of Object.entries(SETUPS)) apps[name] = await initApp(name, setup);
    return apps;
  })();
  return setupApps;
}

let checked: Promise<[CompilerName, ProjectsRun][]> | undefined;
/**
 * The apps of every resolution type-checked by one run of each compiler over all of them
 * (TypeScript 7 and 5.9 side by side): each with its own tsconfig, the SDK's types read once per compiler.
 */
function typecheckedSetupApps() {
  checked ??= initedSetupApps().then((apps) => {
    const dirs = Object.values(apps).map((app) => app.dir);
    const scratch = uniqueArtifactDir('agent-server-tsc');
    made.push(scratch);
    return typecheckProjectsBy(['TypeScript 7', 'TypeScript 5.9'], dirs, scratch);
  });
  return checked;
}

async function typechecks(dir: string): Promise<void> {
  for (const [compiler, run] of await typecheckedSetupApps()) {
    expect(run.of(dir), compiler).toBe('');
    expect(run.code, compiler).toBe(0);
  }
}

describe('the agent server init writes', () => {
  it.each(Object.entries(SETUPS))(
    'under %s resolution: imports the generated folder as it needs, type-checks, and its tool runs headless',
    async (name, setup) => {
      const { dir, init } = (await initedSetupApps())[name]!;
      expectInited(init, setup);
      const text = readFileSync(path.join(dir, setup.module), 'utf8');
      expect(text).toContain(`} from '${setup.specifier}';\n`);
      expect(text).toContain("servers: { 'agent-tools': [notes] },");
      expect(text).toContain("runtime: 'default',");
      expect(text).toContain('context: AgentPolicyContext = { workspaceHasGit: false },');
      await typechecks(dir);

      // The starter's in-process tool, offered and called on the real runtime with no canUseTool.
      const verify = await runCli(
        ['verify', '--ctx', 'workspace-has-git=false', '--emit', NOTES],
        dir,
      );
      expect(verify.stdout, verify.stderr).toContain(`emit ${NOTES}: ran — `);
      expect(verify.stdout).toContain('(its handler ran)');
      expect(verify.code).toBe(0);
    },
    TIMEOUT_MS,
  );

  it(
    "runs its own tool's handler through query() with no permission prompt (nodenext, built by tsc)",
    async () => {
      const dir = await initedApp('run', SETUPS.nodenext!);
      const build = await runTsc('TypeScript 7', ['-p', dir, '--pretty', 'false'], dir);
      expect(build.output).toBe('');
      const api = await startFakeApi();
      const channel = api.open({ emit: NOTES });
      const home = await mkdtemp(path.join(os.tmpdir(), 'tool-catalog-agent-server-'));
      made.push(home);
      for (const sub of ['.claude', 'tmp']) mkdirSync(path.join(home, sub));
      try {
        const script =
          "const { runAgentTurn } = await import('./dist/agent-server.js');" +
          "console.log(JSON.stringify(await runAgentTurn('Take a note', ['Bassh'])));";
        const run = await runCommand(process.execPath, ['--input-type=module', '-e', script], {
          cwd: dir,
          env: {
            PATH: process.env.PATH,
            HOME: home,
            CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
            CLAUDE_CODE_TMPDIR: path.join(home, 'tmp'),
            ANTHROPIC_BASE_URL: channel.baseUrl,
            ANTHROPIC_API_KEY: channel.apiKey,
            DISABLE_TELEMETRY: '1',
            CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
            DISABLE_AUTOUPDATER: '1',
            DISABLE_ERROR_REPORTING: '1',
          },
        });
        expect(run.code, run.stderr).toBe(0);
        const outcome = JSON.parse(run.stdout) as {
          result?: string;
          ignoredOptOuts: { entry: string }[];
        };
        // The stored misspelling is set aside with a reason, not passed on.
        expect(outcome.ignoredOptOuts.map((o) => o.entry)).toEqual(['Bassh']);
        // The handler's own answer reached the model: the tool ran, unasked.
        const results = JSON.stringify(channel.turns.slice(1).map((t) => t.messages));
        expect(results).toContain('notes: verify');
        expect(results).not.toContain('requested permissions');
      } finally {
        channel.close();
        await api.stop();
      }
    },
    TIMEOUT_MS,
  );

  it(
    "waits for zod, which the SDK's tool() needs, and says so",
    async () => {
      // Outside the repository, with the SDK installed but not its peer zod.
      const dir = await mkdtemp(path.join(os.tmpdir(), 'tool-catalog-no-zod-'));
      made.push(dir);
      writeFiles(dir, {
        'package.json': '{ "name": "server", "private": true, "type": "module" }\n',
      });
      mkdirSync(path.join(dir, 'node_modules/@anthropic-ai'), { recursive: true });
      symlinkSync(
        path.join(REPO, 'node_modules/@anthropic-ai/claude-agent-sdk'),
        path.join(dir, 'node_modules/@anthropic-ai/claude-agent-sdk'),
        'dir',
      );
      const init = await runCli(['init'], dir);
      expect(init.code, init.stderr).toBe(0);
      expect(existsSync(path.join(dir, 'agent-server.ts'))).toBe(false);
      expect(init.stdout).toContain(
        "npm install zod   # the SDK's tool() takes a zod schema; then run `npx tool-catalog init` again: it writes agent-server.ts",
      );
    },
    TIMEOUT_MS,
  );

  it(
    'is kept as the user edited it when init runs again',
    async () => {
      const dir = await initedApp('rerun', SETUPS.nodenext!);
      const file = path.join(dir, 'src/agent-server.ts');
      writeFileSync(file, '// my own server\nexport {};\n');
      const again = await runCli(['init'], dir);
      expect(again.code, again.stderr).toBe(0);
      expect(readFileSync(file, 'utf8')).toBe('// my own server\nexport {};\n');
    },
    TIMEOUT_MS,
  );
});
