import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['plugin/**/*.spec.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts'],
    // test/slow: vitest.slow.config.ts, which `npm test` runs last (`npm run test:slow` alone).
    exclude: ['**/node_modules/**', 'test/.artifacts/**', 'test/slow/**'],
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
  },
});
