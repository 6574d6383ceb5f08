// Finds the Claude Agent SDK the app installed and the native Claude Code binary beside it, loads the
// SDK (dynamic import: only `verify` pays for it), and spawns the binary in its own process group.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Options, SpawnedProcess, SpawnOptions } from '@anthropic-ai/claude-agent-sdk';
import { RuntimeUnavailable } from './problems.js';

const SDK_PACKAGE = '@anthropic-ai/claude-agent-sdk';

/** The parts of the SDK verify calls. */
export interface ClaudeSdk {
  readonly query: typeof import('@anthropic-ai/claude-agent-sdk').query;
  readonly createSdkMcpServer: typeof import('@anthropic-ai/claude-agent-sdk').createSdkMcpServer;
  readonly tool: typeof import('@anthropic-ai/claude-agent-sdk').tool;
}

export interface ClaudeRuntime {
  readonly sdk: ClaudeSdk;
  /** The SDK's entry file, as resolved from the project. */
  readonly sdkEntry: string;
  readonly binary: string;
  /** `Claude Code 2.1.168 (SDK 0.3.168)`, from the SDK's package.json: nothing is started to learn it. */
  readonly version: string;
}

/** The runtime version the SDK ships (`claudeCodeVersion`) and the SDK's own version. */
function versionOf(sdkEntry: string, binary: string | undefined): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(path.dirname(sdkEntry), 'package.json'), 'utf8')) as {
      version?: string;
      claudeCodeVersion?: string;
    };
    const shipped = `Claude Code ${pkg.claudeCodeVersion ?? 'unknown'} (SDK ${pkg.version ?? 'unknown'})`;
    return binary === undefined ? shipped : `${binary}, given instead of ${shipped}`;
  } catch {
    return 'unknown';
  }
}

/** Where the SDK resolves from `fromDir` (the project's folder), or undefined when it is not installed there. */
export function resolveSdk(fromDir: string): string | undefined {
  try {
    return createRequire(path.join(fromDir, 'noop.js')).resolve(SDK_PACKAGE);
  } catch {
    return undefined;
  }
}

/** The platform packages the SDK looks in for its binary, in its own order (musl first on musl systems). */
export function binaryPackages(
  platform: string = process.platform,
  arch: string = process.arch,
  musl = isMusl(),
): string[] {
  const own = `${platform}-${arch}`;
  if (platform !== 'linux') return [own];
  return musl ? [`${own}-musl`, own] : [own, `${own}-musl`];
}

function isMusl(): boolean {
  if (process.platform !== 'linux') return false;
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  return !report?.header?.glibcVersionRuntime;
}

/**
 * The native binary the SDK would start, looked up as the SDK does (from the SDK's own folder), so a
 * missing optional dependency is a message before anything is spawned rather than an error mid-run.
 */
export function findClaudeBinary(sdkEntry: string, packages: readonly string[] = binaryPackages()): string {
  const fromSdk = createRequire(sdkEntry);
  const exe = process.platform === 'win32' ? 'claude.exe' : 'claude';
  const tried: string[] = [];
  for (const name of packages) {
    const spec = `${SDK_PACKAGE}-${name}/${exe}`;
    tried.push(spec);
    try {
      const file = fromSdk.resolve(spec);
      if (existsSync(file)) return file;
    } catch {
      // Not installed; try the next package.
    }
  }
  throw new RuntimeUnavailable(
    `The Claude Code runtime for ${process.platform}-${process.arch} is not installed (looked for ${tried.join(', ')} beside ${SDK_PACKAGE}). ` +
      'npm installs it as an optional dependency of the SDK: reinstall without --omit=optional (or with optional dependencies enabled), or run verify on a platform the SDK ships a runtime for.',
  );
}

/** Loads the SDK the project installed and locates its binary; `binary` overrides the lookup. */
export async function loadClaudeRuntime(fromDir: string, binary?: string): Promise<ClaudeRuntime> {
  const sdkEntry = resolveSdk(fromDir);
  if (!sdkEntry)
    throw new RuntimeUnavailable(
      `${SDK_PACKAGE} is not installed in ${fromDir} or a folder above it; install it (npm i -D ${SDK_PACKAGE}) to run verify.`,
    );
  const found = binary ?? findClaudeBinary(sdkEntry);
  if (!existsSync(found)) throw new RuntimeUnavailable(`The Claude Code runtime ${found} does not exist.`);
  const sdk = (await import(pathToFileURL(sdkEntry).href)) as ClaudeSdk;
  return { sdk, sdkEntry, binary: found, version: versionOf(sdkEntry, binary) };
}

/** A spawner for `Options.spawnClaudeCodeProcess` that keeps every child it started, so it can kill them. */
export interface GroupSpawner {
  readonly spawn: NonNullable<Options['spawnClaudeCodeProcess']>;
  /** SIGKILLs every process group this spawner started (the binary and what it started: stdio servers, shells). */
  killAll(): void;
  /** Resolves once every child has exited, or after `graceMs`. */
  exited(graceMs: number): Promise<void>;
  readonly stderr: () => string;
}

export function groupSpawner(): GroupSpawner {
  const children: ChildProcess[] = [];
  let stderr = '';
  const kill = (child: ChildProcess) => {
    if (child.pid === undefined) return;
    try {
      // A negative pid names the process group: detached children lead their own.
      process.kill(process.platform === 'win32' ? child.pid : -child.pid, 'SIGKILL');
    } catch {
      try {
        child.kill('SIGKILL');
      } catch {
        // Already gone.
      }
    }
  };
  return {
    spawn(options: SpawnOptions): SpawnedProcess {
      const child = spawn(options.command, options.args, {
        cwd: options.cwd,
        env: options.env,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: process.platform !== 'win32',
        windowsHide: true,
      });
      children.push(child);
      // Without these, a binary that exits at once makes the SDK's next stdin write an unhandled EPIPE that ends the whole process.
      child.stdin?.on('error', () => {});
      child.on('error', () => {});
      child.stderr?.on('data', (chunk: Buffer) => {
        if (stderr.length < 20_000) stderr += String(chunk);
      });
      options.signal.addEventListener('abort', () => kill(child), { once: true });
      return child as unknown as SpawnedProcess;
    },
    killAll: () => children.forEach(kill),
    exited: (graceMs) =>
      Promise.race([
        Promise.all(
          children.map((c) =>
            c.exitCode !== null || c.signalCode !== null
              ? undefined
              : new Promise<void>((resolve) => c.once('exit', () => resolve())),
          ),
        ).then(() => undefined),
        new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref()),
      ]),
    stderr: () => stderr,
  };
}
