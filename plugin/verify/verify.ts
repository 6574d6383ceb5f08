// `verify`'s core. For each runtime configuration: one surface run (every catalog tool allowed: what
// the runtime itself leaves out or defers, compared with the runtime-surface lock), then a run per
// context of the policy snapshot (or the one `--ctx` gives) and caller, each compared with the offer
// the runtime's `computeOffer` gives for it. Runs go in parallel, about one per core.
import os from 'node:os';
import path from 'node:path';
import type { McpServerConfig } from '@anthropic-ai/claude-agent-sdk';
import { SURFACE_LOCK_NAME } from '../language/output-files.js';
import {
  readSurfaceLock,
  type RecordedConfiguration,
  type RecordedRuntime,
} from '../load/surface-lock.js';
import type { CatalogModel, RuntimeConfigurationModel } from '../model/catalog-model.js';
import { policyTablesOf } from '../model/policy-tables.js';
import { runtimeSurfaces } from '../model/runtime-surface.js';
import { sdkFeatures } from '../model/session-facts.js';
import { conditionCombinations } from '../policy/policy-matrix.js';
import type { ResolveOptions } from '../runtime/policy.js';
import { loadAppCode } from './app-code.js';
import { loadClaudeRuntime, type ClaudeRuntime } from './claude-runtime.js';
import { startFakeApi } from './fake-api.js';
import { pool } from './pool.js';
import { projectSkills } from './project-skills.js';
import { recordSurface } from './record-surface.js';
import { runContext, type RunReport } from './run-context.js';
import { runSurface, surfaceDifferences, type SurfaceRun } from './surface-run.js';
import type { SessionPlan } from './session-setup.js';

export type { RunReport } from './run-context.js';

export interface VerifyOptions {
  /** Contexts as plain booleans by field; default: every combination of the policy snapshot. */
  readonly contexts?: readonly {
    readonly id: string;
    readonly context: Readonly<Record<string, boolean>>;
  }[];
  /** Callers to run (catalogs with callers); default: every declared caller. */
  readonly callers?: readonly string[];
  /** Runtime configurations to run; default: every one the catalog declares. */
  readonly runtimes?: readonly string[];
  /**
   * Every context and caller in every configuration; by default the configurations after the first
   * run each caller in the first context only.
   */
  readonly full?: boolean;
  readonly disabledTools?: readonly string[];
  readonly overlay?: readonly string[];
  /** The fake model calls this tool in each run's first turn. */
  readonly emit?: string;
  /** With `emit`: the subagent that makes the call instead (the main turn starts it). */
  readonly emitFrom?: string;
  /** Environment the runtime gets on top of verify's own and the configuration's (`--env`). */
  readonly env?: Readonly<Record<string, string>>;
  /** `env` may replace the variables that keep a run hermetic. */
  readonly allowEnvOverride?: boolean;
  /** External MCP servers the app connects itself (`--mcp-config`). */
  readonly externalServers?: Readonly<Record<string, McpServerConfig>>;
  /** Another installed SDK than the project's own (`--sdk`): a package name or a folder. */
  readonly sdk?: string;
  /** Record the surface runs in the runtime-surface lock instead of comparing with it. */
  readonly update?: boolean;
  /** Runs at once; default: the number of cores. */
  readonly concurrency?: number;
  /** Per run, milliseconds; default 60,000. */
  readonly timeoutMs?: number;
  /** The runtime binary to start instead of the SDK's (tests). */
  readonly binary?: string;
  /** Changes each session before its run (tests plant leaks with it). */
  readonly adjust?: SessionPlan['adjust'];
  /** Hears what verify does as it happens: its start, then each surface and context run as it ends. */
  readonly progress?: VerifyProgress;
}

export interface VerifyProgress {
  start(plan: {
    readonly catalog: string;
    readonly runtime: string;
    readonly surfaces: number;
    readonly contexts: number;
    readonly concurrency: number;
  }): void;
  surface(report: SurfaceReport): void;
  run(report: RunReport, done: number, of: number): void;
}

export interface SurfaceReport {
  readonly runtime: string;
  /** What the runtime did with every catalog tool allowed (absent when the run failed). */
  readonly live?: RecordedConfiguration;
  /** How that differs from the lock's record of this runtime version; empty when it matches. */
  readonly differences: readonly string[];
  /** `matches`, `differs`, `not recorded` (no record of this version or configuration) or `updated`. */
  readonly lock: 'matches' | 'differs' | 'not recorded' | 'updated';
  readonly error?: string;
  readonly durationMs: number;
}

export interface VerifyReport {
  readonly catalog: string;
  readonly runtime: { readonly binary: string; readonly version: string; readonly sdk: string };
  readonly concurrency: number;
  readonly surfaces: readonly SurfaceReport[];
  readonly runs: readonly RunReport[];
  /** The lock file, when `--update` wrote it. */
  readonly updated?: string;
  readonly ok: boolean;
  readonly durationMs: number;
}

/** Lets at most `limit` calls of the returned function run at once; the others wait their turn. */
function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

function surfaceReport(
  run: SurfaceRun,
  recorded: RecordedRuntime | undefined,
  update: boolean,
): SurfaceReport {
  const base = { runtime: run.configuration, durationMs: run.durationMs };
  if (!run.recorded)
    return { ...base, differences: [], lock: 'not recorded', error: run.error ?? 'no result' };
  const record = recorded?.configurations[run.configuration];
  const differences = record ? surfaceDifferences(record, run.recorded) : [];
  const lock = update
    ? 'updated'
    : !record
      ? 'not recorded'
      : differences.length > 0
        ? 'differs'
        : 'matches';
  return { ...base, live: run.recorded, differences: update ? [] : differences, lock };
}

/**
 * The SDK warns, once per session, that pre-approved tools (`allowedTools`, the catalog's
 * `approval: 'auto'`) skip the permission callback — which is what the catalog asks for. Verify
 * builds many sessions; while it runs those warnings are dropped, and every other warning passes.
 */
function quietSdkWarnings(): () => void {
  const emit = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const options = rest[0];
    const code =
      typeof options === 'object' && options !== null
        ? (options as { code?: unknown }).code
        : rest[1];
    if (typeof code === 'string' && code === 'CLAUDE_SDK_CAN_USE_TOOL_SHADOWED') return;
    (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  return () => {
    process.emitWarning = emit;
  };
}

export async function verifyCatalog(
  model: CatalogModel,
  options: VerifyOptions = {},
): Promise<VerifyReport> {
  const restoreWarnings = quietSdkWarnings();
  try {
    return await verifyWith(model, options);
  } finally {
    restoreWarnings();
  }
}

async function verifyWith(model: CatalogModel, options: VerifyOptions): Promise<VerifyReport> {
  const started = Date.now();
  const runtime: ClaudeRuntime = await loadClaudeRuntime(
    model.config.rootDir,
    options.binary,
    options.sdk,
  );
  const appCode = await loadAppCode(model);
  const configurations = model.runtimes.filter(
    (r) => !options.runtimes || options.runtimes.includes(r.name),
  );
  const { lock } = await readSurfaceLock(model.config.outDir, model.name);
  const recorded = lock?.runtimes[runtime.sdkVersion];
  const resolveOptions: ResolveOptions =
    options.overlay && options.overlay.length > 0 ? { overlay: options.overlay } : {};
  const base = policyTablesOf(model);
  const plan: SessionPlan = {
    model,
    tables: base,
    features: sdkFeatures(runtime.sdkVersion),
    sdk: runtime.sdk,
    appCode,
    agent: { disabledTools: options.disabledTools ?? [] },
    options: resolveOptions,
    externalServers: options.externalServers ?? {},
    skills: await projectSkills(model),
    ...(options.adjust ? { adjust: options.adjust } : {}),
  };
  const env = options.env ?? {};
  const timeoutMs = options.timeoutMs ?? 60_000;
  const concurrency = Math.max(1, options.concurrency ?? os.availableParallelism());
  const api = await startFakeApi();
  const tasks = contextTasks(model, configurations, options);
  const progress = options.progress;
  progress?.start({
    catalog: model.name,
    runtime: runtime.version,
    surfaces: configurations.length,
    contexts: tasks.length,
    concurrency,
  });
  const update = options.update === true;
  try {
    const surfaceRuns = await pool(
      configurations.map(
        (configuration) => () =>
          runSurface({
            plan,
            runtime,
            api,
            configuration,
            env,
            allowEnvOverride: options.allowEnvOverride === true,
            timeoutMs,
          }).then((run) => {
            progress?.surface(surfaceReport(run, recorded, update));
            return run;
          }),
      ),
      concurrency,
    );
    const surfaces = surfaceRuns.map((r) => surfaceReport(r, recorded, update));
    // Runs are compared with the recorded surface of this version; what is not recorded, with the live one.
    const used: Record<string, RecordedConfiguration> = {};
    for (const r of surfaceRuns) {
      const record = options.update ? undefined : recorded?.configurations[r.configuration];
      if (record ?? r.recorded) used[r.configuration] = (record ?? r.recorded)!;
    }
    const tables = {
      ...base,
      runtimes: runtimeSurfaces(model, {
        file: path.join(model.config.outDir, SURFACE_LOCK_NAME),
        sdk: runtime.sdkVersion,
        runtime: {
          claudeCode: runtime.claudeCodeVersion,
          aliases: runtime.aliases,
          configurations: used,
        },
      }),
    };
    // Every context's session is set up at once; at most `concurrency` runtimes run at a time, and a
    // session equal to an earlier one reads that run instead of starting the runtime again.
    const limit = limiter(concurrency);
    const shared = new Map();
    let done = 0;
    const runs = await Promise.all(
      tasks.map(({ configuration, context, caller }) =>
        runContext({
          plan: { ...plan, tables },
          runtime,
          api,
          configuration,
          context,
          caller,
          env,
          allowEnvOverride: options.allowEnvOverride === true,
          timeoutMs,
          ...(options.emit !== undefined ? { emit: options.emit } : { subagents: true }),
          ...(options.emitFrom !== undefined ? { emitFrom: options.emitFrom } : {}),
          limit,
          shared,
        }).then((run) => {
          progress?.run(run, ++done, tasks.length);
          return run;
        }),
      ),
    );
    const updated =
      options.update && surfaceRuns.every((r) => r.recorded)
        ? (
            await recordSurface(
              model,
              runtime,
              Object.fromEntries(surfaceRuns.map((r) => [r.configuration, r.recorded!])),
            )
          ).file
        : undefined;
    const ok =
      runs.every((r) => r.error === undefined && r.clean) &&
      surfaces.every((s) => s.error === undefined && s.differences.length === 0) &&
      (!options.update || updated !== undefined);
    return {
      catalog: model.name,
      runtime: { binary: runtime.binary, version: runtime.version, sdk: runtime.sdkVersion },
      concurrency,
      surfaces,
      runs,
      ...(updated !== undefined ? { updated } : {}),
      ok,
      durationMs: Date.now() - started,
    };
  } finally {
    await api.stop();
  }
}

interface ContextTask {
  readonly configuration: RuntimeConfigurationModel;
  readonly context: { readonly id: string; readonly context: Readonly<Record<string, boolean>> };
  readonly caller: string | undefined;
}

/**
 * The runs: every context × caller in the first configuration; in each other configuration every
 * caller in the first context (its surface run already covers what the runtime decides there), or
 * the whole matrix again with `full` or explicit contexts.
 */
function contextTasks(
  model: CatalogModel,
  configurations: readonly RuntimeConfigurationModel[],
  options: VerifyOptions,
): ContextTask[] {
  const contexts = options.contexts ?? conditionCombinations(policyTablesOf(model)).combinations;
  const declared = Object.keys(model.callers);
  const callers: readonly (string | undefined)[] =
    declared.length === 0 ? [undefined] : (options.callers ?? declared);
  return configurations.flatMap((configuration, i) => {
    const here = i === 0 || options.full || options.contexts ? contexts : contexts.slice(0, 1);
    return here.flatMap((context) => callers.map((caller) => ({ configuration, context, caller })));
  });
}
