// `init` knows the app's SDKs: an app whose package.json names `ai` (7, or 6 through the repository's
// `ai-6` alias) or `@openai/agents` gets their targets in the config and a chat starter per target,
// which type-checks with the app's tsconfig under nodenext and bundler resolution (TypeScript 7 and
// 5.9); one named but not installed is left out with the reason; `--target` overrides what
// package.json says, an unknown one is refused before anything is written, and an app with neither
// keeps the Claude Agent SDK alone.
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CliRun, json, runCli } from '../support/cli';
import { type CompilerName, type ProjectsRun, typecheckProjectsBy } from '../support/compilers';
import { removeTempDirs, tempDir, uniqueArtifactDir, writeFiles } from '../support/files';
import { REPO } from '../support/paths';

const made: string[] = [];
afterAll(async () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  await removeTempDirs();
});

/** Three inits, and two compilers over three apps: minutes on a busy machine. */
const TIMEOUT_MS = 300_000;

const NODENEXT = { module: 'nodenext', rootDir: 'src', outDir: 'dist' };
const BUNDLER = { module: 'preserve', moduleResolution: 'bundler', noEmit: true };

/**
 * An app inside the repository (so it resolves the SDKs this repository installs) with `deps` in its
 * package.json; `ai6` links its `ai` to the repository's ai 6.
 */
function makeApp(
  name: string,
  deps: Record<string, string>,
  compilerOptions: Record<string, unknown>,
  options: { ai6?: boolean } = {},
): string {
  const dir = uniqueArtifactDir(`init-targets-${name}`);
  made.push(dir);
  const src = compilerOptions.rootDir === 'src';
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      strict: true,
      skipLibCheck: true,
      types: [], // the starters need no Node globals
      ...compilerOptions,
    },
    include: src ? ['src'] : ['*.ts', 'generated'],
  };
  writeFiles(dir, {
    'package.json': `${JSON.stringify({ name, private: true, type: 'module', dependencies: deps }, null, 2)}\n`,
    'tsconfig.json': `${JSON.stringify(tsconfig, null, 2)}\n`,
    ...(src ? { 'src/main.ts': 'export {};\n' } : {}),
  });
  // What `npm install -D agent-tool-catalog` gives the app: the config imports the package.
  mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  symlinkSync(REPO, path.join(dir, 'node_modules/agent-tool-catalog'), 'dir');
  if (options.ai6)
    symlinkSync(path.join(REPO, 'node_modules/ai-6'), path.join(dir, 'node_modules/ai'), 'dir');
  return dir;
}

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');

/** The apps whose starters are type-checked, and how each is inited. */
const STARTER_APPS = {
  both: {
    deps: { ai: '^7.0.0', '@openai/agents': '^0.20.0' },
    options: NODENEXT,
    ai6: false,
    args: ['init'],
  },
  six: { deps: { ai: '^6.0.0' }, options: BUNDLER, ai6: true, args: ['init'] },
  flag: {
    deps: { ai: '^7.0.0' },
    options: NODENEXT,
    ai6: false,
    args: ['init', '--target', 'openai-agents,ai-sdk'],
  },
} as const;
type StarterApp = keyof typeof STARTER_APPS;

let inited: Promise<Record<StarterApp, { dir: string; init: CliRun }>> | undefined;
/** The three apps, made and inited once (each test asserts on its own init's output). */
function initedApps() {
  inited ??= (async () => {
    const apps = {} as Record<StarterApp, { dir: string; init: CliRun }>;
    for (const name of Object.keys(STARTER_APPS) as StarterApp[]) {
      const app = STARTER_APPS[name];
      const dir = makeApp(name, app.deps, app.options, { ai6: app.ai6 });
      apps[name] = { dir, init: await runCli(app.args, dir) };
    }
    return apps;
  })();
  return inited;
}

let checked: Promise<[CompilerName, ProjectsRun][]> | undefined;
/**
 * The three apps' starters type-checked by one run of each compiler over all of them (TypeScript 7
 * and 5.9 side by side): each app with its own tsconfig, the SDKs' types read once per compiler.
 */
function typecheckedApps() {
  checked ??= initedApps().then((apps) => {
    const dirs = Object.values(apps).map((app) => app.dir);
    const scratch = uniqueArtifactDir('init-targets-tsc');
    made.push(scratch);
    return typecheckProjectsBy(['TypeScript 7', 'TypeScript 5.9'], dirs, scratch);
  });
  return checked;
}

async function typechecks(dir: string): Promise<void> {
  for (const [compiler, run] of await typecheckedApps()) {
    expect(run.of(dir), compiler).toBe('');
    expect(run.code, compiler).toBe(0);
  }
}

describe('init and the app’s SDKs', () => {
  it(
    'adds ai 7 and @openai/agents from package.json, with a starter each that type-checks (nodenext)',
    async () => {
      const { dir, init } = (await initedApps()).both;
      expect(init.stderr).toBe('');
      expect(init.code).toBe(0);
      expect(init.stdout).toContain(
        'Targets: claude-agent-sdk (the default), ai-sdk (detected from package.json: ai in ' +
          'dependencies, ai 7.0.173 installed), openai-agents (detected from package.json: ' +
          '@openai/agents in dependencies).\n',
      );
      expect(read(dir, 'tool-catalog.config.ts')).toContain(
        "      targets: ['claude-agent-sdk', 'ai-sdk', 'openai-agents'],\n",
      );
      for (const file of ['src/chat-ai-sdk.ts', 'src/chat-openai-agents.ts', 'src/agent-server.ts'])
        expect(init.stdout).toContain(`  ${file}\n`);
      expect(init.stdout).toContain('Call runChatTurn(model, prompt) from src/chat-ai-sdk.ts');
      expect(init.stdout).toContain('Call runChatTurn(prompt) from src/chat-openai-agents.ts');

      const ai = read(dir, 'src/chat-ai-sdk.ts');
      expect(ai).toContain('on the Vercel AI SDK (ai 7)');
      expect(ai).toContain(
        "import { appTool, agentAiSdkOptions, migrateAgentOptOuts, type AgentPolicyContext } from './generated/agent/index.js';\n",
      );
      expect(ai).toContain("tools: { 'agent-tools': [notes] },");
      expect(ai).toContain('await generateText({ model, ...options, prompt');
      const openai = read(dir, 'src/chat-openai-agents.ts');
      expect(openai).toContain("import { Agent, run } from '@openai/agents';\n");
      expect(openai).toContain('...agentOpenAIAgentOptions({');
      expect(openai).toContain('await run(chatAgent, prompt, options);');
      // Beside other targets the catalog's tools are app tools, which the Claude SDK's tool() is not.
      const server = read(dir, 'src/agent-server.ts');
      expect(server).toContain(
        "import { createSdkMcpServer, query } from '@anthropic-ai/claude-agent-sdk';",
      );
      expect(server).toContain('const notes = appTool({');
      await typechecks(dir);
    },
    TIMEOUT_MS,
  );

  it(
    'adds ai 6 (the installed major) under bundler resolution, and nothing for an SDK it lacks',
    async () => {
      const { dir, init } = (await initedApps()).six;
      expect(init.stderr).toBe('');
      expect(init.code).toBe(0);
      expect(init.stdout).toContain(
        'ai-sdk (detected from package.json: ai in dependencies, ai 6.0.333 installed).\n',
      );
      expect(read(dir, 'tool-catalog.config.ts')).toContain(
        "      targets: ['claude-agent-sdk', 'ai-sdk'],\n",
      );
      expect(read(dir, 'generated/agent/ai-sdk.ts')).toContain('major: 6 }');
      const ai = read(dir, 'chat-ai-sdk.ts');
      expect(ai).toContain('on the Vercel AI SDK (ai 6)');
      expect(ai).toContain("} from './generated/agent';\n");
      expect(existsSync(path.join(dir, 'chat-openai-agents.ts'))).toBe(false);
      await typechecks(dir);
    },
    TIMEOUT_MS,
  );

  it(
    '--target overrides package.json: the named targets alone, without the Claude Agent SDK',
    async () => {
      const { dir, init } = (await initedApps()).flag;
      expect(init.stderr).toBe('');
      expect(init.code).toBe(0);
      expect(init.stdout).toContain(
        'Targets: openai-agents (chosen by --target), ai-sdk (chosen by --target).\n',
      );
      expect(read(dir, 'tool-catalog.config.ts')).toContain(
        "      targets: ['openai-agents', 'ai-sdk'],\n",
      );
      expect(existsSync(path.join(dir, 'src/chat-openai-agents.ts'))).toBe(true);
      expect(existsSync(path.join(dir, 'src/chat-ai-sdk.ts'))).toBe(true);
      // No Claude target: no agent server, session options, or Claude SDK tools to declare.
      expect(existsSync(path.join(dir, 'src/agent-server.ts'))).toBe(false);
      expect(existsSync(path.join(dir, 'src/generated/agent/session.ts'))).toBe(false);
      expect(existsSync(path.join(dir, 'catalog/sdk-tools.catalog.ts'))).toBe(false);
      // The Claude runtime's built-ins are its target's alone: the starter catalog has only the app's tool.
      expect(read(dir, 'catalog/tools.catalog.ts')).not.toContain("kind: 'sdk'");
      expect(read(dir, 'catalog/tools.catalog.ts')).toContain("kind: 'mcp', server: 'agent-tools'");
      expect(init.stdout).not.toContain('claude-agent-sdk');
      await typechecks(dir);
      // doctor asks for no runtime-surface lock, which only the Claude target reads.
      const doctor = await runCli(['doctor', '--json'], dir);
      const findings = json(doctor).findings as { check: string; status: string }[];
      expect(findings.filter((f) => f.status === 'problem')).toEqual([]);
      expect(doctor.code).toBe(0);
      // A second run keeps the config, and does not ask for the Claude Agent SDK the flag left out.
      const rerun = await runCli(['init'], dir);
      expect(rerun.code, rerun.stderr).toBe(0);
      expect(rerun.stdout).toContain(
        'Targets: openai-agents (in tool-catalog.config.ts), ai-sdk (in tool-catalog.config.ts).\n',
      );
      expect(rerun.stdout).not.toContain('claude-agent-sdk');

      // Repeated flags read the same as a comma list.
      const again = makeApp('flags', {}, NODENEXT);
      const repeated = await runCli(
        ['init', '--target', 'ai-sdk', '--target', 'claude-agent-sdk'],
        again,
      );
      expect(repeated.code, repeated.stderr).toBe(0);
      expect(read(again, 'tool-catalog.config.ts')).toContain(
        "      targets: ['ai-sdk', 'claude-agent-sdk'],\n",
      );
    },
    TIMEOUT_MS,
  );

  it('leaves out an SDK package.json names but the app has not installed, saying why', async () => {
    // Outside the repository: nothing resolves `ai`.
    const dir = await tempDir('init-targets-not-installed');
    writeFiles(dir, {
      'package.json':
        '{ "name": "chat", "private": true, "type": "module", "dependencies": { "ai": "^7.0.0" } }\n',
    });
    const init = await runCli(['init'], dir);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain('Targets: claude-agent-sdk (the default).\n');
    expect(init.stdout).toContain(
      "ai is in package.json (dependencies), but init did not add the target 'ai-sdk': The target " +
        "'ai-sdk' compiles for the installed major version of 'ai', which is not installed here; " +
        "install it, or pin the major: 'ai-sdk@7'.\n",
    );
    expect(read(dir, 'tool-catalog.config.ts')).not.toContain('targets');
  });

  it('refuses an unknown target before writing anything, listing the known ones', async () => {
    const dir = makeApp('unknown', { ai: '^7.0.0' }, NODENEXT);
    const init = await runCli(['init', '--target', 'claude'], dir);
    expect(init.code).toBe(1);
    expect(init.stderr).toContain(
      '--target: "claude" is not a target; use one of: claude-agent-sdk, ai-sdk, openai-agents.',
    );
    expect(existsSync(path.join(dir, 'tool-catalog.config.ts'))).toBe(false);
    expect(existsSync(path.join(dir, 'catalog'))).toBe(false);
  });

  it(
    'keeps the Claude Agent SDK alone in an app with neither, and on a second run names what the config lacks',
    async () => {
      const dir = makeApp('neither', {}, NODENEXT);
      const init = await runCli(['init'], dir);
      expect(init.code, init.stderr).toBe(0);
      expect(init.stdout).toContain('Targets: claude-agent-sdk (the default).\n');
      const config = read(dir, 'tool-catalog.config.ts');
      expect(config).not.toContain('targets');
      expect(existsSync(path.join(dir, 'src/chat-ai-sdk.ts'))).toBe(false);
      expect(existsSync(path.join(dir, 'src/chat-openai-agents.ts'))).toBe(false);

      // The app adds the AI SDK; the config is the user's, so init says what to add instead of editing it.
      const pkg = JSON.parse(read(dir, 'package.json')) as Record<string, unknown>;
      writeFileSync(
        path.join(dir, 'package.json'),
        JSON.stringify({ ...pkg, dependencies: { ai: '^7.0.0' } }, null, 2),
      );
      const again = await runCli(['init'], dir);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain('Targets: claude-agent-sdk (in tool-catalog.config.ts).\n');
      expect(again.stdout).toContain(
        "detected from package.json: ai in dependencies, ai 7.0.173 installed, but the catalog in tool-catalog.config.ts does not compile for it: add 'ai-sdk' to its `targets`",
      );
      expect(read(dir, 'tool-catalog.config.ts')).toBe(config);
    },
    TIMEOUT_MS,
  );
});
