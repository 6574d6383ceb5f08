// Catalog files evaluated together share their modules: one file can change what another exports
// (`tools.Read.label = …` on an import). A kept evaluation must not keep such a change after the file
// that made it is gone: after `overrides.catalog.ts` is deleted, a warm run (the evaluations kept on
// disk, or a watch session's in memory) gives exactly what a cold run gives.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGenerateSession } from '../../plugin/generate-session';
import { json, runBin } from '../support/cli';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';

afterAll(removeTempDirs);

const FILES = {
  'tool-catalog.config.ts':
    "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/*.catalog.ts'] } } });\n",
  'catalog/tools.catalog.ts':
    "import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ['file'] });\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file', label: 'Read a file' } });\n",
  'catalog/overrides.catalog.ts':
    "import tools from './tools.catalog';\n(tools as any).tools.Read.label = 'Poisoned';\n",
  // An app has a node_modules: evaluations are kept on disk there.
  'node_modules/.keep': '',
};

async function project(): Promise<string> {
  const dir = await tempDir('co-evaluated');
  writeFiles(dir, FILES);
  return dir;
}

const label = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'generated/demo/i18n/en.json'), 'utf8')).agent.tools.Read
    .label;

/** A cold run (nothing kept) must find the outputs up to date. */
async function expectColdAgrees(dir: string): Promise<void> {
  const cold = await runBin(['generate', '--check', '--json'], dir, { TOOL_CATALOG_CACHE: '0' });
  expect({ code: cold.code, changed: json(cold).changed }, cold.stderr).toEqual({
    code: 0,
    changed: [],
  });
}

describe('a catalog file that changes another file’s exports, then is deleted', () => {
  it('with evaluations kept on disk: the next run equals a cold one', async () => {
    const dir = await project();
    expect((await runBin(['generate'], dir)).code).toBe(0);
    expect(label(dir)).toBe('Poisoned');
    rmSync(path.join(dir, 'catalog/overrides.catalog.ts'));
    const warm = await runBin(['generate'], dir);
    expect(warm.code, warm.stderr).toBe(0);
    expect(label(dir)).toBe('Read a file');
    await expectColdAgrees(dir);
    // And `--check` of the warm store agrees too.
    expect((await runBin(['generate', '--check'], dir)).code).toBe(0);
  }, 120_000);

  it('in a watch session (evaluations kept in memory): the next run equals a cold one', async () => {
    const dir = await project();
    const session = createGenerateSession({ cwd: dir });
    try {
      expect((await session.run()).ok).toBe(true);
      expect(label(dir)).toBe('Poisoned');
      rmSync(path.join(dir, 'catalog/overrides.catalog.ts'));
      expect((await session.run()).ok).toBe(true);
      expect(label(dir)).toBe('Read a file');
      await expectColdAgrees(dir);
      // Back again: the change it makes is back too.
      writeFiles(dir, { 'catalog/overrides.catalog.ts': FILES['catalog/overrides.catalog.ts'] });
      expect((await session.run()).ok).toBe(true);
      expect(label(dir)).toBe('Poisoned');
      await expectColdAgrees(dir);
    } finally {
      await session.dispose();
    }
  }, 120_000);
});
