// `upgrade --to latest` (any dist-tag of the registry): resolved to the exact version the registry's
// tag names, which the report then shows; a name that is neither a version, an installed package,
// a folder nor a tag is bad usage naming the tags there are. This file asks the registry (npm view).
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseSdk } from '../../plugin/upgrade/sdk-snapshot';
import { runCli } from '../support/cli';
import { defaultApp, useTestCache } from './upgrade-apps';

let app: string;
/** What npm itself says `latest` is today. */
let latest: string;
beforeAll(() => {
  useTestCache();
  app = defaultApp('upgrade-tags');
  latest = execFileSync('npm', ['view', '@anthropic-ai/claude-agent-sdk', 'dist-tags.latest'], {
    encoding: 'utf8',
  }).trim();
}, 120_000);

describe('a dist-tag as --to', () => {
  it('is the exact version the tag names: that version is what gets fetched, and the report names the tag', async () => {
    const asked: string[] = [];
    const lines: string[] = [];
    // The whole install (about 470 MB) is not the point here: the version asked for is.
    await expect(
      chooseSdk(
        'latest',
        app,
        async (version) => {
          asked.push(version);
          throw new Error('stop before the fetch');
        },
        (line) => lines.push(line),
      ),
    ).rejects.toThrow('stop before the fetch');
    expect(asked).toEqual([latest]);
    expect(lines).toEqual([
      `upgrade: latest is @anthropic-ai/claude-agent-sdk ${latest} on the registry.`,
    ]);
  }, 120_000);

  it('a name that is no version, package, folder or tag: exit 2, naming the tags there are', async () => {
    const run = await runCli(['upgrade', '--to', 'no-such-tag'], app);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      "'no-such-tag' is not an SDK version, an installed package, a folder that holds the SDK, " +
        'or a dist-tag of @anthropic-ai/claude-agent-sdk (its dist-tags: latest',
    );
  }, 120_000);
});
