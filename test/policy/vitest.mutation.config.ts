// Vitest config for `npm run mutation` (Stryker): only the policy tests (and the caller tests that
// resolve policies through the CLI), with property-test runs scaled down so that each of the hundreds
// of mutants is checked in seconds, not minutes.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/policy/**/*.test.ts',
      'test/callers/caller-cli.test.ts',
      'test/callers/caller-offer.test.ts',
    ],
    exclude: ['**/node_modules/**', 'test/.artifacts/**'],
    env: { POLICY_PROPERTY_RUNS: '1500' },
    testTimeout: 60_000,
  },
});
