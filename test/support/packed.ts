// The package as users get it, made once per test run and shared by the packaging tests in every
// worker: one `npm pack` of this repository, and one app that installs that tarball (npm cache first).
import { execFile } from 'node:child_process';
import {
  existsSync,
  type FSWatcher,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  watch,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { PACKAGING_ROOT, REPO } from './paths';

/** What `beforeAll` hooks that wait for the shared tarball or install may take: a cold npm cache downloads ~40 MB. */
export const PACKAGING_TIMEOUT_MS = 300_000;

export interface CommandRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a program; resolves with its exit code and output whatever the code (the caller asserts), rejects only when it cannot start. */
export function runCommand(
  file: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      {
        cwd: options.cwd,
        env: options.env ?? process.env,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
  });
}

/** `node <script> ...args` in `cwd`, with the Node that runs the tests. */
export const runNode = (args: readonly string[], cwd: string) =>
  runCommand(process.execPath, args, { cwd, env: { ...process.env, NO_COLOR: '1' } });

/**
 * The environment npm gets here: without the `npm_*` settings that `npm test` exports for this
 * repository (its prefix, its lifecycle), so a nested npm acts on the folder it runs in.
 */
export function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^npm_/i.test(key) || /^npm_config_(cache|registry)$/i.test(key)) env[key] = value;
  return {
    ...env,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
}

/** `npm ...args` in `cwd`; throws with npm's own output when it fails. */
export async function npm(args: readonly string[], cwd: string): Promise<string> {
  const result = await runCommand('npm', args, { cwd, env: npmEnv() });
  if (result.code !== 0)
    throw new Error(
      `npm ${args.join(' ')} failed in ${cwd} (exit ${result.code}):\n${result.stdout}\n${result.stderr}`,
    );
  return result.stdout;
}

/** Removes what earlier runs left (after ten minutes, so a run going on beside this one keeps its files). */
function removeEarlierRuns(current: string): void {
  if (!existsSync(PACKAGING_ROOT)) return;
  for (const entry of readdirSync(PACKAGING_ROOT)) {
    const dir = path.join(PACKAGING_ROOT, entry);
    if (entry !== current && Date.now() - statSync(dir).mtimeMs > 600_000)
      rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Resolves when `<dir>.done` appears beside `dir`, rejects when `<dir>.failed` does (with the
 * message the builder wrote) or after PACKAGING_TIMEOUT_MS. It waits on the folder's change events,
 * not on a timer: the check after the watcher starts sees a mark made before it.
 */
function markOf(dir: string, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let watcher: FSWatcher | undefined;
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      watcher?.close();
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const look = () => {
      if (existsSync(`${dir}.done`)) finish();
      else if (existsSync(`${dir}.failed`))
        finish(
          new Error(
            `building ${name} failed in another test file:\n${readFileSync(`${dir}.failed`, 'utf8')}`,
          ),
        );
    };
    watcher = watch(path.dirname(dir), look);
    watcher.on('error', (error) => finish(error));
    timer = setTimeout(
      () =>
        finish(
          new Error(
            `${name} was not ready after ${PACKAGING_TIMEOUT_MS / 1000} s (${dir}); the worker building it may have died`,
          ),
        ),
      PACKAGING_TIMEOUT_MS,
    );
    look();
  });
}

/**
 * `<PACKAGING_ROOT>/<run>/<name>`, made by `build` once per test run: the first caller (in any
 * worker) builds it under a lock folder, the others wait for its `.done` mark, or its `.failed`
 * message, both written beside it (the `.failed` one whole, by a rename).
 */
export async function oncePerRun(
  name: string,
  build: (dir: string) => Promise<void>,
): Promise<string> {
  const runId = inject('testRunId');
  if (!runId)
    throw new Error(
      'no test run id: run the packaging tests through vitest with its config (test/support/global-setup.ts provides it)',
    );
  const dir = path.join(PACKAGING_ROOT, runId, name);
  mkdirSync(path.dirname(dir), { recursive: true });
  let owner = false;
  try {
    mkdirSync(`${dir}.lock`);
    owner = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (!owner) {
    await markOf(dir, name);
    return dir;
  }
  removeEarlierRuns(runId);
  mkdirSync(dir, { recursive: true });
  try {
    await build(dir);
    writeFileSync(`${dir}.done`, '');
  } catch (error) {
    writeFileSync(`${dir}.failed.partial`, String((error as Error).stack ?? error));
    renameSync(`${dir}.failed.partial`, `${dir}.failed`);
    throw error;
  }
  return dir;
}

/** The tarball `npm pack` makes of this repository (its `prepack` builds dist/ first), once per run. */
export async function packedTarball(): Promise<string> {
  const dir = await oncePerRun('tarball', async (out) => {
    const packed = JSON.parse(await npm(['pack', '--json', '--pack-destination', out], REPO)) as {
      filename: string;
    }[];
    if (packed.length !== 1) throw new Error(`npm pack made ${packed.length} tarballs`);
  });
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`no tarball in ${dir}`);
  return path.join(dir, tarball);
}

/**
 * An app with the packed tarball installed as a devDependency (and its dependencies, from the npm
 * cache or the registry), once per run. The Claude Agent SDK, which generated code imports types
 * from, is linked from this repository's node_modules instead of downloading its 240 MB again.
 */
export async function installedApp(): Promise<string> {
  const tarball = await packedTarball();
  return oncePerRun('installed-app', async (dir) => {
    const manifest = {
      name: 'packaging-consumer',
      version: '1.0.0',
      private: true,
      type: 'module',
      devDependencies: { 'agent-tool-catalog': `file:${path.relative(dir, tarball)}` },
    };
    writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await npm(['install', '--prefer-offline', '--no-audit', '--no-fund'], dir);
    const sdk = path.join(dir, 'node_modules/@anthropic-ai/claude-agent-sdk');
    mkdirSync(path.dirname(sdk), { recursive: true });
    symlinkSync(path.join(REPO, 'node_modules/@anthropic-ai/claude-agent-sdk'), sdk, 'dir');
  });
}
