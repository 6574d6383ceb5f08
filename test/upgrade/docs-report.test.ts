// The report docs/upgrading.md shows (0.3.168 to 0.3.333, on the catalog of 0.3.168) is what
// `upgrade` prints today: the command runs again on the same app and its output must equal the
// pasted one, so a change to the report or to either SDK's facts shows up here, not in a reader's hands.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { REPO } from '../support/paths';
import { fixtureApp, useTestCache } from './upgrade-apps';

/** The report under "A real report" in docs/upgrading.md, without the progress lines printed to stderr. */
function documented(): string {
  const doc = readFileSync(path.join(REPO, 'docs/upgrading.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## A real report'));
  const block = section.slice(
    section.indexOf('```console\n') + '```console\n'.length,
    section.indexOf('\n```\n'),
  );
  const lines = block.split('\n');
  expect(lines[0]).toBe('$ npx tool-catalog upgrade --to 0.3.333');
  // Progress lines (stderr) end with an ellipsis; the report itself starts with `upgrade: catalog`.
  const progress = (l: string) => l.startsWith('upgrade: ') && l.endsWith('…');
  return `${lines
    .slice(1)
    .filter((l) => !progress(l))
    .join('\n')}\n`;
}

let stdout: string;

beforeAll(async () => {
  useTestCache();
  const app = fixtureApp('app-0.3.168', 'upgrade-docs');
  const run = await runCli(
    ['upgrade', '--from', 'claude-agent-sdk-oldest', '--to', '0.3.333'],
    app,
  );
  expect(run.code, run.stderr).toBe(0);
  stdout = run.stdout;
}, 600_000);

describe('docs/upgrading.md', () => {
  it('shows the report upgrade prints from 0.3.168 to 0.3.333', () => {
    expect(stdout).toBe(documented());
  });
});
