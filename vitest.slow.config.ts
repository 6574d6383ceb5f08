// The slow suites `npm run test:slow` runs (and `npm test`, last): they install real tools from the
// registry (turbo, nx, pnpm, TypeScript 5.9) into temporary folders and replay whole user paths.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/slow/**/*.test.ts'],
    // A safety net, not a bound: side by side at load 30, a replay went past ten minutes.
    testTimeout: 1_200_000,
    hookTimeout: 600_000,
    pool: 'forks',
    // The suites side by side: they spend their time waiting on installs from the registry and on the
    // processes they start, not on this process (run one after the other, they took 20 minutes under load).
    maxWorkers: 2,
    fileParallelism: true,
    globalSetup: ['test/support/global-setup.ts'],
  },
});
