// The browser finder's order (CHROMIUM_PATH, Playwright's cache, PATH, @sparticuz/chromium), its one
// message when nothing is found, and the bundled browser's extraction into a per-user, per-version folder.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ARTIFACTS, repoPath } from '../support/paths';
import { ChromiumSetupError, findChromium } from './find-chromium';

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  const dir = mkdtempSync(path.join(ARTIFACTS, 'find-chromium-'));
  scratch.push(dir);
  return dir;
}

/** An executable file at `dir/rel` (the finder only checks that it is executable). */
function executable(dir: string, rel: string): string {
  const file = path.join(dir, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, '#!/bin/sh\n');
  chmodSync(file, 0o755);
  return file;
}

/** An environment that points every place the finder looks into an empty folder. */
function emptyEnv(): NodeJS.ProcessEnv {
  const home = tempDir();
  return {
    HOME: home,
    XDG_CACHE_HOME: path.join(home, 'cache'),
    PLAYWRIGHT_BROWSERS_PATH: path.join(home, 'pw'),
    PATH: path.join(home, 'bin'),
  };
}

describe('findChromium', () => {
  it("takes CHROMIUM_PATH first, then Playwright's cache (its own revision, else the newest), then PATH", async () => {
    const env = emptyEnv();
    const onPath = executable(env.PATH!, 'google-chrome');
    await expect(findChromium({ env, bundled: false })).resolves.toEqual({
      executablePath: onPath,
      source: 'PATH',
    });

    executable(env.PLAYWRIGHT_BROWSERS_PATH!, 'chromium-1100/chrome-linux64/chrome');
    const newest = executable(
      env.PLAYWRIGHT_BROWSERS_PATH!,
      'chromium_headless_shell-1200/chrome-headless-shell-linux64/chrome-headless-shell',
    );
    await expect(findChromium({ env, bundled: false })).resolves.toEqual({
      executablePath: newest,
      source: 'Playwright cache',
    });

    // The revision the installed playwright-core expects beats a newer one.
    const { browsers } = JSON.parse(
      readFileSync(repoPath('node_modules/playwright-core/browsers.json'), 'utf8'),
    ) as {
      browsers: { name: string; revision: string }[];
    };
    const expected = browsers.find((b) => b.name === 'chromium')!.revision;
    const matching = executable(
      env.PLAYWRIGHT_BROWSERS_PATH!,
      `chromium-${expected}/chrome-linux64/chrome`,
    );
    executable(
      env.PLAYWRIGHT_BROWSERS_PATH!,
      `chromium-${Number(expected) + 1}/chrome-linux64/chrome`,
    );
    await expect(findChromium({ env, bundled: false })).resolves.toEqual({
      executablePath: matching,
      source: 'Playwright cache',
    });

    const override = executable(env.HOME!, 'my-chrome');
    await expect(
      findChromium({ env: { ...env, CHROMIUM_PATH: override }, bundled: false }),
    ).resolves.toEqual({
      executablePath: override,
      source: 'CHROMIUM_PATH',
    });
  });

  it('prefers chromium over chromium-browser on PATH, and skips what is not an executable file', async () => {
    const env = emptyEnv();
    writeFileSync(path.join(env.HOME!, 'chromium'), ''); // not executable
    mkdirSync(path.join(env.HOME!, 'folder', 'chromium'), { recursive: true }); // a folder, not a file
    const second = executable(path.join(env.HOME!, 'more'), 'chromium-browser');
    const first = executable(path.join(env.HOME!, 'bin'), 'chromium');
    const found = await findChromium({
      env: {
        ...env,
        PATH: [
          env.HOME,
          path.join(env.HOME!, 'folder'),
          path.dirname(second),
          path.dirname(first),
        ].join(path.delimiter),
      },
      bundled: false,
    });
    expect(found).toEqual({ executablePath: first, source: 'PATH' });
  });

  it('says how to provide a browser when there is none, without a stack trace', async () => {
    const error = await findChromium({ env: emptyEnv(), bundled: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChromiumSetupError);
    const { message, stack } = error as Error;
    for (const way of [
      'CHROMIUM_PATH=',
      'npx playwright-core install',
      'on PATH',
      '@sparticuz/chromium',
    ])
      expect(message).toContain(way);
    expect(stack).not.toMatch(/^\s+at /m);
  });

  it('rejects a CHROMIUM_PATH that is not executable instead of looking elsewhere', async () => {
    const env = emptyEnv();
    executable(env.PATH!, 'chromium');
    await expect(
      findChromium({
        env: { ...env, CHROMIUM_PATH: path.join(env.HOME!, 'missing') },
        bundled: false,
      }),
    ).rejects.toThrow(/CHROMIUM_PATH=.*missing is not an executable file/);
  });

  it.runIf(process.platform === 'linux' && process.arch === 'x64')(
    "extracts @sparticuz/chromium once into the user's cache, per version",
    async () => {
      const version = (
        JSON.parse(readFileSync(repoPath('package.json'), 'utf8')) as {
          devDependencies: Record<string, string>;
        }
      ).devDependencies['@sparticuz/chromium']!;
      const env = emptyEnv();
      const tmpdirBefore = process.env.TMPDIR;
      const found = await findChromium({ env });
      expect(found).toEqual({
        executablePath: path.join(env.XDG_CACHE_HOME!, 'sparticuz-chromium', version, 'chromium'),
        source: '@sparticuz/chromium',
      });
      expect(process.env.TMPDIR).toBe(tmpdirBefore);
      expect(execFileSync(found.executablePath, ['--version'], { encoding: 'utf8' })).toMatch(
        new RegExp(`^Chromium ${version.split('.')[0]}\\.`),
      );
      expect(readdirSync(path.dirname(path.dirname(found.executablePath)))).toEqual([version]); // no staging folder left
      await expect(findChromium({ env })).resolves.toEqual(found);
    },
    120_000,
  );
});
