// launchChromium's report when the browser found does not start: what the browser said on stderr
// (a missing shared library, say) and how to provide another, instead of Playwright's call log.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { ARTIFACTS } from '../support/paths';
import { launchChromium } from './chromium';
import { ChromiumSetupError } from './find-chromium';

let dir: string | undefined;
afterEach(() => {
  vi.unstubAllEnvs();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('reports a browser that exits at once with its stderr and the ways to provide another', async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  dir = mkdtempSync(path.join(ARTIFACTS, 'chromium-launch-'));
  const broken = path.join(dir, 'chrome');
  writeFileSync(
    broken,
    '#!/bin/sh\necho "chrome: error while loading shared libraries: libnss3.so: cannot open shared object file" >&2\nexit 127\n',
  );
  chmodSync(broken, 0o755);
  vi.stubEnv('CHROMIUM_PATH', broken);

  const error = await launchChromium().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ChromiumSetupError);
  const { message } = error as Error;
  expect(message).toContain(`Chromium ${broken} (from CHROMIUM_PATH) did not start`);
  expect(message).toContain('\n  chrome: error while loading shared libraries: libnss3.so');
  expect(message).toContain('CHROMIUM_PATH=/path/to/chrome');
  expect(message).not.toContain('Call log');
});
