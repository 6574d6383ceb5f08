// `generate --watch` when the file watcher fails it: a watcher that never finishes its first scan and
// reports nothing at all (as chokidar has done on a busy machine right after a `git stash pop`). The
// session still starts watching, and a catalog file deleted, or replaced by an editor's atomic save
// (a new file renamed over it), still runs again: the watched sources are looked at every second.
import { EventEmitter } from 'node:events';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';
import { grepTools, TWO_FILE_PROJECT } from '../support/two-file-project';
import { until, watchCli } from '../support/watch-cli';

/** A watcher that watches nothing: it is never ready and never reports a change. */
vi.mock('chokidar', () => ({
  watch: () => Object.assign(new EventEmitter(), { add() {}, close: async () => {} }),
}));

afterAll(removeTempDirs);

describe('generate --watch with a watcher that reports nothing', () => {
  it('starts watching, and runs again after a catalog file is replaced or deleted', async () => {
    const dir = await tempDir('watch-missed');
    writeFiles(dir, TWO_FILE_PROJECT);
    const watch = watchCli(dir);
    const { log } = watch;
    const en = () => readFileSync(path.join(dir, 'generated/demo/i18n/en.json'), 'utf8');
    const b = path.join(dir, 'catalog/b.catalog.ts');
    try {
      await watch.started();
      expect(en()).toContain('"Grep"');
      // An atomic save: the new text is written beside the file and renamed over it.
      writeFileSync(`${b}.tmp`, grepTools('Search'));
      renameSync(`${b}.tmp`, b);
      await until(() => en().includes('"Search"'), 'the run after the atomic save', log);
      unlinkSync(b);
      await until(() => !en().includes('"Search"'), 'the run after the deletion', log);
      expect(en()).toContain('"Read"');
    } finally {
      expect(await watch.stop()).toBe(0);
    }
  }, 120_000);
});
