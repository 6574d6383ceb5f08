import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const INCLUDE = ['plugin/**/*.spec.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts'];
// test/slow: the project 'slow' below (`npm run test:slow` runs it alone).
const EXCLUDE = ['**/node_modules/**', 'test/.artifacts/**', 'test/slow/**'];

/** The project of the slow suites. */
const SLOW_PROJECT = 'slow';

/**
 * The order test files start in: the slow suites' first, then vitest's own order (files that failed
 * last time, then the longest last time, then the largest). A slow suite started late ran on long
 * after every other file had ended, with one core idle. (Kept in this file: a config that imports a
 * file without its extension is one Vite's coming native config loader cannot read.)
 */
class SlowSuitesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = (file: TestSpecification) => file.project.name === SLOW_PROJECT;
    return [...sorted.filter(slow), ...sorted.filter((file) => !slow(file))];
  }
}

/**
 * Test files that need a process of their own: they replace modules (`vi.mock`, `vi.spyOn`), which
 * takes only where the module was not loaded yet, or they say so in a comment (a file that checks
 * state a module holds from the moment it loads). Every other file shares its worker's loaded modules
 * with the files the worker ran before: loading them again for each of 200 files was a fifth of the
 * run's time. A shared file's changes to `process.env` and the working folder are undone after it
 * (test/support/restore-process.ts).
 */
const OWN_PROCESS = /\bvi\.(mock|doMock|spyOn|stubGlobal)\(|runs in a process of its own/;
/** The test files under `dir`, not descending into installs, test output or the slow suites. */
const testFilesIn = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory())
      return /^(node_modules|\.artifacts|slow|dist)$/.test(entry.name) ? [] : testFilesIn(file);
    return /\.(spec|test)\.ts$/.test(entry.name) ? [file] : [];
  });
const ownProcessFiles = ['plugin', 'test', 'examples']
  .flatMap(testFilesIn)
  .filter((file) => OWN_PROCESS.test(readFileSync(file, 'utf8')));

export default defineConfig({
  test: {
    // Real compilers and runtimes: minutes on a loaded 2-core machine, never a fixed wait.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most suites wait on child processes (tsc, the CLI, bundlers, the Claude runtime): one more
    // worker than cores keeps the cores busy while they wait.
    maxWorkers: os.availableParallelism() + 1,
    // One id per run, so packaging tests share one `npm pack` and one install across workers.
    globalSetup: ['test/support/global-setup.ts'],
    // Every property test draws from the seed the global setup printed (TC_SEED replays it).
    setupFiles: ['test/support/property-seed.ts'],
    // The slow suites' long replays start first, beside the rest: run after it, on their own, they
    // left a core idle while the last of them ended.
    sequence: { sequencer: SlowSuitesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: INCLUDE,
          exclude: [...EXCLUDE, ...ownProcessFiles],
          isolate: false,
          setupFiles: ['test/support/restore-process.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'own process', include: ownProcessFiles, exclude: EXCLUDE, isolate: true },
      },
      {
        // They install real tools from the registry (turbo, nx, pnpm, TypeScript 5.9) into temporary
        // folders and replay whole user paths.
        extends: true,
        test: {
          name: SLOW_PROJECT,
          include: ['test/slow/**/*.test.ts'],
          isolate: true,
          // A safety net, not a bound: side by side at load 30, a replay went past ten minutes.
          testTimeout: 1_200_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
