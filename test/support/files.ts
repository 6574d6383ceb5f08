// Shared helpers of the spine tests: run the real CLI, copy fixtures into temp folders (fixtures are
// never written in place) and fingerprint an output folder to prove that nothing changed.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = path.join(REPO, 'bin/tool-catalog.js');
export const FIXTURES = path.join(REPO, 'test/fixtures/spine');

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node bin/tool-catalog.js ...args` in `cwd`, as a user would. */
export function runCli(args: readonly string[], cwd: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') return reject(error);
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
  });
}

/** `--json` output of a run, parsed; fails loudly when stdout is not JSON. */
export function json(run: CliRun): any {
  try {
    return JSON.parse(run.stdout);
  } catch {
    throw new Error(`stdout is not JSON (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  }
}

const temps: string[] = [];

export async function tempDir(label: string): Promise<string> {
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), `tc-spine-${label}-`)));
  temps.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(temps.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
}

/** Copies `test/fixtures/spine/<name>` into a fresh temp folder and returns its path. */
export async function copyFixture(name: string): Promise<string> {
  const dir = await tempDir(name);
  await fs.cp(path.join(FIXTURES, name), dir, { recursive: true });
  return dir;
}

/** Every file under `dir` (dotfiles included) → sha256 of its bytes and its mode. */
export async function fingerprint(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (sub: string) => {
    for (const entry of await fs.readdir(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.posix.join(sub, entry.name);
      if (entry.isDirectory()) await walk(rel);
      else {
        const file = path.join(dir, rel);
        const [bytes, stat] = await Promise.all([fs.readFile(file), fs.stat(file)]);
        out[rel] = `${createHash('sha256').update(bytes).digest('hex')} ${(stat.mode & 0o777).toString(8)}`;
      }
    }
  };
  await walk('');
  return out;
}

/** Files under `dir` that look like the writer's temp files. */
export async function leftoverTempFiles(dir: string): Promise<string[]> {
  const all = await fs.readdir(dir, { recursive: true });
  return all.filter((f) => /\.tmp$/.test(f));
}
