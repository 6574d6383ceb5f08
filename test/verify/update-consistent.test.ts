// `verify --update` leaves the project consistent: the lock it writes feeds `generate` (the pinned
// version's surface is the offer in policy.md, policy.ts and session.ts), so it writes those again and
// `generate --check` passes right after — for an app just made with `init`, and in the middle of an
// upgrade, after the new SDK is installed. Both run the real runtime.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { removeTempDirs } from '../support/files';
import { fixtureApp, starterApp, useTestCache } from '../upgrade/upgrade-apps';
import { startBin, until, within } from './fake-runtime';

afterAll(removeTempDirs);

/** Runs a step; fails with its output when it does not exit 0. */
async function step(dir: string, ...args: string[]) {
  const run = await runCli(args, dir);
  expect(run.code, `${args.join(' ')}:\n${run.stdout}\n${run.stderr}`).toBe(0);
  return run;
}

describe('verify --update, then generate --check', () => {
  it('after init: passes, and verify says what it wrote again', async () => {
    const app = await starterApp('update-after-init');
    await step(app, 'generate');
    const verify = await step(app, 'verify', '--update');
    expect(verify.stdout).toMatch(
      /\nverify: regenerated generated\/agent\/policy\.md, generated\/agent\/policy\.ts, generated\/agent\/session\.ts from the lock; generate --check passes\.\n$/,
    );
    await step(app, 'generate', '--check');
  }, 300_000);

  it('during an upgrade (0.3.168 → 0.3.333, once the new SDK is installed): passes', async () => {
    useTestCache();
    // The app as it was on 0.3.168; in the repository it resolves SDK 0.3.333, as after `npm install`.
    const app = fixtureApp('app-0.3.168', 'update-during-upgrade');
    await step(
      app,
      'upgrade',
      '--from',
      'claude-agent-sdk-oldest',
      '--to',
      '@anthropic-ai/claude-agent-sdk',
      '--write',
    );
    await step(app, 'generate');
    const verify = await step(app, 'verify', '--update');
    expect(verify.stdout).toContain('verify: recorded the runtime surface of SDK 0.3.333 in ');
    expect(verify.stdout).toMatch(
      /\nverify: regenerated .*policy\.md.* from the lock; generate --check passes\.\n$/,
    );
    await step(app, 'generate', '--check');
  }, 600_000);

  it('stopped by SIGINT once the lock is written, while the files it feeds are written again: the lock and every generated file get their old bytes back', async () => {
    const app = await starterApp('update-interrupted');
    await step(app, 'generate');
    const files = ['runtime-surface.lock.json', 'policy.md', 'policy.ts', 'session.ts'].map((f) =>
      path.join(app, 'generated/agent', f),
    );
    const before = files.map((f) => (existsSync(f) ? readFileSync(f, 'utf8') : undefined));
    expect(before[0]).toBeUndefined(); // no lock yet
    const run = startBin(['verify', '--update'], app);
    await until(
      () => (existsSync(files[0]!) ? true : undefined),
      'verify to write the lock',
      240_000,
    );
    run.child.kill('SIGINT');
    expect.soft(await within(run.exited, 'verify to exit', 30_000)).toEqual({
      code: 130,
      signal: null,
    });
    expect.soft(run.output().stderr).toContain('verify: SIGINT: ');
    expect(files.map((f) => (existsSync(f) ? readFileSync(f, 'utf8') : undefined))).toEqual(before);
  }, 300_000);
});
