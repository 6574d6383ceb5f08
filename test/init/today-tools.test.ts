// `tool-catalog init` on today's tools: the app's package manager in every command it prints (from
// its lock file, `packageManager`, or the one that started it), pnpm-workspace.yaml left alone, the
// Vite plugin added to the app's own plugins, imports that hold under nodenext before any tsconfig
// exists, output inside a tsconfig's rootDir, a binding file only for apps with a UI, and --config.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBin, runCli } from '../support/cli';
import { runTsc } from '../support/compilers';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';
import { REPO } from '../support/paths';

afterAll(removeTempDirs);

/** TypeScript 5.9 (JavaScript) compiling a project with the SDK's types takes minutes on a loaded machine. */
const TSC_TIMEOUT_MS = 300_000;

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');

/** An app outside the repository (no SDK, no tsconfig found upwards), with these files. */
async function app(label: string, files: Record<string, string>): Promise<string> {
  const dir = await tempDir(`init-${label}`);
  writeFiles(dir, files);
  return dir;
}

/** What `npm install -D agent-tool-catalog` and the SDK give the app: both linked into its node_modules. */
function linkPackages(dir: string, sdk = true): void {
  mkdirSync(path.join(dir, 'node_modules/@anthropic-ai'), { recursive: true });
  symlinkSync(REPO, path.join(dir, 'node_modules/agent-tool-catalog'), 'dir');
  if (sdk)
    symlinkSync(
      path.join(REPO, 'node_modules/@anthropic-ai/claude-agent-sdk'),
      path.join(dir, 'node_modules/@anthropic-ai/claude-agent-sdk'),
      'dir',
    );
}

const VITE_REACT_APP = {
  'package.json': `${JSON.stringify({ name: 'web', private: true, type: 'module', dependencies: { react: '^19.0.0' }, devDependencies: { vite: '^8.0.0', '@vitejs/plugin-react': '^6.0.0' } }, null, 2)}\n`,
  'vite.config.ts':
    "import react from '@vitejs/plugin-react';\nimport { defineConfig } from 'vite';\n\nexport default defineConfig({\n  plugins: [\n    react(),\n  ],\n});\n",
  'index.html': '<!doctype html><div id="root"></div>\n',
  'src/main.tsx': 'export {};\n',
};

describe('init in a pnpm app', () => {
  it('speaks pnpm, leaves pnpm-workspace.yaml alone, adds the plugin to the app plugins and suggests -D for the SDK', async () => {
    const dir = await app('pnpm-vite', {
      ...VITE_REACT_APP,
      'pnpm-lock.yaml': "lockfileVersion: '9.0'\n",
    });
    const run = await runCli(['init'], dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toContain('1. pnpm add -D agent-tool-catalog');
    // A browser app only reads the SDK's types.
    expect(out).toContain('install it with: pnpm add -D @anthropic-ai/claude-agent-sdk\n');
    expect(out).toContain('Then run `pnpm exec tool-catalog init` again');
    expect(out).toContain(
      'Run `pnpm generate` after each catalog change (commit src/generated/agent/ and src/tool-bindings.ts).',
    );
    expect(out).toContain(
      "     import toolCatalog from 'agent-tool-catalog/vite';\n       plugins: [react(), toolCatalog()],\n",
    );
    expect(out).not.toMatch(/\bnpx |npm run|npm install/);
    // No dependency of the package has a build script: pnpm has nothing to decide, init nothing to record.
    expect(out).not.toMatch(/allowBuilds|esbuild|pnpm-workspace/);
    expect(existsSync(path.join(dir, 'pnpm-workspace.yaml'))).toBe(false);
    expect(read(dir, 'catalog/tools.catalog.ts')).toContain('then run `pnpm generate`.');
    expect(read(dir, 'catalog/tools.catalog.ts')).toContain(
      'run `pnpm exec tool-catalog init` again',
    );
    expect(JSON.parse(read(dir, 'package.json')).scripts).toEqual({
      generate: 'tool-catalog generate',
    });
    expect(existsSync(path.join(dir, 'src/tool-bindings.ts'))).toBe(true);
    const again = JSON.parse((await runCli(['init', '--json'], dir)).stdout);
    expect(again).not.toHaveProperty('pnpm');
    expect(existsSync(path.join(dir, 'pnpm-workspace.yaml'))).toBe(false);
  });

  it('finds pnpm, yarn and bun from the command that started it when the app has no lock file yet', async () => {
    const expected: [string, RegExp][] = [
      [
        'pnpm/12.23.0 npm/? node/v20.19.0 linux x64',
        /1\. pnpm add -D agent-tool-catalog[\s\S]*`pnpm exec tool-catalog init`/,
      ],
      [
        'yarn/4.9.1 npm/? node/v20.19.0 linux x64',
        /1\. yarn add -D agent-tool-catalog[\s\S]*`yarn tool-catalog init`/,
      ],
      [
        'bun/1.2.20 npm/? node/v20.19.0 linux x64',
        /1\. bun add -d agent-tool-catalog[\s\S]*`bunx tool-catalog init`/,
      ],
    ];
    for (const [agent, says] of expected) {
      const dir = await app('user-agent', { 'package.json': '{ "name": "fresh" }\n' });
      const run = await runBin(['init'], dir, { npm_config_user_agent: agent });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(says);
    }
  });

  it("keeps the workspace's pnpm-workspace.yaml byte for byte", async () => {
    const workspace = "packages:\n  - '.'\nallowBuilds:\n  sharp: true\n";
    const dir = await app('workspace-yaml', {
      ...VITE_REACT_APP,
      'pnpm-lock.yaml': "lockfileVersion: '9.0'\n",
      'pnpm-workspace.yaml': workspace,
    });
    const run = await runCli(['init', '--json'], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).created).not.toContain('pnpm-workspace.yaml');
    expect(read(dir, 'pnpm-workspace.yaml')).toBe(workspace);
  });
});

describe('init and TypeScript', () => {
  it(
    'writes imports that nodenext accepts before a tsconfig exists (TypeScript 5.9)',
    async () => {
      const dir = await app('no-tsconfig', {
        'package.json': '{ "name": "server", "type": "module" }\n',
      });
      linkPackages(dir);
      const run = await runCli(['init'], dir);
      expect(run.code, run.stderr).toBe(0);
      expect(read(dir, 'catalog/tools.catalog.ts')).toContain("from './agent.catalog.js';");
      expect(run.stdout).toContain(
        'No tsconfig.json yet: when you add one, run `npm run generate` again',
      );
      writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            module: 'nodenext',
            strict: true,
            noEmit: true,
            skipLibCheck: true,
            types: [],
          },
          include: ['catalog', 'generated', 'tool-catalog.config.ts'],
        }),
      );
      expect((await runCli(['generate'], dir)).code).toBe(0);
      const tsc = await runTsc('TypeScript 5.9', ['-p', dir, '--pretty', 'false'], dir);
      expect(tsc.output).toBe('');
      expect(tsc.code).toBe(0);
    },
    TSC_TIMEOUT_MS,
  );

  it(
    "puts the output inside the tsconfig's rootDir, so the server compiles (no TS6059)",
    async () => {
      const tsconfig = {
        compilerOptions: {
          module: 'nodenext',
          rootDir: 'src',
          outDir: 'dist',
          strict: true,
          skipLibCheck: true,
          types: [],
        },
        include: ['src'],
      };
      const dir = await app('root-dir', {
        'package.json': '{ "name": "server", "type": "module" }\n',
        'tsconfig.json': JSON.stringify(tsconfig),
      });
      linkPackages(dir);
      const run = await runCli(['init'], dir);
      expect(run.code, run.stderr).toBe(0);
      expect(read(dir, 'tool-catalog.config.ts')).toContain("outDir: 'src/generated/agent'");
      expect(read(dir, 'catalog/tools.catalog.ts')).toContain("from './agent.catalog.js';");
      writeFiles(dir, {
        'src/main.ts':
          "import { AGENT_TOOL_KEYS } from './generated/agent/registry.js';\nconsole.log(AGENT_TOOL_KEYS.length);\n",
      });
      const tsc = await runTsc('TypeScript 5.9', ['-p', dir, '--pretty', 'false'], dir);
      expect(tsc.output).toBe('');
      expect(existsSync(path.join(dir, 'dist/main.js'))).toBe(true);
      expect(existsSync(path.join(dir, 'dist/generated/agent/registry.js'))).toBe(true);
    },
    TSC_TIMEOUT_MS,
  );

  it('says how to keep the catalog out of a tsconfig that compiles everything under a rootDir', async () => {
    const dir = await app('root-dir-everything', {
      'package.json': '{ "name": "server", "type": "module" }\n',
      'tsconfig.json': JSON.stringify({
        compilerOptions: { module: 'nodenext', rootDir: './src' },
      }),
    });
    const run = await runCli(['init'], dir);
    expect(run.stdout).toContain(
      `tsconfig.json compiles every file of the app but has rootDir 'src': give it "include": ["src"], so the catalog and the config (build-time files) stay out of it (TS6059).`,
    );
  });
});

describe('init: UI or not, and --config', () => {
  it('makes a binding file for --ui, none for --no-ui, whatever it would guess', async () => {
    const server = await app('flag-ui', { 'package.json': '{ "name": "a" }\n' });
    expect((await runCli(['init', '--ui'], server)).code).toBe(0);
    expect(read(server, 'tool-catalog.config.ts')).toContain(
      "bindings: { file: 'tool-bindings.ts' }",
    );
    expect(existsSync(path.join(server, 'tool-bindings.ts'))).toBe(true);

    const web = await app('flag-no-ui', VITE_REACT_APP);
    const run = await runCli(['init', '--no-ui'], web);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(web, 'src/tool-bindings.ts'))).toBe(false);
    expect(run.stdout).toContain(
      'No binding file: --no-ui, so init took this for an app without a UI.',
    );
    // Without a UI the SDK runs in the app: a production dependency.
    expect(run.stdout).toContain('install it with: npm install @anthropic-ai/claude-agent-sdk\n');
    expect((await runCli(['init', '--ui', '--no-ui'], web)).code).toBe(2);
  });

  it('--config writes the config where it says, the catalog beside it, and commands that name it', async () => {
    const dir = await app('config-flag', { 'package.json': '{ "name": "a" }\n' });
    const run = await runCli(['init', '--config', 'agent/catalogs.ts'], dir);
    expect(run.code, run.stderr).toBe(0);
    const config = read(dir, 'agent/catalogs.ts');
    expect(config).toContain("include: ['catalog/**/*.catalog.ts'],");
    expect(config).toContain("outDir: 'generated/agent',");
    expect(existsSync(path.join(dir, 'agent/catalog/tools.catalog.ts'))).toBe(true);
    expect(JSON.parse(read(dir, 'package.json')).scripts.generate).toBe(
      'tool-catalog generate --config agent/catalogs.ts',
    );
    expect(run.stdout).toContain(
      'Then run `npx tool-catalog init --config agent/catalogs.ts` again',
    );
    expect(existsSync(path.join(dir, 'agent/generated/agent/registry.ts'))).toBe(true);
    expect((await runCli(['generate', '--check', '--config', 'agent/catalogs.ts'], dir)).code).toBe(
      0,
    );
    // Run again with it: the config is found, nothing is refused.
    expect((await runCli(['init', '--config', 'agent/catalogs.ts'], dir)).code).toBe(0);
    const outside = await runCli(['init', '--config', '../elsewhere.ts'], dir);
    expect(outside.code).toBe(1);
    expect(outside.stderr).toContain("the config goes in the app's folder or a folder inside it");

    const json = await runCli(
      ['init', '--config', 'catalogs.json'],
      await app('config-json', { 'package.json': '{}\n' }),
    );
    expect(json.code).toBe(1);
    expect(json.stderr).toContain(
      '--config catalogs.json: init writes a TypeScript config; name it with .ts or .mts',
    );
  });
});
