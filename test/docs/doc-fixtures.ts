// The folders documented commands run in, each a temporary copy: `repo` (the repository as a user of
// its default catalog and examples sees it, with git history), `app-ui` (a fresh Vite + React app
// after `tool-catalog init`) and `app-server` (a Node ESM server on nodenext after `tool-catalog init`).
// Each has node_modules: this repository's packages, agent-tool-catalog itself, and its binaries.
import { cpSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../support/cli';
import { tempDir, writeFiles } from '../support/files';
import { REPO } from '../support/paths';
import { runCommand } from '../support/packed';

export const FIXTURES = ['repo', 'app-ui', 'app-server'] as const;
export type FixtureName = (typeof FIXTURES)[number];

/** node_modules as an app that installed agent-tool-catalog has it (links into this repository's). */
function linkNodeModules(dir: string): void {
  const modules = path.join(dir, 'node_modules');
  const bin = path.join(modules, '.bin');
  mkdirSync(bin, { recursive: true });
  for (const entry of readdirSync(path.join(REPO, 'node_modules'))) {
    if (entry === '.bin' || entry.startsWith('.')) continue;
    symlinkSync(path.join(REPO, 'node_modules', entry), path.join(modules, entry), 'dir');
  }
  symlinkSync(REPO, path.join(modules, 'agent-tool-catalog'), 'dir');
  for (const entry of readdirSync(path.join(REPO, 'node_modules/.bin')))
    symlinkSync(path.join(REPO, 'node_modules/.bin', entry), path.join(bin, entry));
  for (const name of ['tool-catalog', 'agent-tool-catalog'])
    symlinkSync('../agent-tool-catalog/bin/tool-catalog.js', path.join(bin, name));
}

const skipCopied = (source: string) => !/[/\\](node_modules|\.data|dist|\.artifacts)([/\\]|$)/.test(source);

async function repoFixture(dir: string): Promise<void> {
  for (const entry of [
    'catalog',
    'generated',
    'examples',
    'tool-catalog.config.ts',
    'tsconfig.json',
    'tsconfig.base.json',
  ])
    cpSync(path.join(REPO, entry), path.join(dir, entry), { recursive: true, filter: skipCopied });
  const scripts = {
    generate: 'tool-catalog generate',
    'generate:themis': 'tool-catalog generate --config examples/themis-agent/tool-catalog.config.ts',
    verify: 'tool-catalog verify && tool-catalog verify --config examples/themis-agent/tool-catalog.config.ts',
  };
  writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify({ name: 'docs-repo', private: true, type: 'module', scripts }, null, 2)}\n`,
  );
  linkNodeModules(dir);
  // stale-refs reads the registry's git history.
  const git = (...args: string[]) =>
    runCommand('git', ['-c', 'user.email=docs@example.com', '-c', 'user.name=docs', ...args], { cwd: dir });
  writeFileSync(path.join(dir, '.gitignore'), 'node_modules\n');
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-qm', 'the repository as documented');
}

/** What `npm create vite` (React + TypeScript) gives, then `tool-catalog init`. */
async function uiFixture(dir: string): Promise<void> {
  const manifest = {
    name: 'web',
    private: true,
    type: 'module',
    scripts: { dev: 'vite', build: 'tsc -b && vite build' },
    dependencies: { react: '^19.0.0', 'react-dom': '^19.0.0' },
    devDependencies: { vite: '^8.0.0', '@vitejs/plugin-react': '^6.0.0', typescript: '^7.0.0' },
  };
  const app = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022', 'DOM'],
      module: 'ESNext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    },
    include: ['src'],
  };
  writeFiles(dir, {
    'package.json': `${JSON.stringify(manifest, null, 2)}\n`,
    'index.html': '<!doctype html><div id="root"></div><script type="module" src="/src/main.tsx"></script>\n',
    'vite.config.ts':
      "import react from '@vitejs/plugin-react';\nimport { defineConfig } from 'vite';\n\nexport default defineConfig({\n  plugins: [react()],\n});\n",
    'tsconfig.json': `${JSON.stringify({ files: [], references: [{ path: './tsconfig.app.json' }] }, null, 2)}\n`,
    'tsconfig.app.json': `${JSON.stringify(app, null, 2)}\n`,
    'src/main.tsx': "export const app = 'web';\n",
  });
  linkNodeModules(dir);
  await initialise(dir);
}

/** A Node ESM server compiled by tsc (nodenext, rootDir src), then `tool-catalog init`. */
async function serverFixture(dir: string): Promise<void> {
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'nodenext',
      rootDir: 'src',
      outDir: 'dist',
      strict: true,
      skipLibCheck: true,
      types: [],
    },
    include: ['src'],
  };
  writeFiles(dir, {
    'package.json': `${JSON.stringify({ name: 'agent-server', private: true, type: 'module', scripts: { build: 'tsc', start: 'node dist/main.js' } }, null, 2)}\n`,
    'tsconfig.json': `${JSON.stringify(tsconfig, null, 2)}\n`,
    'src/main.ts': "console.log('agent server');\n",
  });
  linkNodeModules(dir);
  await initialise(dir);
}

async function initialise(dir: string): Promise<void> {
  const run = await runCli(['init'], dir);
  if (run.code !== 0) throw new Error(`tool-catalog init failed in ${dir}:\n${run.stdout}${run.stderr}`);
}

/** A fresh copy of each fixture, made once per test file. */
export async function makeFixtures(): Promise<Record<FixtureName, string>> {
  const made = {} as Record<FixtureName, string>;
  const build: Record<FixtureName, (dir: string) => Promise<void>> = {
    repo: repoFixture,
    'app-ui': uiFixture,
    'app-server': serverFixture,
  };
  for (const name of FIXTURES) {
    made[name] = await tempDir(`docs-${name}`);
    await build[name](made[name]);
  }
  return made;
}
