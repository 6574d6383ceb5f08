// `drift --mcp` as a user runs it, against a server whose 10,000 tools were all renamed since the
// lock: the binary, with its heap capped at 256 MB, pairs every rename and ends (comparing every
// pair would take 100 million comparisons and, before the search was bounded, ran out of memory).
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ResolvedMcpServer } from '../../plugin/load/mcp-config';
import { listServerTools } from '../../plugin/mcp/list-tools';
import { formatLock, lockServer } from '../../plugin/mcp/lock-file';
import { runBin } from '../support/cli';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';
import { FIXTURES } from '../support/paths';

afterAll(removeTempDirs);

const SERVER = path.join(FIXTURES, 'mcp/many-tools-server.mjs');
const COUNT = 10_000;

describe('ten thousand tools renamed at once', () => {
  it('are paired by the binary within a 256 MB heap', { timeout: 600_000 }, async () => {
    const dir = await tempDir('mcp-many-renames');
    const server = (naming: string) => ({
      command: 'node',
      args: [SERVER, String(COUNT), naming],
      connectTimeoutMs: 300_000,
      listTimeoutMs: 300_000,
    });
    writeFiles(dir, {
      'tool-catalog.config.ts': `import { defineConfig } from 'agent-tool-catalog';
export default defineConfig({ catalogs: { app: { include: ['catalog/*.catalog.ts'], mcp: {
  records: ${JSON.stringify(server('after'))},
} } } });
`,
      'catalog/app.catalog.ts': `import { defineCatalog } from 'agent-tool-catalog';
export const app = defineCatalog({ channels: { records: {} } });
export default app.tools({ records_tools: { kind: 'external', channel: 'records', mirror: true } });
`,
    });
    // The lock as --update wrote it when the server still used the old names.
    const before = await listServerTools({
      ...server('before'),
      name: 'records',
      type: 'stdio',
      env: {},
      cwd: dir,
      clientCapabilities: {},
    } as ResolvedMcpServer);
    expect(before.tools).toHaveLength(COUNT);
    writeFiles(dir, {
      'generated/app/mcp-tools.lock.json': formatLock({
        lockfileVersion: 1,
        servers: { records: lockServer(before, 'stdio', {}) },
      }),
    });

    const run = await runBin(['drift', '--mcp'], dir, { NODE_OPTIONS: '--max-old-space-size=256' });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    const renamed = lines.filter((l) => l.startsWith('    probably renamed: '));
    expect(renamed[0]).toBe(
      '    probably renamed: fetch_record_00000 → fetchRecord00000Item (identical input schema; name similarity 0.73)',
    );
    // Every pair proposed is right; on a machine too loaded to finish within the search's time limit,
    // the rest are listed as removed (the search without a time limit finds all: rename-search.test.ts).
    for (const line of renamed)
      expect(line).toMatch(/^ {4}probably renamed: fetch_record_(\d{5}) → fetchRecord\1Item \(/);
    const removed = lines.find((l) => l.startsWith('    removed: '))?.split(', ').length ?? 0;
    expect(renamed.length + removed).toBe(COUNT);
    expect(renamed.length).toBeGreaterThan(COUNT / 2);
    expect(run.stdout).toMatch(
      /renames: 100,000,000 pairs of gone and new tools are too many to compare each; the [\d,]+ most alike/,
    );
  });
});
