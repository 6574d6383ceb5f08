// The config's `mcp` entries: every way of reaching a server resolves, and each mistake — an unknown
// server, a header written in the file, a missing command, a wrong field — is a located diagnostic;
// `drift --mcp` on the command line says what is wrong with its arguments (exit 2).
import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnosticLine } from '../../plugin/diagnostics/diagnostics';
import { loadProject } from '../../plugin/project/load-project';
import { runCli } from '../support/cli';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';

afterAll(removeTempDirs);

/** A project whose config's catalog `app` has `mcp: <mcp>` and declares server `docs` and channel `tracker`. */
async function project(mcp: string): Promise<string> {
  const dir = await tempDir('mcp-config');
  writeFiles(dir, {
    'tool-catalog.config.ts': `import { defineConfig } from 'agent-tool-catalog';
export default defineConfig({
  catalogs: {
    app: {
      include: ['catalog/*.catalog.ts'],
      mcp: ${mcp},
    },
  },
});
`,
    'catalog/app.catalog.ts': `import { defineCatalog } from 'agent-tool-catalog';\nexport const app = defineCatalog({ servers: { docs: {} }, channels: { tracker: {} } });\n`,
    'catalog/tools.catalog.ts': `import { app } from './app.catalog';\nexport default app.tools({ search: { kind: 'mcp', server: 'docs' } });\n`,
  });
  return dir;
}

const problems = async (mcp: string) =>
  (await loadProject({ cwd: await project(mcp) })).diagnostics.map(formatDiagnosticLine);

describe('mcp in the config', () => {
  it('resolves stdio, http and in-process servers, with defaults', async () => {
    const dir = await project(`{
        docs: { type: 'sdk', module: './app/server.ts', export: 'createDocsServer' },
        tracker: { type: 'http', url: 'https://tracker.example/mcp', headers: { Authorization: { env: 'TRACKER_TOKEN', prefix: 'Bearer ' } }, listTimeoutMs: 500 },
      }`);
    const loaded = await loadProject({ cwd: dir });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.catalogs[0]!.config.mcp).toEqual({
      docs: {
        name: 'docs',
        type: 'sdk',
        module: './app/server.ts',
        export: 'createDocsServer',
        resolveDir: dir,
        clientCapabilities: {},
        connectTimeoutMs: 15_000,
        listTimeoutMs: 15_000,
      },
      tracker: {
        name: 'tracker',
        type: 'http',
        url: 'https://tracker.example/mcp',
        headers: { Authorization: { env: 'TRACKER_TOKEN', prefix: 'Bearer ' } },
        clientCapabilities: {},
        connectTimeoutMs: 15_000,
        listTimeoutMs: 500,
      },
    });
    const stdio = await loadProject({
      cwd: await project(
        `{ docs: { command: 'npx', args: ['docs-mcp'], env: { LOG: 'debug', KEY: { env: 'DOCS_KEY' } } } }`,
      ),
    });
    expect(stdio.catalogs[0]!.config.mcp.docs).toMatchObject({
      type: 'stdio',
      command: 'npx',
      args: ['docs-mcp'],
      env: { LOG: 'debug', KEY: { env: 'DOCS_KEY' } },
      cwd: stdio.catalogs[0]!.config.rootDir,
    });
  });

  it('names a server the catalog does not declare, at its key, with the nearest name', async () => {
    expect(await problems(`{ doc: { command: 'docs-mcp' } }`)).toEqual([
      "tool-catalog.config.ts:6:14: error TC143: The config says how to reach MCP server 'doc', but catalog 'app' declares no server or channel of that name; use one of: docs, tracker. Did you mean 'docs'?",
    ]);
  });

  it('refuses a header written in the file, a missing command, an unknown field and a bad URL', async () => {
    expect(
      await problems(`{
        tracker: { type: 'sse', url: 'tracker.example/sse', headers: { Authorization: 'Bearer abc' } },
        docs: { args: ['server.js'], instance: {} },
      }`),
    ).toEqual([
      "tool-catalog.config.ts:7:38: error TC002: MCP server 'tracker' in the config: 'url' \"tracker.example/sse\" is not an http:// or https:// URL.",
      "tool-catalog.config.ts:7:87: error TC002: Header 'Authorization' of MCP server 'tracker' is written in the config; header values may hold secrets, so read it from the environment instead: { env: 'VARIABLE' } (with prefix: 'Bearer ' for a bearer token).",
      "tool-catalog.config.ts:8:38: error TC002: MCP server 'docs' in the config has an unknown field 'instance'. Valid fields: type, clientCapabilities, connectTimeoutMs, listTimeoutMs, command, args, env, cwd.",
      "tool-catalog.config.ts:8:9: error TC002: MCP server 'docs' in the config needs 'command' (the program that starts the server).",
    ]);
  });

  it('refuses an unknown type and a time limit that is not positive', async () => {
    expect(
      await problems(
        `{ docs: { type: 'websocket', url: 'ws://x' }, tracker: { type: 'http', url: 'http://x/mcp', connectTimeoutMs: 0 } }`,
      ),
    ).toEqual([
      "tool-catalog.config.ts:6:28: error TC002: MCP server 'docs' in the config: 'type' must be 'stdio', 'http', 'sse' or 'sdk', not \"websocket\".",
      "tool-catalog.config.ts:6:122: error TC002: MCP server 'tracker' in the config: 'connectTimeoutMs' must be a positive number of milliseconds.",
    ]);
  });
});

describe('drift --mcp on the command line', () => {
  it('says when no server is configured, or an option is wrong (exit 2)', async () => {
    const none = await runCli(['drift', '--mcp'], await project('{}'));
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(
      "No MCP server is configured for catalog 'app': say how to reach each one in the config",
    );
    const dir = await project(`{ docs: { command: 'docs-mcp' } }`);
    expect(await runCli(['drift', '--update'], dir)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--update applies to MCP servers; use it with --mcp.'),
    });
    expect(await runCli(['drift', '--mcp', '--connect-timeout', 'soon'], dir)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        "--connect-timeout needs a positive number of milliseconds, not 'soon'.",
      ),
    });
    expect(await runCli(['drift', 'docs'], dir)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        "Unexpected argument 'docs'; drift takes server names only with --mcp.",
      ),
    });
  });
});
