// The folders documented commands run in, each a temporary copy: `repo` (the repository as a user of
// its default catalog and examples sees it, with git history), `app-ui` (a fresh Vite + React app
// after `tool-catalog init`), `app-server` (a Node ESM server on nodenext after `tool-catalog init`),
// `app-chat` (the same server with `ai` and `@openai/agents` in its package.json, after `init`),
// `verify-desk` (the verify fixture catalog with an external MCP server), `verify-skills` (a project
// with skills) and `mcp-everything` (a catalog and a lock behind the real server-everything).
// Each has node_modules: this repository's packages, agent-tool-catalog itself, and its binaries.
import { cpSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ResolvedMcpServer } from '../../plugin/load/mcp-config';
import { formatLock, lockServer } from '../../plugin/mcp/lock-file';
import { listServerTools } from '../../plugin/mcp/list-tools';
import { runCli } from '../support/cli';
import { tempDir, writeFiles } from '../support/files';
import { REPO } from '../support/paths';
import { runCommand } from '../support/packed';

export const FIXTURES = [
  'repo',
  'app-ui',
  'app-server',
  'app-chat',
  'verify-desk',
  'verify-skills',
  'mcp-everything',
] as const;
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

const skipCopied = (source: string) =>
  !/[/\\](node_modules|\.data|dist|\.artifacts)([/\\]|$)/.test(source);

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
    'generate:themis':
      'tool-catalog generate --config examples/themis-agent/tool-catalog.config.ts',
    verify:
      'tool-catalog verify && tool-catalog verify --config examples/themis-agent/tool-catalog.config.ts',
  };
  writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify({ name: 'docs-repo', private: true, type: 'module', scripts }, null, 2)}\n`,
  );
  linkNodeModules(dir);
  // stale-refs reads the registry's git history.
  const git = (...args: string[]) =>
    runCommand('git', ['-c', 'user.email=docs@example.com', '-c', 'user.name=docs', ...args], {
      cwd: dir,
    });
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
    'index.html':
      '<!doctype html><div id="root"></div><script type="module" src="/src/main.tsx"></script>\n',
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
async function serverFixture(dir: string, dependencies?: Record<string, string>): Promise<void> {
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
    'package.json': `${JSON.stringify({ name: 'agent-server', private: true, type: 'module', scripts: { build: 'tsc', start: 'node dist/main.js' }, ...(dependencies && { dependencies }) }, null, 2)}\n`,
    'tsconfig.json': `${JSON.stringify(tsconfig, null, 2)}\n`,
    'src/main.ts': "console.log('agent server');\n",
  });
  linkNodeModules(dir);
  await initialise(dir);
}

/** The `desk` catalog of test/fixtures/verify, with `docs-mcp.json` connecting its external `docs` server. */
async function verifyDeskFixture(dir: string): Promise<void> {
  cpSync(path.join(REPO, 'test/fixtures/verify'), dir, { recursive: true });
  const server = { command: 'node', args: [path.join(dir, 'docs-server.mjs')] };
  writeFileSync(
    path.join(dir, 'docs-mcp.json'),
    `${JSON.stringify({ mcpServers: { docs: server } }, null, 2)}\n`,
  );
  linkNodeModules(dir);
}

/** The skills fixture: a project whose `.claude/skills` holds a skill that lists a tool the catalog blocks. */
async function verifySkillsFixture(dir: string): Promise<void> {
  cpSync(path.join(REPO, 'test/fixtures/verify-skills'), dir, { recursive: true });
  linkNodeModules(dir);
}

/** What server-everything lists today, under the names the catalog still uses for two of them. */
const EVERYTHING_WIRES = [
  'echo_message',
  'get-annotated-message',
  'get-env',
  'get-resource-links',
  'get-resource-reference',
  'get-structured-content',
  'get-sum',
  'gzip-file-as-resource',
  'simulate-research-query',
  'toggle-simulated-logging',
  'toggle-subscriber-updates',
  'trigger-long-running-operation',
  'get-weather',
];

/**
 * docs/drift.md's `drift --mcp` example: a catalog naming server-everything's `echo` by an old name,
 * a tool it dropped and not one it added, and a lock written from an older server.
 */
async function mcpEverythingFixture(dir: string): Promise<void> {
  writeFiles(dir, {
    'package.json': '{ "name": "demo", "private": true, "type": "module" }\n',
    'tool-catalog.config.ts': `import { defineConfig } from 'agent-tool-catalog';

export default defineConfig({
  catalogs: {
    demo: { include: ['catalog/*.catalog.ts'], mcp: { everything: { command: 'npx', args: ['mcp-server-everything', 'stdio'] } } },
  },
});
`,
    'catalog/demo.catalog.ts': `import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ['demo'], channels: { everything: {} } });\n`,
    'catalog/tools.catalog.ts': `import { demo } from './demo.catalog';

export default demo.tools({
  everything_read: {
    kind: 'external', channel: 'everything', category: 'demo',
    wires: [${EVERYTHING_WIRES.map((w) => `'${w}'`).join(', ')}],
  },
});
`,
  });
  linkNodeModules(dir);
  const server = path.join(
    REPO,
    'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
  );
  const listed = await listServerTools({
    name: 'everything',
    type: 'stdio',
    command: process.execPath,
    args: [server, 'stdio'],
    env: {},
    cwd: dir,
    clientCapabilities: {},
    connectTimeoutMs: 30_000,
    listTimeoutMs: 30_000,
  } as ResolvedMcpServer);
  // The lock as the older server wrote it: `echo` was `echo_message`, no `get-env` yet, `get-weather`
  // still there, `get-sum` with an optional integer `b`, `get-annotated-message` without `debug`.
  const older = listed.tools
    .filter((t) => t.name !== 'get-env')
    .map((t) => (t.name === 'echo' ? { ...t, name: 'echo_message' } : t))
    .map((t) =>
      t.name === 'get-sum'
        ? {
            ...t,
            inputSchema: {
              ...t.inputSchema,
              properties: { a: { type: 'number' }, b: { type: 'integer' } },
              required: ['a'],
            },
          }
        : t,
    )
    .map((t) => {
      if (t.name !== 'get-annotated-message') return t;
      const properties = t.inputSchema.properties as Record<string, { enum?: string[] }>;
      const messageType = {
        ...properties.messageType,
        enum: properties.messageType!.enum!.filter((v) => v !== 'debug'),
      };
      return {
        ...t,
        inputSchema: { ...t.inputSchema, properties: { ...properties, messageType } },
      };
    })
    .concat([
      {
        name: 'get-weather',
        inputSchema: {
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
        },
      },
    ]);
  writeFiles(dir, {
    'generated/demo/mcp-tools.lock.json': formatLock({
      lockfileVersion: 1,
      servers: { everything: lockServer({ ...listed, tools: older }, 'stdio', {}) },
    }),
  });
}

async function initialise(dir: string): Promise<void> {
  const run = await runCli(['init'], dir);
  if (run.code !== 0)
    throw new Error(`tool-catalog init failed in ${dir}:\n${run.stdout}${run.stderr}`);
}

/** A fresh copy of each fixture, made once per test file (all at once: they share nothing). */
export async function makeFixtures(): Promise<Record<FixtureName, string>> {
  const build: Record<FixtureName, (dir: string) => Promise<void>> = {
    repo: repoFixture,
    'app-ui': uiFixture,
    'app-server': (dir) => serverFixture(dir),
    'app-chat': (dir) => serverFixture(dir, { ai: '^7.0.0', '@openai/agents': '^0.20.0' }),
    'verify-desk': verifyDeskFixture,
    'verify-skills': verifySkillsFixture,
    'mcp-everything': mcpEverythingFixture,
  };
  const made = await Promise.all(
    FIXTURES.map(async (name) => {
      const dir = await tempDir(`docs-${name}`);
      await build[name](dir);
      return [name, dir] as const;
    }),
  );
  return Object.fromEntries(made) as Record<FixtureName, string>;
}
