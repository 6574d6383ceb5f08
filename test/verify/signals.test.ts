// Ctrl-C (SIGINT) and SIGTERM sent to a running `tool-catalog verify`: it exits 130 / 143, every
// process its runs started is gone from the process table, and no run folder is left behind.
import { existsSync } from 'node:fs';
import { readdir, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../support/files';
import { stillRunning } from '../support/processes';
import { VERIFY_FIXTURE } from '../support/verify';
import {
  fakeRuntimeProject,
  type FakeRuntimeProject,
  settle,
  startBin,
  startedLines,
  until,
  within,
} from './fake-runtime';

/** Every pid a test saw started: killed after it, so a failing test leaves nothing running either. */
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

const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;

/** Waits for the verify process to end (with a generous bound: it must not hang). */
const ended = (exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>) =>
  within(exited, 'verify to exit', 30_000);

/** Of `pids`, those still running once they had ten seconds to die (SIGKILL takes effect asynchronously). */
const leftRunning = (pids: readonly number[]) =>
  settle(
    () => stillRunning(pids),
    (left) => left.length === 0,
    10_000,
  );

/** No folder a verify run makes (`tool-catalog-verify-*`) is left in `tmp`. */
const runFoldersIn = async (tmp: string) =>
  (await readdir(tmp)).filter((name) => name.startsWith('tool-catalog-verify'));

describe('verify stopped by a signal, with the real runtime', () => {
  it('Ctrl-C while a run waits for an MCP server: exits 130, the runtime and its server are gone, no run folder is left', async () => {
    const dir = await tempDir('verify-sigint');
    const tmp = await tempDir('verify-sigint-tmp');
    const log = path.join(dir, 'server.log');
    // An MCP server that never answers: the runtime waits for it before its first request. It
    // records its own pid and its parent's (the runtime) for the process table.
    const server = path.join(dir, 'silent-server.mjs');
    await writeFile(
      server,
      `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(log)}, \`runtime \${process.ppid}\\nserver \${process.pid}\\n\`);\nsetInterval(() => {}, 60_000);\n`,
    );
    const config = path.join(dir, 'mcp.json');
    await writeFile(
      config,
      JSON.stringify({ mcpServers: { silent: { command: process.execPath, args: [server] } } }),
    );
    const verify = startBin(
      ['verify', '--ctx', 'has-git=false', '--mcp-config', config],
      VERIFY_FIXTURE,
      {
        TMPDIR: tmp,
      },
    );
    const started = await until(async () => {
      const lines = await startedLines(log);
      return lines.length >= 2 ? lines : undefined;
    }, 'the runtime to start the MCP server');
    seen.push(...started.map((l) => l.pid));
    expect((await runFoldersIn(tmp)).length).toBeGreaterThan(0);
    verify.child.kill('SIGINT');
    expect.soft(await ended(verify.exited)).toEqual({ code: 130, signal: null });
    expect
      .soft(verify.output().stderr)
      .toMatch(/\nverify: stopped by SIGINT; every runtime it started is ended\.\n$/);
    expect.soft(await leftRunning(started.map((l) => l.pid))).toEqual([]);
    expect(await runFoldersIn(tmp)).toEqual([]);
  });
});

describe('verify stopped by a signal, with a runtime whose children leave its process group', () => {
  let project: FakeRuntimeProject;
  beforeAll(async () => {
    // A runtime that never answers: a child in its process group, and one that starts a session of
    // its own (setsid), out of reach of the group, still holding the runtime's output pipes. The
    // detached one writes its line itself, once it has left the group.
    project = await fakeRuntimeProject(
      'verify-signals',
      ({ log, nap }) => `#!/bin/sh
echo "runtime $$ $HOME" >> "${log}"
"${nap}" 600 &
echo "child $!" >> "${log}"
setsid /bin/sh -c 'echo "detached $$" >> "${log}"; exec "${nap}" 601' &
wait
`,
    );
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    it(`${signal}: exits ${EXIT_CODES[signal]}, every process of its runs is gone, their folders removed`, async () => {
      await truncate(project.log).catch(() => undefined);
      const tmp = await tempDir(`verify-${signal}-tmp`);
      const verify = startBin(['verify', '--ctx', 'has-git=false'], project.dir, { TMPDIR: tmp });
      const started = await until(async () => {
        const lines = await startedLines(project.log);
        return lines.some((l) => l.role === 'detached') ? lines : undefined;
      }, 'the stand-in runtime to start its children');
      seen.push(...started.map((l) => l.pid));
      const home = started.find((l) => l.role === 'runtime')!.what;
      expect(path.basename(home)).toMatch(/^tool-catalog-verify-/);
      expect(existsSync(home)).toBe(true);
      verify.child.kill(signal);
      expect.soft(await ended(verify.exited)).toEqual({ code: EXIT_CODES[signal], signal: null });
      expect.soft(verify.output().stderr).toContain(`verify: stopped by ${signal}`);
      expect.soft(await leftRunning(started.map((l) => l.pid))).toEqual([]);
      expect.soft(existsSync(home)).toBe(false);
      expect(await runFoldersIn(tmp)).toEqual([]);
    });
});
