// A runtime that exits while a descendant in a session of its own still holds its output pipes:
// verify ends the run at its time limit anyway, kills the holder, and keeps no end of those pipes open
// (an open pipe would keep `tool-catalog verify` from exiting until the holder let go). A descendant
// that let go of the pipes too (a daemon) is killed as well.
import { chmod, cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { verifyCatalog } from '../../plugin/verify/verify';
import { removeTempDirs, tempDir } from '../support/files';
import { stillRunning } from '../support/processes';
import { fixtureModel } from '../support/verify';
import { settle, startedLines, within } from './fake-runtime';

let model: CatalogModel;
beforeAll(async () => {
  model = await fixtureModel();
});
const seen: number[] = [];
afterEach(() => {
  for (const pid of seen.splice(0))
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Gone, as it should be.
    }
});
afterAll(removeTempDirs);

/** How many pipe handles keep this process's event loop alive (a child's stdio is one each). */
const openPipes = () =>
  process.getActiveResourcesInfo().filter((kind) => kind === 'PipeWrap').length;

describe.runIf(process.platform === 'linux')('a descendant that holds the runtime pipes', () => {
  it('does not keep verify past its limit: the run fails at the limit, the holder is killed, the pipes closed', {
    timeout: 120_000,
  }, async () => {
    const dir = await tempDir('verify-held-pipes');
    const nap = path.join(dir, 'nap');
    const log = path.join(dir, 'started.log');
    await cp('/bin/sleep', nap);
    const binary = path.join(dir, 'claude');
    // The sleeper starts a session of its own (out of the runtime's process group), keeps the
    // runtime's stdout and stderr, and would sleep for an hour; the runtime itself exits at once.
    await writeFile(
      binary,
      `#!/bin/sh\nsetsid "${nap}" 3600 &\necho "holder $!" >> "${log}"\nexit 0\n`,
    );
    await chmod(binary, 0o755);
    const pipesBefore = openPipes();
    const report = await within(
      verifyCatalog(model, {
        binary,
        timeoutMs: 1_500,
        contexts: [{ id: 'test', context: { hasGit: true } }],
      }),
      'verify to return while the holder sleeps',
      90_000,
    );
    const holders = await startedLines(log);
    seen.push(...holders.map((h) => h.pid));
    // The surface run and the context run each started one.
    expect(holders.map((h) => h.role)).toEqual(['holder', 'holder']);
    expect([...report.surfaces.map((s) => s.error), ...report.runs.map((r) => r.error)]).toEqual([
      expect.stringMatching(/^the runtime did not finish within 1500 ms/),
      expect.stringMatching(/^the runtime did not finish within 1500 ms/),
    ]);
    const pids = holders.map((h) => h.pid);
    expect(
      await settle(
        () => stillRunning(pids),
        (left) => left.length === 0,
        10_000,
      ),
    ).toEqual([]);
    // An open pipe would keep a process that ran verify (the CLI) alive until the holder let go.
    expect(openPipes()).toBe(pipesBefore);
  });

  it('a daemon it started, out of its group and its pipes, is killed when the run ends', {
    timeout: 120_000,
  }, async () => {
    const dir = await tempDir('verify-daemon');
    const nap = path.join(dir, 'nap');
    const log = path.join(dir, 'started.log');
    await cp('/bin/sleep', nap);
    const binary = path.join(dir, 'claude');
    // The daemon writes its line itself once it is in a session of its own with its output elsewhere,
    // then tells its runtime (a file in the run's HOME), which exits without a request.
    await writeFile(
      binary,
      `#!/bin/sh
setsid /bin/sh -c 'echo "daemon $$" >> "${log}"; : > "$HOME/daemon-up"; exec "${nap}" 3600' </dev/null >/dev/null 2>&1 &
while [ ! -e "$HOME/daemon-up" ]; do "${nap}" 0.05; done
exit 0
`,
    );
    await chmod(binary, 0o755);
    const report = await within(
      verifyCatalog(model, {
        binary,
        timeoutMs: 60_000,
        contexts: [{ id: 'test', context: { hasGit: true } }],
      }),
      'verify to return',
      90_000,
    );
    const daemons = await startedLines(log);
    seen.push(...daemons.map((d) => d.pid));
    expect(daemons.map((d) => d.role)).toEqual(['daemon', 'daemon']);
    expect(report.runs.map((r) => r.error)).toEqual(['the runtime sent no request to the model']);
    expect(
      await settle(
        () => stillRunning(daemons.map((d) => d.pid)),
        (left) => left.length === 0,
        10_000,
      ),
    ).toEqual([]);
  });
});
