// The runtime's own surface in some configurations, measured without checking any policy: every
// catalog tool allowed, stand-ins for in-process tools — as `verify`'s surface run measures it.
// `upgrade` asks this of a runtime version the runtime-surface lock has no such record of.
import type { CatalogModel, RuntimeConfigurationModel } from '../model/catalog-model.js';
import { policyTablesOf } from '../model/policy-tables.js';
import { sdkFeatures } from '../model/session-facts.js';
import type { AppCode } from './app-code.js';
import type { ClaudeRuntime } from './claude-runtime.js';
import { startFakeApi } from './fake-api.js';
import { pool } from './pool.js';
import type { SessionPlan } from './session-setup.js';
import { runSurface, type SurfaceRun } from './surface-run.js';

export interface MeasureOptions {
  /** Per run, milliseconds; default 60,000. */
  readonly timeoutMs?: number;
  /** Runs at once; default 2. */
  readonly concurrency?: number;
}

/** A surface session builds stand-ins only: no app code is loaded for it. */
const NO_APP_CODE: AppCode = {
  tools: new Map(),
  exportOf: () => '',
  data: () => undefined,
  hasData: false,
};

/** One surface run per configuration, in the configurations' order. */
export async function measureSurfaces(
  model: CatalogModel,
  runtime: ClaudeRuntime,
  configurations: readonly RuntimeConfigurationModel[],
  options: MeasureOptions = {},
): Promise<SurfaceRun[]> {
  const plan: SessionPlan = {
    model,
    tables: policyTablesOf(model),
    features: sdkFeatures(runtime.sdkVersion),
    sdk: runtime.sdk,
    appCode: NO_APP_CODE,
    agent: { disabledTools: [] },
    options: {},
    externalServers: {},
  };
  const api = await startFakeApi();
  try {
    return await pool(
      configurations.map(
        (configuration) => () =>
          runSurface({
            plan,
            runtime,
            api,
            configuration,
            env: {},
            allowEnvOverride: false,
            timeoutMs: options.timeoutMs ?? 60_000,
          }),
      ),
      options.concurrency ?? 2,
    );
  } finally {
    await api.stop();
  }
}
