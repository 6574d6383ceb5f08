// What a runtime version offers in each runtime configuration, with every tool allowed: the
// runtime-surface lock's record when it was measured exactly as a run now would be (the same
// configuration facts, the same built-ins asked for), else a surface run of that version's real
// runtime. Both versions of an upgrade are measured this way, so their difference is the runtime's.
import {
  readSurfaceLock,
  type RecordedConfiguration,
  type SurfaceLock,
} from '../load/surface-lock.js';
import type { CatalogModel, RuntimeConfigurationModel } from '../model/catalog-model.js';
import { sameFacts } from '../model/runtime-surface.js';
import type { ClaudeRuntime } from '../verify/claude-runtime.js';
import type { SdkSnapshot } from './sdk-snapshot.js';

export interface SideSurface {
  readonly version: string;
  /** Each configuration's surface, where one is known. */
  readonly configurations: Readonly<Record<string, RecordedConfiguration>>;
  /** Where each known surface comes from. */
  readonly source: Readonly<Record<string, 'lock' | 'run'>>;
  /** Configurations whose run failed, with why; or every one, when the runtime cannot start here. */
  readonly errors: Readonly<Record<string, string>>;
  /** The runtime that ran and what it measured, to record in the lock. */
  readonly measured?: {
    readonly runtime: ClaudeRuntime;
    readonly configurations: Record<string, RecordedConfiguration>;
  };
}

export interface SurfaceInput {
  readonly model: CatalogModel;
  readonly snapshot: SdkSnapshot;
  readonly configurations: readonly RuntimeConfigurationModel[];
  readonly lock?: SurfaceLock;
  readonly timeoutMs?: number;
  /** Says when a runtime starts, and which. */
  readonly progress?: (line: string) => void;
}

/** The built-ins a surface run asks for: every one the catalog declares, as `verify` asks. */
export const askedBuiltins = (model: CatalogModel) =>
  new Set(model.tools.flatMap((t) => (t.kind === 'sdk' ? t.names : [])));

/**
 * A recorded configuration the comparison can use: measured as a run now would be — today's facts,
 * and exactly the catalog's built-ins asked for (one more or fewer can change what the runtime does,
 * such as turning tool search on).
 */
function usable(
  record: RecordedConfiguration | undefined,
  c: RuntimeConfigurationModel,
  asked: ReadonlySet<string>,
) {
  if (record === undefined || !sameFacts(c, record)) return false;
  const recorded = Object.keys(record.builtins);
  return recorded.length === asked.size && recorded.every((n) => asked.has(n));
}

export async function sideSurface(input: SurfaceInput): Promise<SideSurface> {
  const { model, snapshot } = input;
  const recorded = input.lock?.runtimes[snapshot.version]?.configurations ?? {};
  const configurations: Record<string, RecordedConfiguration> = {};
  const source: Record<string, 'lock' | 'run'> = {};
  const missing: RuntimeConfigurationModel[] = [];
  const asked = askedBuiltins(model);
  for (const c of input.configurations) {
    const record = recorded[c.name];
    if (usable(record, c, asked)) {
      configurations[c.name] = record!;
      source[c.name] = 'lock';
    } else missing.push(c);
  }
  if (missing.length === 0)
    return { version: snapshot.version, configurations, source, errors: {} };
  // Only a version the lock cannot answer for loads the SDK and starts its runtime.
  const { loadClaudeRuntime } = await import('../verify/claude-runtime.js');
  const { measureSurfaces } = await import('../verify/measure-surfaces.js');
  const { RuntimeUnavailable } = await import('../verify/problems.js');
  let runtime: ClaudeRuntime;
  try {
    runtime = await loadClaudeRuntime(
      model.config.rootDir,
      undefined,
      snapshot.own ? undefined : snapshot.dir,
    );
  } catch (error) {
    if (!(error instanceof RuntimeUnavailable)) throw error;
    const errors = Object.fromEntries(missing.map((c) => [c.name, error.message]));
    return { version: snapshot.version, configurations, source, errors };
  }
  input.progress?.(
    `upgrade: running Claude Code ${runtime.claudeCodeVersion} (SDK ${snapshot.version}) to see ` +
      `what it offers in ${missing.map((c) => `'${c.name}'`).join(', ')}…`,
  );
  const runs = await measureSurfaces(model, runtime, missing, {
    ...(input.timeoutMs !== undefined ? { timeoutMs: input.timeoutMs } : {}),
  });
  const measured: Record<string, RecordedConfiguration> = {};
  const errors: Record<string, string> = {};
  for (const run of runs) {
    if (!run.recorded) {
      errors[run.configuration] = run.error ?? 'the run failed';
      continue;
    }
    measured[run.configuration] = run.recorded;
    configurations[run.configuration] = run.recorded;
    source[run.configuration] = 'run';
  }
  return {
    version: snapshot.version,
    configurations,
    source,
    errors,
    measured: { runtime, configurations: measured },
  };
}

/** The project's lock, when it has a readable one. */
export async function projectLock(model: CatalogModel): Promise<SurfaceLock | undefined> {
  return (await readSurfaceLock(model.config.outDir, model.name)).lock;
}
