// The bundler plugins' dev mode runs a generate session too: a catalog file deleted and recreated
// while the dev server runs (a git stash round trip, a delete-and-recreate) loses no translation.
import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCatalogBuildState } from '../../plugin/bundler/catalog-build-state';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';

afterAll(removeTempDirs);

const B_TOOLS =
  "import { demo } from './vocab.catalog';\nexport default demo.tools({ Grep: { kind: 'sdk', category: 'file', label: 'Grep' } });\n";

const PROJECT = {
  'tool-catalog.config.ts':
    "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/*.catalog.ts'], i18n: { locales: ['en', 'zh-CN'], missing: 'warn' } } } });\n",
  'catalog/vocab.catalog.ts':
    "import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ['file'] });\n",
  'catalog/a.catalog.ts':
    "import { demo } from './vocab.catalog';\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file', label: 'Read' } });\n",
  'catalog/b.catalog.ts': B_TOOLS,
};

describe('the dev-mode build state and a catalog file deleted and recreated', () => {
  it('keeps the translations of the file’s tools', async () => {
    const dir = await tempDir('dev-transient');
    writeFiles(dir, PROJECT);
    const state = createCatalogBuildState({ root: dir });
    state.keepWarm();
    try {
      expect((await state.ensureGenerated('build-start')).ok).toBe(true);
      const zh = path.join(dir, 'generated/demo/i18n/zh-CN.json');
      writeFileSync(
        zh,
        JSON.stringify({ agent: { tools: { Read: { label: '读取' }, Grep: { label: '搜索' } } } }),
      );
      state.invalidate();
      expect((await state.ensureGenerated('change', zh)).ok).toBe(true);
      const translated = readFileSync(zh, 'utf8');
      expect(translated).toContain('搜索');

      const b = path.join(dir, 'catalog/b.catalog.ts');
      unlinkSync(b);
      setTimeout(() => writeFileSync(b, B_TOOLS), 100);
      state.invalidate();
      expect((await state.ensureGenerated('change', b)).ok).toBe(true);
      // However busy the machine, once the file is back every translation is where it was.
      state.invalidate();
      expect((await state.ensureGenerated('change', b)).ok).toBe(true);
      expect(readFileSync(zh, 'utf8')).toBe(translated);
      expect(existsSync(path.join(dir, 'generated/demo/i18n/removed/zh-CN.json'))).toBe(false);
    } finally {
      await state.dispose();
    }
  }, 60_000);
});
