// `drift --mcp` against a real server nobody here wrote: @modelcontextprotocol/server-everything over
// stdio. The lock it writes is deterministic and survives `generate`; with a planted addition,
// removal, rename and schema change (a catalog and a lock from a modified copy), each is reported.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedMcpServer } from '../../plugin/load/mcp-config';
import { formatLock, lockServer } from '../../plugin/mcp/lock-file';
import { listServerTools, type ListedServer } from '../../plugin/mcp/list-tools';
import { json, runCli } from '../support/cli';
import { artifactDir, writeFiles } from '../support/files';
import { repoPath } from '../support/paths';

const EVERYTHING = repoPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const TOOLS = [
  'echo',
  'get-annotated-message',
  'get-env',
  'get-resource-links',
  'get-resource-reference',
  'get-structured-content',
  'get-sum',
  'get-tiny-image',
  'gzip-file-as-resource',
  'simulate-research-query',
  'toggle-simulated-logging',
  'toggle-subscriber-updates',
  'trigger-long-running-operation',
];

let dir: string;
const cli = (...args: string[]) => runCli(['drift', '--mcp', ...args], dir);
const lockFile = () => path.join(dir, 'generated/demo/mcp-tools.lock.json');
const catalogWith = (wires: readonly string[]) => `import { demo } from './demo.catalog';
export default demo.tools({
  everything_tools: {
    kind: 'external', channel: 'everything', category: 'demo',
    wires: [
${wires.map((w) => `      '${w}',\n`).join('')}    ],
  },
});
`;

beforeAll(() => {
  dir = artifactDir('mcp-everything');
  writeFiles(dir, {
    'tool-catalog.config.ts': `import { defineConfig } from 'agent-tool-catalog';
export default defineConfig({
  catalogs: {
    demo: {
      include: ['catalog/*.catalog.ts'],
      mcp: { everything: { command: 'node', args: [${JSON.stringify(path.relative(dir, EVERYTHING).split(path.sep).join('/'))}, 'stdio'] } },
    },
  },
});
`,
    'catalog/demo.catalog.ts': `import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ['demo'], channels: { everything: {} } });\n`,
    'catalog/tools.catalog.ts': catalogWith(TOOLS),
  });
});

describe('drift --mcp against server-everything', () => {
  it('records the server in a lock whose bytes do not change from run to run', async () => {
    const first = await cli('--update');
    expect(first.stdout).toContain('lock written: generated/demo/mcp-tools.lock.json');
    expect(first.code).toBe(0);
    const written = readFileSync(lockFile(), 'utf8');
    const second = await cli('--update');
    expect(second.stdout).toContain('lock unchanged: generated/demo/mcp-tools.lock.json');
    expect(second.stdout).toContain(
      'drift --mcp: 1 server checked; the catalog, the servers and the lock agree.',
    );
    expect(second.code).toBe(0);
    expect(readFileSync(lockFile(), 'utf8')).toBe(written);
    expect(written.split('\n').slice(0, 14).join('\n')).toBe(`{
  "lockfileVersion": 1,
  "servers": {
    "everything": {
      "transport": "stdio",
      "server": {"name":"mcp-servers/everything","version":"2.0.0"},
      "clientCapabilities": {},
      "tools": {
        "echo": {
          "inputSchemaHash": "sha256:469e5fe39f8aca53300e488b3cedeab32025468f056d512277d8dcf716e03f64",
          "annotations": {"destructiveHint":false,"idempotentHint":true,"openWorldHint":false,"readOnlyHint":true},
          "properties": {
            "message": {"type":"string","required":true}
          }`);
  });

  it('keeps the lock through generate, which never owns it', async () => {
    const before = readFileSync(lockFile(), 'utf8');
    expect((await runCli(['generate'], dir)).code).toBe(0);
    const manifest = readFileSync(
      path.join(dir, 'generated/demo/.tool-catalog-manifest.json'),
      'utf8',
    );
    expect(manifest).not.toContain('mcp-tools.lock.json');
    expect(readFileSync(lockFile(), 'utf8')).toBe(before);
  });

  describe('with a planted addition, removal, rename and schema change', () => {
    let listed: ListedServer;

    beforeAll(async () => {
      const config = {
        name: 'everything',
        type: 'stdio',
        command: 'node',
        args: [EVERYTHING, 'stdio'],
        env: {},
        cwd: dir,
        clientCapabilities: {},
        connectTimeoutMs: 15_000,
        listTimeoutMs: 15_000,
      } as ResolvedMcpServer;
      listed = await listServerTools(config);
      // The lock as an older server would have written it: `echo` was `echo_message`, `get-env`
      // did not exist yet, `get-weather` did, and `get-sum` took an optional integer `b`.
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
      writeFileSync(
        lockFile(),
        formatLock({
          lockfileVersion: 1,
          servers: { everything: lockServer({ ...listed, tools: older }, 'stdio', {}) },
        }),
      );
      // The catalog as it was then: no `get-tiny-image` yet (added since), `get-weather`, `echo_message`.
      writeFileSync(
        path.join(dir, 'catalog/tools.catalog.ts'),
        catalogWith([
          ...TOOLS.filter((t) => t !== 'get-tiny-image' && t !== 'echo'),
          'echo_message',
          'get-weather',
        ]),
      );
    });

    it('reports each, with where the catalog names it and what to do', async () => {
      const run = await cli();
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe(
        [
          "drift --mcp: catalog 'demo' against its MCP servers (lock: generated/demo/mcp-tools.lock.json)",
          '',
          `everything (stdio: node ${path.relative(dir, EVERYTHING).split(path.sep).join('/')} stdio)`,
          '  mcp-servers/everything 2.0.0 lists 13 tools in 1 page; the catalog names 13 tools on this channel.',
          "  new: the server has 'get-tiny-image', which the catalog does not declare.",
          "    Paste into a catalog file's .tools({...}) call, then classify it (category, exposure):",
          "      'get-tiny-image': { kind: 'external', channel: 'everything', wires: ['get-tiny-image'], category: 'demo', exposure: 'disabled', label: 'Get tiny image', description: 'Returns a tiny MCP logo image.' },",
          "  renamed: 'everything_tools' (catalog/tools.catalog.ts:17:7) names 'echo_message', which the server no longer lists; it is probably the server's 'echo' now (identical input schema; name similarity 0.50).",
          "    Fix: write 'echo' there instead of 'echo_message', if it is the same tool.",
          "  gone: 'everything_tools' (catalog/tools.catalog.ts:18:7) names 'get-weather', which the server no longer lists.",
          '    Fix: remove it from the catalog, then find what still uses it with tool-catalog stale-refs.',
          '  since the lock (! may refuse calls that worked before, + accepts more, ~ neither):',
          '    get-sum: input schema changed',
          '      + b: type integer → number',
          '      ! b: now required (was optional)',
          '    added: get-env',
          '    removed: get-weather',
          '    probably renamed: echo_message → echo (identical input schema; name similarity 0.50)',
          '    Fix: review these changes (and the catalog, if they change what a tool does), then record them with tool-catalog drift --mcp --update.',
          '',
          'drift --mcp: 1 server checked: 3 differences with the catalog, 4 changes since the lock.',
          '',
        ].join('\n'),
      );
      expect(run.code).toBe(1);
    });

    it('says the same as JSON', async () => {
      const run = await cli('--json');
      expect(run.code).toBe(1);
      const [server] = json(run).catalogs[0].servers;
      expect(server).toMatchObject({
        server: 'everything',
        kind: 'channel',
        ok: false,
        tools: 13,
        pages: 1,
      });
      expect(server.catalog.new.map((n: { wire: string }) => n.wire)).toEqual(['get-tiny-image']);
      expect(server.catalog.gone).toEqual([
        {
          wire: 'get-weather',
          key: 'everything_tools',
          isKey: false,
          position: { file: 'catalog/tools.catalog.ts', line: 18, column: 7 },
        },
      ]);
      expect(server.catalog.renamed).toMatchObject([
        { wire: 'echo_message', to: 'echo', key: 'everything_tools' },
      ]);
      expect(server.lock).toMatchObject({
        status: 'changed',
        added: ['get-env'],
        removed: ['get-weather'],
        renamed: [{ from: 'echo_message', to: 'echo' }],
      });
      expect(server.lock.changed).toEqual([
        {
          tool: 'get-sum',
          fields: [
            {
              path: 'b',
              change: 'type-changed',
              severity: 'compatible',
              before: 'integer',
              after: 'number',
            },
            { path: 'b', change: 'became-required', severity: 'breaking' },
          ],
          otherInputChange: false,
          outputSchemaChanged: false,
        },
      ]);
    });

    it('exits 2 for a server no catalog configures, with the nearest name', async () => {
      const run = await cli('everythin');
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        "No catalog says how to reach MCP server 'everythin'; configured: everything. Did you mean 'everything'?",
      );
    });
  });
});
