// A watch session does not read a catalog file again while it stands as it stood when an earlier run
// read it (the same file, size and times, written long enough before that read for a later write to
// show in its times); a file written since, even to the same size and times, is read again.
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createGenerateSession } from '../../plugin/generate-session';
import { sourceTextsRead } from '../../plugin/load/source-reader';
import { at, PROJECT, TOOLS } from '../support/file-tree-upsets';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';

afterAll(removeTempDirs);

/** A modification time a minute ago, in whole seconds. */
const PAST = Math.floor(Date.now() / 1000) - 60;

/** Waits until every file in `files` was last changed (content or metadata) more than `ms` ago. */
async function settled(files: readonly string[], ms: number): Promise<void> {
  const newest = Math.max(...files.map((f) => statSync(f).ctimeMs));
  const left = newest + ms - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

describe('source texts in a watch session', () => {
  it('reads again only the file written since, even one written to the same size and times', async () => {
    const dir = await tempDir('kept-texts');
    writeFiles(dir, PROJECT);
    const sources = Object.keys(PROJECT).map((f) => at(dir, f));
    // Whole seconds, so that the same time can be set again exactly (as a coarse clock would give it).
    for (const file of sources) utimesSync(file, PAST, PAST);
    const tools = at(dir, 'catalog/tools.catalog.ts');
    const en = at(dir, 'generated/demo/i18n/en.json');
    const session = createGenerateSession({ cwd: dir, transientMs: 0 });
    try {
      expect((await session.run()).ok).toBe(true);
      // Files this recent are read by every run: a write within the same clock tick keeps the times.
      let before = sourceTextsRead.count;
      await session.run();
      expect(sourceTextsRead.count - before).toBeGreaterThanOrEqual(sources.length - 1);
      await settled(sources, 2_100);
      await session.run();
      before = sourceTextsRead.count;
      expect((await session.run()).ok).toBe(true);
      expect(sourceTextsRead.count - before, 'nothing changed: nothing read').toBe(0);

      // The same size and the same modification time, but written: its change time tells.
      writeFileSync(tools, TOOLS('Reed'));
      utimesSync(tools, PAST, PAST);
      expect(statSync(tools).mtimeMs).toBe(PAST * 1000);
      before = sourceTextsRead.count;
      expect((await session.run()).ok).toBe(true);
      expect(sourceTextsRead.count - before, 'only the file written').toBe(1);
      expect(readFileSync(en, 'utf8')).toContain('"Reed"');
    } finally {
      await session.dispose();
    }
  });
});
