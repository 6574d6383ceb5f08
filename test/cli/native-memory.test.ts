// The CLI's process asks rolldown's allocator (mimalloc) to take memory pages as it uses them, not a
// committed arena the kernel backs with 2 MB pages, and to give freed pages back at once, unless the
// user chose otherwise. mimalloc prints its options when MIMALLOC_VERBOSE is set, which is read here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../support/cli';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';
import { TWO_FILE_PROJECT } from '../support/two-file-project';

let dir: string;
beforeAll(async () => {
  dir = await tempDir('native-memory');
  writeFiles(dir, TWO_FILE_PROJECT);
});
afterAll(removeTempDirs);

const option = (name: string, stderr: string) =>
  new RegExp(`option '${name}': (\\d+)`).exec(stderr)?.[1];

describe("the CLI process's native allocator", () => {
  it('takes pages as it uses them, and gives freed ones back at once, when the user set nothing', async () => {
    const run = await runBin(['generate'], dir, { MIMALLOC_VERBOSE: '1' });
    expect(run.code, run.stderr).toBe(0);
    expect(option('arena_eager_commit', run.stderr), run.stderr.slice(0, 2000)).toBe('0');
    expect(option('purge_delay', run.stderr)).toBe('0');
  });

  it("keeps the user's own setting", async () => {
    const run = await runBin(['generate', '--check'], dir, {
      MIMALLOC_VERBOSE: '1',
      MIMALLOC_ARENA_EAGER_COMMIT: '1',
      MIMALLOC_PURGE_DELAY: '250',
    });
    expect(run.code, run.stderr).toBe(0);
    expect(option('arena_eager_commit', run.stderr)).toBe('1');
    expect(option('purge_delay', run.stderr)).toBe('250');
  });
});
