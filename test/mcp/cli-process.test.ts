// The `tool-catalog` binary and MCP: the client is loaded only by `drift --mcp` (no other command
// pays for it), and a Ctrl-C while a server hangs ends the command and the server's whole group.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';
import { BIN, FIXTURES, repoPath } from '../support/paths';
import { pidsIn, stillRunning } from '../support/processes';

afterAll(removeTempDirs);

/** The files `entry` loads with static imports, itself included (dynamic `import()` is not followed). */
function staticImports(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(
      /(?:^|[;\n])\s*(?:import|export)\s*(?:[^'"();]*?\sfrom\s*)?["'](\.[^"']+)["']/g,
    ))
      visit(path.resolve(path.dirname(file), specifier!));
  };
  visit(entry);
  return [...seen];
}

describe('the binary', () => {
  it('loads the MCP client only on the drift --mcp path', () => {
    const cli = repoPath('dist/cli.js');
    expect(existsSync(cli)).toBe(true);
    const loaded = staticImports(cli);
    expect(loaded.length).toBeGreaterThan(1);
    // A module of the client is imported by a subpath (`@modelcontextprotocol/sdk/client/index.js`); the
    // package's bare name may appear as text (the message that says how to install it).
    const importsClient = (file: string) =>
      /["']@modelcontextprotocol\/sdk\/[^"']+["']/.test(readFileSync(file, 'utf8'));
    expect(loaded.filter(importsClient)).toEqual([]);
    // The check reads the right files: the client is in the build, in a chunk only `drift --mcp` imports.
    const chunks = repoPath('dist/chunks');
    const withClient = readdirSync(chunks).filter((f) => importsClient(path.join(chunks, f)));
    expect(withClient.length).toBeGreaterThan(0);
  });

  it('stops a hanging server, and everything it started (what left its group too), when interrupted', async () => {
    const dir = await tempDir('mcp-interrupt');
    const pidFile = path.join(dir, 'pids');
    writeFiles(dir, {
      'tool-catalog.config.ts': `import { defineConfig } from 'agent-tool-catalog';
export default defineConfig({ catalogs: { app: { include: ['catalog/*.catalog.ts'], mcp: { slow: {
  command: 'node', args: [${JSON.stringify(path.join(FIXTURES, 'mcp/misbehaving-server.mjs'))}, 'silent'],
  env: { PID_FILE: ${JSON.stringify(pidFile)}, ESCAPEES: '1' }, connectTimeoutMs: 60000,
} } } } });
`,
      'catalog/app.catalog.ts': `import { defineCatalog } from 'agent-tool-catalog';\nexport const app = defineCatalog({ channels: { slow: {} } });\nexport default app.tools({ slow_tools: { kind: 'external', channel: 'slow', mirror: true } });\n`,
    });
    const child = spawn(process.execPath, [BIN, 'drift', '--mcp'], { cwd: dir, stdio: 'ignore' });
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
      child.once('exit', (code, signal) => done({ code, signal })),
    );
    // The server writes its pid and those of three processes that leave its group: interrupt only then.
    while (!existsSync(pidFile) || pidsIn(pidFile).length < 4)
      await new Promise((r) => setTimeout(r, 25));
    child.kill('SIGINT');
    expect(await ended).toEqual({ code: null, signal: 'SIGINT' });
    expect(stillRunning(pidsIn(pidFile))).toEqual([]);
  });
});
