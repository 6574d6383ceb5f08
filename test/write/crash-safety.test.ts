// What a killed run, a dead process's temp files and a folder the tool may not write leave behind:
// never a half-written file, never a pile of temp files, never a stack trace.
import { spawn, type SpawnOptions } from 'node:child_process';
import { chmodSync, chownSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSyntheticCatalog, toolsFilePath } from '../../bench/synthetic-catalog.mjs';
import { json, runBin } from '../support/cli';
import { fingerprint, leftoverTempFiles, removeTempDirs, tempDir } from '../support/files';
import { BIN } from '../support/paths';

afterAll(removeTempDirs);

/** Every file under `dir` (relative path → bytes as text). */
function filesOf(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      out.set(path.relative(dir, file), readFileSync(file, 'utf8'));
    }
  return out;
}

/** Runs the binary and resolves with its exit code or signal. */
function run(
  args: string[],
  cwd: string,
  options: SpawnOptions = {},
  killAfterMs?: number,
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      stdio: ['ignore', 'ignore', 'pipe'],
      ...options,
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
    if (killAfterMs !== undefined) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  });
}

/** An edit of a synthetic catalog file that changes every output file: labels, icons and policy. */
const edited = (text: string) =>
  text
    .replaceAll("label: '", "label: 'Renamed ")
    .replaceAll("icon: 'icon-", "icon: 'glyph-")
    .replaceAll("exposure: 'user'", "exposure: 'disabled'");

/** A pid no process has: one that just exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('close', resolve));
  return child.pid!;
}

describe('killed runs', () => {
  it('leave every output whole (its bytes before or after), and the next run leaves no temp file', async () => {
    const dir = await tempDir('killed');
    writeSyntheticCatalog(dir, 1000);
    const outputs = path.join(dir, 'generated');
    const part = toolsFilePath(dir, 1);
    const [plain, renamed] = [readFileSync(part, 'utf8'), edited(readFileSync(part, 'utf8'))];
    // The complete outputs of both versions of the catalog, and how long a whole run takes.
    writeFileSync(part, renamed);
    expect((await run(['generate'], dir)).code).toBe(0);
    const afterRename = filesOf(outputs);
    writeFileSync(part, plain);
    const started = Date.now();
    expect((await run(['generate'], dir)).code).toBe(0);
    const span = Date.now() - started;
    const original = filesOf(outputs);

    let killed = 0;
    for (let i = 0; i < 8; i++) {
      // Each run switches versions, so each has every output file to rewrite when it is killed.
      writeFileSync(part, i % 2 === 0 ? renamed : plain);
      const result = await run(['generate'], dir, {}, Math.round((span * (i + 1)) / 9));
      if (result.signal === 'SIGKILL') killed++;
      for (const [file, text] of filesOf(outputs)) {
        if (file.endsWith('.tmp')) continue;
        expect(
          [original.get(file), afterRename.get(file)],
          `${file} is one whole version`,
        ).toContain(text);
      }
    }
    expect(killed, 'some runs were killed mid-way').toBeGreaterThan(0);

    // Temp files a killed run left are reported by --check, and removed by the next run.
    const leftovers = await leftoverTempFiles(outputs);
    expect(json(await runBin(['generate', '--check', '--json'], dir)).leftovers).toHaveLength(
      leftovers.length,
    );
    expect((await run(['generate'], dir)).code).toBe(0);
    expect(await leftoverTempFiles(outputs)).toEqual([]);
    expect((await run(['generate', '--check'], dir)).code).toBe(0);
  }, 120_000);

  it("--check reports a dead process's temp files; generate removes them and keeps a live process's", async () => {
    const dir = await tempDir('dead-temps');
    writeSyntheticCatalog(dir, 10);
    expect((await run(['generate'], dir)).code).toBe(0);
    const folder = path.join(dir, 'generated', 'bench');
    const dead = path.join(folder, `.tools.ts.${await deadPid()}.0badc0de.tmp`);
    const live = path.join(folder, `.tools.ts.${process.pid}.0badc0de.tmp`);
    writeFileSync(dead, 'half a file');
    writeFileSync(live, 'a file being written right now');

    const check = await runBin(['generate', '--check', '--json'], dir);
    expect(check.code).toBe(1);
    expect(json(check).leftovers).toEqual([path.relative(dir, dead).split(path.sep).join('/')]);
    const told = await runBin(['generate', '--check'], dir);
    expect(told.stdout + told.stderr).toContain(path.basename(dead));

    expect((await run(['generate'], dir)).code).toBe(0);
    expect(await leftoverTempFiles(folder)).toEqual([path.basename(live)]);
    expect((await runBin(['generate', '--check'], dir)).code).toBe(0);
  }, 60_000);
});

/**
 * A folder the run may not write: read-only for a normal user; for root (who may write anything),
 * the run itself is started as the unprivileged user `nobody`, for whom root's folders are read-only.
 */
async function readOnly(dir: string, folder: string): Promise<SpawnOptions> {
  if (process.getuid?.() !== 0) {
    chmodSync(folder, 0o555);
    return {};
  }
  const nobody = 65534;
  chmodSync(dir, 0o755);
  chownSync(dir, nobody, nobody);
  for (const entry of readdirSync(dir, { recursive: true }))
    chownSync(path.join(dir, String(entry)), nobody, nobody);
  chownSync(folder, 0, 0);
  return { uid: nobody, gid: nobody, env: { ...process.env, HOME: dir } };
}

describe('a folder the run may not write', () => {
  it.each([
    ['the output folder', 'generated/bench'],
    ['the locale folder', 'generated/bench/i18n'],
  ])(
    '%s: one located TC302 saying permission denied, nothing changed, no temp file',
    async (_, sub) => {
      const dir = await tempDir('read-only');
      writeSyntheticCatalog(dir, 10);
      expect((await run(['generate'], dir)).code).toBe(0);
      const part = toolsFilePath(dir, 0);
      writeFileSync(part, edited(readFileSync(part, 'utf8')));
      const folder = path.join(dir, sub);
      const options = await readOnly(dir, folder);
      const before = await fingerprint(path.join(dir, 'generated'));

      const result = await run(['generate'], dir, options);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toMatch(
        new RegExp(
          `${sub.replaceAll('/', '\\/')}\\/[^:]+:1:1: error TC302: Cannot write [^:]+: permission denied`,
        ),
      );
      expect(result.stderr).not.toMatch(/\n\s+at /);
      // One diagnostic for the folder, not one per file in it.
      expect(result.stderr.match(/error TC302/g)).toHaveLength(1);
      chmodSync(folder, 0o755);
      expect(await fingerprint(path.join(dir, 'generated'))).toEqual(before);
      expect(await leftoverTempFiles(path.join(dir, 'generated'))).toEqual([]);
    },
    60_000,
  );
});
