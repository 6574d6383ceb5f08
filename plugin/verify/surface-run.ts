// One surface run per runtime configuration: the runtime started with every catalog tool allowed, so
// what it leaves out or defers is its own decision. Its result is what `runtime-surface.lock.json`
// records, and what a later run is compared with to tell a changed runtime from a policy leak.
import type { RecordedConfiguration, RecordedState } from '../load/surface-lock.js';
import type { RuntimeConfigurationModel } from '../model/catalog-model.js';
import type { ClaudeRuntime } from './claude-runtime.js';
import type { FakeApi } from './fake-api.js';
import { readOffer } from './read-offer.js';
import { configurationEnv } from './run-configuration.js';
import { runQuery } from './run-query.js';
import { buildSurfaceSession, type SessionPlan } from './session-setup.js';

export interface SurfaceRun {
  readonly configuration: string;
  readonly recorded?: RecordedConfiguration;
  readonly error?: string;
  readonly durationMs: number;
}

export interface SurfaceRunInput {
  readonly plan: SessionPlan;
  readonly runtime: ClaudeRuntime;
  readonly api: FakeApi;
  readonly configuration: RuntimeConfigurationModel;
  readonly env: Readonly<Record<string, string>>;
  readonly allowEnvOverride: boolean;
  readonly timeoutMs: number;
}

export async function runSurface(input: SurfaceRunInput): Promise<SurfaceRun> {
  const { plan, configuration: c } = input;
  const session = buildSurfaceSession(plan);
  const run = await runQuery({
    runtime: input.runtime,
    api: input.api,
    session: session.options,
    env: { ...configurationEnv(c), ...input.env },
    allowEnvOverride: input.allowEnvOverride,
    ...(c.model !== undefined ? { model: c.model } : {}),
    permissionCallback: c.permissionCallback,
    timeoutMs: input.timeoutMs,
  });
  const error =
    run.error ??
    (run.firstTurn === undefined ? 'the runtime sent no request to the model' : undefined);
  if (error !== undefined || run.firstTurn === undefined)
    return { configuration: c.name, error: error ?? 'no request', durationMs: run.durationMs };
  const live = readOffer(run.firstTurn, (name) => session.asked.has(name));
  const stateOf = (name: string): RecordedState =>
    live.direct.includes(name) ? 'direct' : live.deferred.includes(name) ? 'deferred' : 'absent';
  const builtins: Record<string, RecordedState> = {};
  for (const t of plan.model.tools)
    if (t.kind === 'sdk') for (const name of t.names) builtins[name] = stateOf(name);
  // Measured on the in-process tools that leave loading to the runtime; not recorded when there are none.
  const plain = plan.model.tools
    .filter((t) => t.kind === 'mcp' && t.offer === undefined)
    .flatMap((t) => t.names);
  const inProcess =
    plain.length === 0
      ? undefined
      : plain.some((n) => stateOf(n) === 'deferred')
        ? 'deferred'
        : 'direct';
  return {
    configuration: c.name,
    recorded: {
      declared: {
        ...(c.model !== undefined ? { model: c.model } : {}),
        permissionCallback: c.permissionCallback,
        ...(c.toolSearch !== undefined ? { toolSearch: c.toolSearch } : {}),
        env: c.env,
      },
      model: String((run.firstTurn as { model?: unknown }).model ?? ''),
      toolSearch: live.deferred.length > 0,
      builtins,
      ...(inProcess !== undefined ? { inProcess } : {}),
      placeholders: live.placeholders,
    },
    durationMs: run.durationMs,
  };
}

/** How a live surface differs from the recorded one, one line per difference (empty: the same). */
export function surfaceDifferences(
  recorded: RecordedConfiguration,
  live: RecordedConfiguration,
): string[] {
  const out: string[] = [];
  if (recorded.model !== live.model)
    out.push(`the runtime now asks for the model ${live.model} (recorded: ${recorded.model})`);
  if (recorded.toolSearch !== live.toolSearch)
    out.push(
      `tool search is now ${live.toolSearch ? 'on' : 'off'} (recorded: ${recorded.toolSearch ? 'on' : 'off'})`,
    );
  if (recorded.inProcess !== live.inProcess)
    out.push(
      `in-process MCP tools are now ${live.inProcess ?? 'not measured'} ` +
        `(recorded: ${recorded.inProcess ?? 'not measured'})`,
    );
  for (const name of new Set([...Object.keys(recorded.builtins), ...Object.keys(live.builtins)])) {
    const was = recorded.builtins[name] ?? 'not recorded';
    const now = live.builtins[name] ?? 'not asked for';
    if (was !== now) out.push(`${name}: ${now} (recorded: ${was})`);
  }
  return out;
}
