// publint --strict on the packed tarball: the package.json fields, `exports` targets and published
// files agree (warnings count as errors, and suggestions must be absent too).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGING_TIMEOUT_MS, packedTarball, runNode } from '../support/packed';
import { REPO } from '../support/paths';

const PUBLINT = path.join(REPO, 'node_modules/publint/src/cli.js');

describe('publint on the packed tarball', () => {
  it(
    'reports nothing with --strict',
    async () => {
      const run = await runNode([PUBLINT, 'run', await packedTarball(), '--strict'], REPO);
      expect(run.stdout + run.stderr).toContain('All good!');
      expect(run.code, run.stdout + run.stderr).toBe(0);
    },
    PACKAGING_TIMEOUT_MS,
  );
});
