// When the runtime cannot run: no binary for this platform (a clear message, exit 2, nothing started),
// a binary that exits at once (a failed run, not a crash), one that hangs (stopped at the time limit,
// its process group killed). And the SDK stays out of every other command's way.
import { chmod, cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { resolveSdk } from '../../plugin/load/sdk-location';
import { binaryPackages, findClaudeBinary } from '../../plugin/verify/claude-runtime';
import { RuntimeUnavailable } from '../../plugin/verify/problems';
import { verifyCatalog } from '../../plugin/verify/verify';
import { runBin } from '../support/cli';
import { removeTempDirs, tempDir } from '../support/files';
import { REPO } from '../support/paths';
import { fixtureModel, VERIFY_FIXTURE } from '../support/verify';

let model: CatalogModel;
beforeAll(async () => {
  model = await fixtureModel();
});
afterAll(removeTempDirs);

/** A project with a stand-in SDK package that has no platform binary beside it (an install without optional dependencies). */
async function projectWithoutBinary(): Promise<string> {
  const dir = await tempDir('verify-no-binary');
  await cp(VERIFY_FIXTURE, dir, { recursive: true });
  const sdk = path.join(dir, 'node_modules/@anthropic-ai/claude-agent-sdk');
  await mkdir(sdk, { recursive: true });
  await writeFile(
    path.join(sdk, 'package.json'),
    JSON.stringify({
      name: '@anthropic-ai/claude-agent-sdk',
      type: 'module',
      exports: { '.': { default: './sdk.mjs' } },
    }),
  );
  await writeFile(path.join(sdk, 'sdk.mjs'), 'export {};\n');
  return dir;
}

describe('the runtime binary', () => {
  it("is looked up beside the SDK, in the SDK's own order", () => {
    expect(binaryPackages('linux', 'x64', false)).toEqual(['linux-x64', 'linux-x64-musl']);
    expect(binaryPackages('linux', 'x64', true)).toEqual(['linux-x64-musl', 'linux-x64']);
    expect(binaryPackages('darwin', 'arm64')).toEqual(['darwin-arm64']);
    expect(findClaudeBinary(resolveSdk(REPO)!)).toMatch(
      /claude-agent-sdk-linux-(x64|arm64)(-musl)?\/claude$/,
    );
  });

  it('missing: a clear message and exit 2, nothing started', async () => {
    const dir = await projectWithoutBinary();
    expect(() => findClaudeBinary(resolveSdk(dir)!)).toThrow(RuntimeUnavailable);
    const started = Date.now();
    const { code, stdout, stderr } = await runBin(['verify'], dir);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toMatch(
      /^verify: The Claude Code runtime for \S+ is not installed \(looked for @anthropic-ai\/claude-agent-sdk-\S+\/claude, .*reinstall without --omit=optional/,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
    // Stopped, not waited out: the stand-in would run 30 s (the bound is loose for a loaded machine).
    expect(Date.now() - started).toBeLessThan(28_000);
  });

  it('exits at once: each run fails with the reason, and verify does not crash', async () => {
    const report = await verifyCatalog(model, { binary: '/bin/false', timeoutMs: 20_000 });
    expect(report.ok).toBe(false);
    expect(report.runs.map((r) => r.error)).toEqual([
      expect.stringMatching(/exited with code 1/),
      expect.stringMatching(/exited with code 1/),
    ]);
  });

  it('a run whose MCP server does not connect fails instead of being compared', async () => {
    const report = await verifyCatalog(model, {
      contexts: [{ id: 'test', context: { hasGit: true } }],
      externalServers: { broken: { type: 'stdio', command: '/nonexistent/server' } },
    });
    expect(report.ok).toBe(false);
    expect(report.runs[0]).toMatchObject({
      error: 'MCP servers did not connect: broken (failed)',
      findings: { offeredNotInCatalog: [], allowedButNotOffered: [] },
    });
  });

  it('hangs: stopped at the time limit, and nothing it started is left', async () => {
    const dir = await tempDir(`verify-hang-${process.pid}`);
    const marker = path.basename(dir);
    const binary = path.join(dir, 'claude');
    // The stand-in runtime starts a child of its own: killing the process group must take both. Both
    // run a copy of sleep from this folder, so their command lines carry the folder's unique name.
    await cp('/bin/sleep', path.join(dir, 'nap'));
    await writeFile(binary, `#!/bin/sh\n"${dir}/nap" 30 &\nexec "${dir}/nap" 31\n`);
    await chmod(binary, 0o755);
    const started = Date.now();
    const report = await verifyCatalog(model, {
      binary,
      timeoutMs: 1_500,
      contexts: [{ id: 'test', context: { hasGit: true } }],
    });
    // Stopped, not waited out: the stand-in would run 30 s (the bound is loose for a loaded machine).
    expect(Date.now() - started).toBeLessThan(28_000);
    expect(report.runs[0]!.error).toMatch(/^the runtime did not finish within 1500 ms/);
    // Killed processes leave /proc once reaped: wait for that, far less than the 30 s they would live.
    const deadline = Date.now() + 10_000;
    let left = await processesWith(marker);
    while (left.length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      left = await processesWith(marker);
    }
    expect(left).toEqual([]);
  });
});

/** Command lines of running processes that contain `marker` (Linux /proc). */
async function processesWith(marker: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of (await readdir('/proc')).filter((p) => /^\d+$/.test(p))) {
    const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmd.includes(marker)) found.push(cmd.replace(/\0/g, ' '));
  }
  return found;
}

describe('loading the SDK', () => {
  it('only verify loads it, by a dynamic import of the file the project resolves: no built file imports it by name', async () => {
    const dist = path.join(REPO, 'dist');
    const files = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith('.js'));
    expect(files.length).toBeGreaterThan(5);
    const importing = [];
    for (const file of files)
      if (
        /(from|import\(|import)\s*["']@anthropic-ai\/claude-agent-sdk/.test(
          await readFile(path.join(dist, file), 'utf8'),
        )
      )
        importing.push(file);
    expect(importing).toEqual([]);
  });
});
