// `generate --watch` and an output edited again the moment it was put back: chokidar reports one
// change per file per 50 ms, so that second edit is never reported. A watcher stand-in reports only
// what the test tells it to (never a second edit), so only the look after the window can find it.
import { EventEmitter } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';
import { TWO_FILE_PROJECT } from '../support/two-file-project';
import { until, watchCli } from '../support/watch-cli';

/** Every watcher made, ready at once, reporting nothing by itself. */
const watchers = vi.hoisted(() => [] as import('node:events').EventEmitter[]);
vi.mock('chokidar', () => ({
  watch: () => {
    const watcher = Object.assign(new EventEmitter(), { add() {}, close: async () => {} });
    watchers.push(watcher);
    setTimeout(() => watcher.emit('ready'));
    return watcher;
  },
}));

afterAll(removeTempDirs);

describe('generate --watch and an output edited twice', () => {
  it('puts it back again when the second edit lands as the first is put back', async () => {
    const dir = await tempDir('watch-edited-again');
    writeFiles(dir, TWO_FILE_PROJECT);
    const registry = path.join(dir, 'generated/demo/registry.ts');
    let editAgain: (() => void) | undefined;
    // The run that put the first edit back has written it when it prints its line: edited again then.
    const watch = watchCli(dir, (line) => {
      if (!line.includes('wrote generated/demo/registry.ts')) return;
      editAgain?.();
      editAgain = undefined;
    });
    const { log } = watch;
    try {
      await watch.started();
      const content = readFileSync(registry, 'utf8');
      editAgain = () => writeFileSync(registry, `${content}\n// edited again\n`);
      writeFileSync(registry, `${content}\n// edited by hand\n`);
      for (const w of watchers) w.emit('all', 'change', registry);
      await until(() => editAgain === undefined, 'the first edit put back', log);
      // The file is back before the run that wrote it prints its line: waited for both.
      const putBack = () => watch.stdout().match(/wrote generated\/demo\/registry\.ts/g)?.length;
      await until(
        () => putBack() === 2 && readFileSync(registry, 'utf8') === content,
        'the second edit put back',
        log,
      );
    } finally {
      expect(await watch.stop()).toBe(0);
    }
  }, 120_000);
});
