// Projects for the ways a runtime can misbehave that the real one cannot be made to: the verify
// fixture with the real Claude Agent SDK installed, but a stand-in script where its binary would be.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveSdk, SDK_PACKAGE } from '../../plugin/load/sdk-location';
import { binaryPackages } from '../../plugin/verify/claude-runtime';
import { uniqueArtifactDir } from '../support/files';
import { BIN, REPO } from '../support/paths';
import { VERIFY_FIXTURE } from '../support/verify';

export interface FakeRuntimeProject {
  /** A copy of the verify fixture, inside the repository so its app code resolves zod and the SDK. */
  readonly dir: string;
  /** Where the stand-in runtime is installed (the platform package's `claude`). */
  readonly binary: string;
  /** A file the stand-in appends `<role> <pid> [<what>]` lines to: what it started, for the process table. */
  readonly log: string;
  /** A copy of `sleep` in the project, so a test can tell its sleepers from every other process. */
  readonly nap: string;
}

/**
 * The verify fixture with the real SDK (re-exported, never copied) and `script` as its runtime binary.
 * `script` gets the project's paths, so the stand-in can write to `log` and start `nap`.
 */
export async function fakeRuntimeProject(
  name: string,
  script: (paths: { log: string; nap: string }) => string,
): Promise<FakeRuntimeProject> {
  const dir = uniqueArtifactDir(name);
  await cp(VERIFY_FIXTURE, dir, { recursive: true });
  const realEntry = resolveSdk(REPO)!;
  const real = JSON.parse(
    await readFile(path.join(path.dirname(realEntry), 'package.json'), 'utf8'),
  ) as {
    version: string;
    claudeCodeVersion: string;
  };
  const sdk = path.join(dir, 'node_modules', SDK_PACKAGE);
  await mkdir(sdk, { recursive: true });
  await writeFile(
    path.join(sdk, 'package.json'),
    JSON.stringify({
      name: SDK_PACKAGE,
      version: real.version,
      claudeCodeVersion: real.claudeCodeVersion,
      type: 'module',
      exports: { '.': './sdk.mjs' },
    }),
  );
  await writeFile(
    path.join(sdk, 'sdk.mjs'),
    `export * from ${JSON.stringify(pathToFileURL(realEntry).href)};\n`,
  );
  const platform = path.join(dir, 'node_modules', `${SDK_PACKAGE}-${binaryPackages()[0]}`);
  await mkdir(platform, { recursive: true });
  const log = path.join(dir, 'started.log');
  const nap = path.join(dir, 'nap');
  await cp('/bin/sleep', nap);
  const binary = path.join(platform, 'claude');
  await writeFile(binary, script({ log, nap }));
  await chmod(binary, 0o755);
  return { dir, binary, log, nap };
}

/** The `<role> <pid> [<what>]` lines the stand-in wrote so far. */
export async function startedLines(
  log: string,
): Promise<{ role: string; pid: number; what: string }[]> {
  const text = await readFile(log, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [role = '', pid = '', ...rest] = line.split(' ');
      return { role, pid: Number(pid), what: rest.join(' ') };
    });
}

/** Polls `check` until it returns a value other than undefined; fails with `what` after `limitMs`. */
export async function until<T>(
  check: () => Promise<T | undefined> | T | undefined,
  what: string,
  limitMs = 60_000,
) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Reads `read` until `done` holds for its value or `limitMs` passed, and returns the last value read. */
export async function settle<T>(
  read: () => T,
  done: (value: T) => boolean,
  limitMs: number,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  let value = read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = read();
  }
  return value;
}

/** `promise`, or a failure naming `what` when it has not settled after `limitMs`. */
export function within<T>(promise: Promise<T>, what: string, limitMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`gave up waiting for ${what} after ${limitMs} ms`)),
      limitMs,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export interface BinProcess {
  readonly child: ChildProcess;
  readonly output: () => { stdout: string; stderr: string };
  /** How it ended (the signal when it died of one instead of exiting), once its output is closed. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `node bin/tool-catalog.js ...args` in `cwd` as a user starts it, left running for the test to signal. */
export function startBin(
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>> = {},
): BinProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += String(c)));
  child.stderr!.on('data', (c: Buffer) => (stderr += String(c)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => ({ stdout, stderr }), exited };
}
