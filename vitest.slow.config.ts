// The slow suites `npm run test:slow` runs (and CI after `npm test`): they install real tools from the
// registry (turbo, nx, pnpm, TypeScript 5.9) into temporary folders and replay whole user paths.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/slow/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    // One at a time: each suite already runs several processes of its own.
    maxWorkers: 1,
    fileParallelism: false,
    globalSetup: ['test/support/global-setup.ts'],
  },
});
