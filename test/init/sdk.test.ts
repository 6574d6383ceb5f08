// `tool-catalog init` and the Claude Agent SDK, an optional peer: installed, the starter catalog
// declares every tool that SDK version types and passes `drift`; not installed, init prints the
// command that installs it and scaffolds a starter that needs none of the SDK's tool types until then.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { runTsc } from '../support/compilers';
import { removeTempDirs, tempDir, uniqueArtifactDir, writeFiles } from '../support/files';
import { FIXTURES, REPO } from '../support/paths';

const made: string[] = [];
afterAll(async () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  await removeTempDirs();
});

const PACKAGE = '{ "name": "agent-app", "private": true, "type": "module" }\n';
const SDK = path.join(REPO, 'node_modules/@anthropic-ai/claude-agent-sdk');
const sdkVersion = () =>
  (JSON.parse(readFileSync(path.join(SDK, 'package.json'), 'utf8')) as { version: string }).version;
const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');

/** An app inside the repository: it resolves the SDK this repository installs, as an app with the SDK installed would. */
function appWithSdk(name: string): string {
  const dir = uniqueArtifactDir(`init-sdk-${name}`);
  made.push(dir);
  writeFiles(dir, { 'package.json': PACKAGE });
  return dir;
}

/** Type-checks the app as its own code (bundler resolution), with this package linked in as `npm install -D` would put it. */
async function typecheck(dir: string): Promise<string> {
  mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  symlinkSync(REPO, path.join(dir, 'node_modules/agent-tool-catalog'), 'dir');
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'preserve',
        moduleResolution: 'bundler',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      include: ['.'],
    }),
  );
  return (await runTsc('TypeScript 7', ['-p', dir, '--pretty', 'false'], dir)).output;
}

/** Each test runs init, drift, generate and TypeScript in turn: minutes on a busy machine. */
const INIT_TIMEOUT_MS = 300_000;

describe('tool-catalog init with the SDK installed', () => {
  it(
    'declares every tool that SDK version types, so drift passes, and the app type-checks',
    async () => {
      const dir = appWithSdk('installed');
      const init = await runCli(['init'], dir);
      expect(init.code, init.stderr).toBe(0);
      expect(init.stdout).toContain(
        `@anthropic-ai/claude-agent-sdk ${sdkVersion()} is installed: the catalog declares every tool it types`,
      );
      expect(read(dir, 'catalog/tools.catalog.ts')).not.toContain('sdkTyped');
      expect(read(dir, 'catalog/sdk-tools.catalog.ts')).toMatch(
        /^ {2}Write: \{ kind: 'sdk', category: 'file', exposure: 'disabled', label: 'Write' \},$/m,
      );
      const drift = await runCli(['drift'], dir);
      expect(drift.stdout + drift.stderr).toContain('ok: all');
      expect(drift.code).toBe(0);
      expect((await runCli(['generate', '--check'], dir)).code).toBe(0);
      expect(await typecheck(dir)).toBe('');
    },
    INIT_TIMEOUT_MS,
  );

  it(
    'leaves out the starter tools an SDK version does not type',
    async () => {
      const dir = appWithSdk('older');
      // The hand-written SDK-shaped fixture package: it types Read (as FileRead) and Bash, but no worktree or notebook tool.
      const sdk = path.join(dir, 'node_modules/@anthropic-ai/claude-agent-sdk');
      cpSync(path.join(FIXTURES, 'sdk/package'), sdk, { recursive: true });
      const manifest = path.join(sdk, 'package.json');
      writeFileSync(
        manifest,
        read(sdk, 'package.json').replace(
          '"fixture-agent-sdk"',
          '"@anthropic-ai/claude-agent-sdk"',
        ),
      );
      const init = await runCli(['init', '--json'], dir);
      expect(init.code, init.stdout).toBe(0);
      expect(JSON.parse(init.stdout).sdk).toEqual({
        installed: true,
        name: '@anthropic-ai/claude-agent-sdk',
        version: '9.9.9',
        declared: [
          'Agent',
          'TaskOutput',
          'ListMcpResourcesTool',
          'SendMessage',
          'propose_skills',
          'SetGoal',
        ],
        omitted: ['EnterWorktree', 'ExitWorktree', 'NotebookEdit'],
        unmarked: [],
        left: 0,
      });
      expect(read(dir, 'catalog/tools.catalog.ts')).not.toMatch(/Worktree|NotebookEdit/);
      const drift = await runCli(['drift'], dir);
      expect(drift.code, drift.stdout + drift.stderr).toBe(0);
    },
    INIT_TIMEOUT_MS,
  );
});

describe('tool-catalog init without the SDK', () => {
  /** An app outside the repository, where no SDK can be resolved. */
  async function appWithoutSdk(files: Record<string, string> = {}): Promise<string> {
    const dir = await tempDir('init-no-sdk');
    writeFiles(dir, { 'package.json': PACKAGE, ...files });
    return dir;
  }

  it(
    'says which command installs it, and scaffolds SDK tools that need no SDK types yet',
    async () => {
      const dir = await appWithoutSdk();
      const init = await runCli(['init'], dir);
      expect(init.code, init.stderr).toBe(0);
      expect(init.stdout).toContain(
        '@anthropic-ai/claude-agent-sdk is not installed; install it with: npm install @anthropic-ai/claude-agent-sdk\n',
      );
      expect(init.stdout).toContain(
        'Then run `npx tool-catalog init` again: it declares every tool the SDK types and removes the `sdkTyped: false` it wrote in catalog/tools.catalog.ts, and writes agent-server.ts, an agent server on your catalog.',
      );
      // Its module imports the SDK: written once the SDK is there.
      expect(existsSync(path.join(dir, 'agent-server.ts'))).toBe(false);
      const tools = read(dir, 'catalog/tools.catalog.ts');
      expect(tools.match(/kind: 'sdk', sdkTyped: false,/g)).toHaveLength(5);
      expect(read(dir, 'generated/agent/sdk-coverage.ts')).not.toContain(
        '@anthropic-ai/claude-agent-sdk',
      );
      expect((await runCli(['generate', '--check'], dir)).code).toBe(0);
      const drift = await runCli(['drift'], dir);
      expect(drift.code).toBe(2);
      expect(drift.stderr).toContain('install it (npm i -D @anthropic-ai/claude-agent-sdk)');

      // The one SDK import left is the type of SDK tool instances in tools.ts, which the install above provides.
      const before = await typecheck(dir);
      expect(before.trim().split('\n')).toEqual([
        expect.stringMatching(
          /^generated\/agent\/tools\.ts\(\d+,\d+\): error TS2307: Cannot find module '@anthropic-ai\/claude-agent-sdk'/,
        ),
      ]);
      mkdirSync(path.join(dir, 'node_modules/@anthropic-ai'));
      symlinkSync(SDK, path.join(dir, 'node_modules/@anthropic-ai/claude-agent-sdk'), 'dir');
      expect((await runTsc('TypeScript 7', ['-p', dir, '--pretty', 'false'], dir)).output).toBe('');

      // The SDK installed after the fact: running init again declares its tools, nothing to paste by hand.
      writeFileSync(path.join(dir, 'catalog/tools.catalog.ts'), `${tools}// my note\n`);
      const again = await runCli(['init', '--json'], dir);
      expect(again.code, again.stdout).toBe(0);
      const report = JSON.parse(again.stdout);
      expect(report).toMatchObject({ ok: true, rerun: true, edited: ['catalog/tools.catalog.ts'] });
      expect(report.created).toEqual(['catalog/sdk-tools.catalog.ts']);
      expect(report.sdk).toMatchObject({
        installed: true,
        version: sdkVersion(),
        omitted: [],
        left: 0,
      });
      expect([...report.sdk.unmarked].sort()).toEqual([
        'Bash',
        'EnterWorktree',
        'ExitWorktree',
        'NotebookEdit',
        'Read',
      ]);
      expect(report.sdk.declared.length).toBeGreaterThan(20);
      const typed = read(dir, 'catalog/tools.catalog.ts');
      expect(typed).not.toContain('sdkTyped');
      expect(typed).toBe(
        `${tools
          .replaceAll(' sdkTyped: false,', '')
          .replace(/^\/\/ The SDK tools below[^\n]*\n[^\n]*\n/m, '')}// my note\n`,
      );
      const driftAfter = await runCli(['drift'], dir);
      expect(driftAfter.stdout).toContain('ok: all');
      expect(driftAfter.code).toBe(0);
      expect((await runCli(['generate', '--check'], dir)).code).toBe(0);
      expect((await runTsc('TypeScript 7', ['-p', dir, '--pretty', 'false'], dir)).output).toBe('');
      // A third run has nothing left to do and changes no file.
      const third = await runCli(['init', '--json'], dir);
      expect(JSON.parse(third.stdout)).toMatchObject({
        ok: true,
        rerun: true,
        created: [],
        edited: [],
      });
      expect(read(dir, 'catalog/tools.catalog.ts')).toBe(typed);
    },
    INIT_TIMEOUT_MS,
  );

  it(
    'rewrites a binding file nobody edited when the SDK tools come, and leaves an edited one to bindings --fix',
    async () => {
      const fresh = await appWithoutSdk({ 'index.html': '<!doctype html>\n' });
      const edited = await appWithoutSdk({ 'index.html': '<!doctype html>\n' });
      for (const dir of [fresh, edited]) {
        expect((await runCli(['init'], dir)).code).toBe(0);
        mkdirSync(path.join(dir, 'node_modules/@anthropic-ai'), { recursive: true });
        symlinkSync(SDK, path.join(dir, 'node_modules/@anthropic-ai/claude-agent-sdk'), 'dir');
      }
      const mine = read(edited, 'tool-bindings.ts').replace(
        "Read: { icon: 'file-text' }",
        "Read: { icon: 'book' }",
      );
      writeFileSync(path.join(edited, 'tool-bindings.ts'), mine);

      const again = JSON.parse((await runCli(['init', '--json'], fresh)).stdout);
      expect(again.edited).toEqual(['catalog/tools.catalog.ts', 'tool-bindings.ts']);
      expect(read(fresh, 'tool-bindings.ts')).toContain('Write: {');
      expect(await typecheck(fresh)).toBe('');

      const kept = JSON.parse((await runCli(['init', '--json'], edited)).stdout);
      expect(kept.edited).toEqual(['catalog/tools.catalog.ts']);
      expect(read(edited, 'tool-bindings.ts')).toBe(mine);
      expect(kept.nextSteps).toContain(
        'Add the new tools to tool-bindings.ts: `npx tool-catalog bindings --fix` inserts their entries (it needs ts-morph: npm install -D ts-morph).',
      );
    },
    INIT_TIMEOUT_MS,
  );

  it(
    "names the app's own package manager",
    async () => {
      const pnpm = await appWithoutSdk({ 'pnpm-lock.yaml': "lockfileVersion: '9.0'\n" });
      expect((await runCli(['init'], pnpm)).stdout).toContain(
        'install it with: pnpm add @anthropic-ai/claude-agent-sdk\n',
      );
      const yarn = await appWithoutSdk({
        'package.json': '{ "name": "a", "packageManager": "yarn@4.5.0" }\n',
      });
      const run = await runCli(['init'], yarn);
      expect(run.stdout).toContain('install it with: yarn add @anthropic-ai/claude-agent-sdk\n');
      expect(run.stdout).toContain('yarn add -D agent-tool-catalog');
    },
    INIT_TIMEOUT_MS,
  );
});
