// A watch session writes the evaluations it keeps on disk (for the next process) once its runs pause,
// and when it ends, not in each run: an edit changes every entry's record, and writing them all was
// half of an edit's time in an app. A run outside a session writes them at once.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateAndWrite } from '../../plugin/api';
import { createGenerateSession } from '../../plugin/generate-session';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';
import { grepTools, TWO_FILE_PROJECT } from '../support/two-file-project';
import { until } from '../support/watch-cli';

afterAll(removeTempDirs);

async function app() {
  const dir = await tempDir('store-session');
  writeFiles(dir, TWO_FILE_PROJECT);
  mkdirSync(path.join(dir, 'node_modules'));
  const store = path.join(dir, 'node_modules/.cache/agent-tool-catalog');
  const records = () =>
    existsSync(store) ? readdirSync(store).filter((f) => f.endsWith('.json')) : [];
  return { dir, records, store };
}

describe('evaluations kept on disk by a watch session', () => {
  it('are written once the runs pause, not in each run', async () => {
    const { dir, records } = await app();
    const session = createGenerateSession({ cwd: dir });
    try {
      expect((await session.run()).ok).toBe(true);
      writeFileSync(path.join(dir, 'catalog/b.catalog.ts'), grepTools('Search'));
      expect((await session.run()).ok).toBe(true);
      // Nothing yet: the runs have not paused.
      expect(records()).toEqual([]);
      // The config and the three catalog files, each once.
      await until(() => records().length === 4, 'the records once the runs paused');
    } finally {
      await session.dispose();
    }
  }, 60_000);

  it('are written when the session ends, each entry as the session last ran it', async () => {
    const { dir, records, store } = await app();
    const session = createGenerateSession({ cwd: dir });
    expect((await session.run()).ok).toBe(true);
    writeFileSync(path.join(dir, 'catalog/b.catalog.ts'), grepTools('Search'));
    expect((await session.run()).ok).toBe(true);
    await session.dispose();
    expect(records()).toHaveLength(4);
    const texts = records().map((f) => readFileSync(path.join(store, f), 'utf8'));
    expect(texts.filter((t) => t.includes('"label":"Search"'))).toHaveLength(1);
    expect(texts.some((t) => t.includes('"label":"Grep"'))).toBe(false);
  }, 60_000);

  it('are written at once by a run outside a session', async () => {
    const { dir, records } = await app();
    expect((await generateAndWrite({ cwd: dir })).ok).toBe(true);
    expect(records()).toHaveLength(4);
  }, 60_000);
});
