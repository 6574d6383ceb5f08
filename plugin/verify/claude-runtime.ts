// Finds the Claude Agent SDK the app installed and the native Claude Code binary beside it, loads the
// SDK (dynamic import: only `verify` pays for it), and spawns the binary in its own process group.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Options, SpawnedProcess, SpawnOptions } from '@anthropic-ai/claude-agent-sdk';
import { resolveSdk, SDK_PACKAGE, sdkNotInstalled } from '../load/sdk-location.js';
import { childEndOf, markedProcesses, pipeHolders } from './pipe-holders.js';
import { RuntimeUnavailable } from './problems.js';

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
  /** The SDK's own version (`0.3.168`) and the Claude Code version it ships (`2.1.168`). */
  readonly sdkVersion: string;
  readonly claudeCodeVersion: string;
  /** The SDK's `BUILTIN_TOOL_NAMES` and `LEGACY_TOOL_NAME_ALIASES`, when it exports them. */
  readonly builtinNames?: readonly string[];
  readonly aliases: Readonly<Record<string, string>>;
  /** Loaded from somewhere other than the project's own dependency (`--sdk`). */
  readonly chosen: boolean;
}

/** The SDK's own version and the runtime version it ships (`claudeCodeVersion`), from its package.json. */
function versionsOf(sdkEntry: string): { sdk: string; claudeCode: string } {
  try {
    const pkg = JSON.parse(
      readFileSync(path.join(path.dirname(sdkEntry), 'package.json'), 'utf8'),
    ) as {
      version?: string;
      claudeCodeVersion?: string;
    };
    return { sdk: pkg.version ?? 'unknown', claudeCode: pkg.claudeCodeVersion ?? 'unknown' };
  } catch {
    return { sdk: 'unknown', claudeCode: 'unknown' };
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
  const report = process.report?.getReport() as
    | { header?: { glibcVersionRuntime?: string } }
    | undefined;
  return !report?.header?.glibcVersionRuntime;
}

/**
 * The native binary the SDK would start, looked up as the SDK does (from the SDK's own folder), so a
 * missing optional dependency is a message before anything is spawned rather than an error mid-run.
 */
export function findClaudeBinary(
  sdkEntry: string,
  packages: readonly string[] = binaryPackages(),
): string {
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
    `The Claude Code runtime for ${process.platform}-${process.arch} is not ` +
      `installed (looked for ${tried.join(', ')} beside ${SDK_PACKAGE}). ` +
      ('npm installs it as an optional dependency of the SDK: reinstall without ' +
        '--omit=optional (or with optional dependencies enabled), or run verify ' +
        'on a platform the SDK ships a runtime for.'),
  );
}

/**
 * Loads the SDK the project installed (or the one `sdk` names, see `resolveSdk`) and locates its
 * binary; `binary` overrides the lookup.
 */
export async function loadClaudeRuntime(
  fromDir: string,
  binary?: string,
  sdkChoice?: string,
): Promise<ClaudeRuntime> {
  const sdkEntry = resolveSdk(fromDir, sdkChoice);
  if (!sdkEntry)
    throw new RuntimeUnavailable(
      sdkChoice === undefined
        ? sdkNotInstalled(fromDir, 'verify')
        : `--sdk ${sdkChoice}: no Claude Agent SDK there (give an installed ` +
            `package name, such as an npm alias, or a folder that holds the SDK).`,
    );
  const found = binary ?? findClaudeBinary(sdkEntry);
  if (!existsSync(found))
    throw new RuntimeUnavailable(`The Claude Code runtime ${found} does not exist.`);
  const module = (await import(pathToFileURL(sdkEntry).href)) as ClaudeSdk & {
    BUILTIN_TOOL_NAMES?: unknown;
    LEGACY_TOOL_NAME_ALIASES?: unknown;
  };
  const versions = versionsOf(sdkEntry);
  const shipped = `Claude Code ${versions.claudeCode} (SDK ${versions.sdk})`;
  const names = module.BUILTIN_TOOL_NAMES;
  const aliases = module.LEGACY_TOOL_NAME_ALIASES;
  return {
    sdk: module,
    sdkEntry,
    binary: found,
    version: binary === undefined ? shipped : `${binary}, given instead of ${shipped}`,
    sdkVersion: versions.sdk,
    claudeCodeVersion: versions.claudeCode,
    ...(Array.isArray(names)
      ? { builtinNames: names.filter((n): n is string => typeof n === 'string') }
      : {}),
    aliases:
      typeof aliases === 'object' && aliases !== null
        ? Object.fromEntries(
            Object.entries(aliases).filter((e): e is [string, string] => typeof e[1] === 'string'),
          )
        : {},
    chosen: sdkChoice !== undefined,
  };
}

/** A spawner for `Options.spawnClaudeCodeProcess` that keeps every child it started, so it can kill them. */
export interface GroupSpawner {
  readonly spawn: NonNullable<Options['spawnClaudeCodeProcess']>;
  /**
   * SIGKILLs every process group this spawner started (the binary and what it started: stdio servers,
   * shells) and every process outside them that still holds their output pipes or carries the run's
   * mark, then closes this side of the pipes: nothing a runtime left behind can keep this process
   * waiting or running.
   */
  killAll(): void;
  /** Resolves once every child has exited, or after `graceMs`. */
  exited(graceMs: number): Promise<void>;
  readonly stderr: () => string;
}

/** SIGKILLs the process group `pid` leads, or the process alone when it leads none; gone already is fine. */
function killGroup(pid: number): void {
  try {
    // A negative pid names the process group: detached children lead their own.
    process.kill(process.platform === 'win32' ? pid : -pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** The variable that marks every process of one run: its value is the run's own, so only they match. */
const RUN_MARK = 'TOOL_CATALOG_VERIFY_RUN';

export function groupSpawner(): GroupSpawner {
  const children: { child: ChildProcess; pipes: Map<string, { ended: boolean }> }[] = [];
  const mark = randomBytes(12).toString('hex');
  let stderr = '';
  const kill = (child: ChildProcess) => {
    if (child.pid !== undefined) killGroup(child.pid);
  };
  return {
    spawn(options: SpawnOptions): SpawnedProcess {
      const child = spawn(options.command, options.args, {
        cwd: options.cwd,
        env: { ...options.env, [RUN_MARK]: mark },
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: process.platform !== 'win32',
        windowsHide: true,
      });
      // The output pipes by identity, and whether each has ended (no writer left): a process that
      // leaves the group keeps them open.
      const pipes = new Map<string, { ended: boolean }>();
      for (const [stream, fd] of [
        [child.stdout, 1],
        [child.stderr, 2],
      ] as const) {
        const pipe = childEndOf(child.pid, fd);
        if (!stream || !pipe) continue;
        const state = { ended: false };
        stream.once('end', () => (state.ended = true));
        pipes.set(pipe, state);
      }
      children.push({ child, pipes });
      // Without these, a binary that exits at once makes the SDK's next stdin write an unhandled
      // EPIPE that ends the whole process.
      child.stdin?.on('error', () => {});
      child.on('error', () => {});
      child.stderr?.on('data', (chunk: Buffer) => {
        if (stderr.length < 20_000) stderr += String(chunk);
      });
      options.signal.addEventListener('abort', () => kill(child), { once: true });
      return child as unknown as SpawnedProcess;
    },
    killAll() {
      for (const { child } of children) kill(child);
      // A pipe that has not ended may still have a writer: a process that left the group, or one dying now.
      const open = new Set<string>();
      for (const { pipes } of children)
        for (const [pipe, { ended }] of pipes) if (!ended) open.add(pipe);
      for (const pid of pipeHolders(open)) killGroup(pid);
      // What left the group and let go of the pipes (a daemon) still carries the run's mark.
      for (const pid of markedProcesses(RUN_MARK, mark)) killGroup(pid);
      for (const { child } of children)
        for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.destroy();
    },
    exited: (graceMs) =>
      Promise.race([
        Promise.all(
          children.map(({ child: c }) =>
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
