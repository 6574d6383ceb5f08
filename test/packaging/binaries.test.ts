// The binaries of the packed tarball: `agent-tool-catalog` (what `npx agent-tool-catalog …` runs
// before the package is installed: the bin named after the package) and `tool-catalog` (installed).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../support/files';
import { REPO } from '../support/paths';
import {
  installedApp,
  packedTarball,
  PACKAGING_TIMEOUT_MS,
  runCommand,
  runNode,
} from '../support/packed';

afterAll(removeTempDirs);

const version = (
  JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string }
).version;

describe('the binaries of the packed tarball', () => {
  let installed: string;
  let tarball: string;
  beforeAll(async () => {
    tarball = await packedTarball();
    installed = await installedApp();
  }, PACKAGING_TIMEOUT_MS);

  it('installs both names, and both run the CLI', async () => {
    for (const bin of ['agent-tool-catalog', 'tool-catalog']) {
      const run = await runNode(
        [path.join(installed, 'node_modules/.bin', bin), '--version'],
        installed,
      );
      expect(run.stderr, bin).toBe('');
      expect(run.stdout, bin).toBe(`${version}\n`);
    }
  });

  it(
    'npx runs the package by its own name before it is installed',
    async () => {
      const empty = await tempDir('npx-before-install');
      // `npx <spec>` with no command picks the bin named after the package: the path a new user takes.
      const run = await runCommand('npx', ['--yes', `file:${tarball}`, '--help'], {
        cwd: empty,
        env: { ...process.env, npm_config_update_notifier: 'false' },
      });
      expect(run.stderr).not.toContain('could not determine executable');
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('Usage: tool-catalog <command> [options]');
    },
    PACKAGING_TIMEOUT_MS,
  );
});
