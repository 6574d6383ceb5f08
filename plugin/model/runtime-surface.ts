// Each declared runtime configuration's surface, from the pinned runtime's record in the lock: which
// built-ins the runtime defers or leaves out (with a reason found by comparing configurations), and
// what the record does not cover. Plus the problems `generate` reports when the record and the
// catalog disagree.
import { inVersionRange } from '../language/versions.js';
import type { PendingDiagnostic } from '../diagnostics/diagnostics.js';
import { DIAGNOSTIC_CODES } from '../diagnostics/diagnostics.js';
import type {
  PinnedSurface,
  RecordedConfiguration,
  RecordedRuntime,
} from '../load/surface-lock.js';
import type { RuntimeSurface } from '../runtime/runtime-surface.js';
import type { CatalogModel, RuntimeConfigurationModel, ToolModel } from './catalog-model.js';

const builtins = (model: CatalogModel) =>
  model.tools.filter((t) => t.kind === 'sdk' && t.names.length > 0);

/** Why a tool missing from one configuration is offered in another: the declared facts that differ. */
function differingFacts(
  here: RuntimeConfigurationModel,
  there: RuntimeConfigurationModel,
): string[] {
  const facts: string[] = [];
  if (here.permissionCallback !== there.permissionCallback)
    facts.push(
      there.permissionCallback ? 'a permission callback (canUseTool)' : 'no permission callback',
    );
  if (here.toolSearch !== there.toolSearch)
    facts.push(
      `tool search ${there.toolSearch === undefined ? 'left to the runtime' : there.toolSearch ? 'on' : 'off'}`,
    );
  if (here.model !== there.model) facts.push(`the model ${there.model ?? '(the runtime default)'}`);
  for (const name of new Set([...Object.keys(here.env), ...Object.keys(there.env)]))
    if (here.env[name] !== there.env[name])
      facts.push(there.env[name] === undefined ? `${name} unset` : `${name}=${there.env[name]}`);
  return facts;
}

/** Why the runtime leaves `t` out in `configuration`: out of its version range, or offered only elsewhere. */
function absenceReason(
  t: ToolModel,
  configuration: RuntimeConfigurationModel,
  model: CatalogModel,
  runtime: RecordedRuntime,
  sdk: string,
): string {
  if (!inVersionRange(sdk, t.addedIn, t.removedIn))
    return t.removedIn !== undefined && !inVersionRange(sdk, undefined, t.removedIn)
      ? `SDK ${sdk} no longer has it (removed in ${t.removedIn})`
      : `SDK ${sdk} does not have it yet (added in ${t.addedIn})`;
  const name = t.names[0]!;
  for (const other of model.runtimes) {
    const state = runtime.configurations[other.name]?.builtins[name];
    if (other.name === configuration.name || state === undefined || state === 'absent') continue;
    const facts = differingFacts(configuration, other);
    if (facts.length > 0)
      return `the runtime offers it only with ${facts.join(' and ')} (as in '${other.name}')`;
  }
  return `the runtime does not offer it in '${configuration.name}'`;
}

function surface(
  model: CatalogModel,
  configuration: RuntimeConfigurationModel,
  pinned: PinnedSurface | undefined,
): RuntimeSurface {
  const record: RecordedConfiguration | undefined =
    pinned?.runtime.configurations[configuration.name];
  const tools = builtins(model);
  if (!pinned || !record)
    return {
      name: configuration.name,
      toolSearch: false,
      mcpDeferred: false,
      deferred: [],
      absent: {},
      unrecorded: tools.map((t) => t.key),
    };
  const absent: Record<string, string> = {};
  const deferred: string[] = [];
  const unrecorded: string[] = [];
  for (const t of tools) {
    const state = record.builtins[t.names[0]!];
    if (!inVersionRange(pinned.sdk, t.addedIn, t.removedIn) || state === 'absent')
      absent[t.key] = absenceReason(t, configuration, model, pinned.runtime, pinned.sdk);
    else if (state === 'deferred') deferred.push(t.key);
    else if (state === undefined) unrecorded.push(t.key);
  }
  return {
    name: configuration.name,
    recorded: `Claude Code ${pinned.runtime.claudeCode} (SDK ${pinned.sdk})`,
    toolSearch: record.toolSearch,
    // Not measured (no in-process tool to measure with): the SDK's documented default, deferred under tool search.
    mcpDeferred:
      record.inProcess === undefined ? record.toolSearch : record.inProcess === 'deferred',
    deferred,
    absent,
    unrecorded,
  };
}

/**
 * Every declared configuration's surface, in declaration order, from the pinned runtime's record
 * (or from `record`: another runtime version's, as `verify` checks each one it runs).
 */
export const runtimeSurfaces = (
  model: CatalogModel,
  record: PinnedSurface | undefined = model.surface,
) => model.runtimes.map((c) => surface(model, c, record));

/** Whether a recorded configuration was run with the facts the catalog declares for it today. */
export const sameFacts = (c: RuntimeConfigurationModel, r: RecordedConfiguration) =>
  c.permissionCallback === r.declared.permissionCallback &&
  c.toolSearch === r.declared.toolSearch &&
  c.model === r.declared.model &&
  JSON.stringify(Object.entries(c.env).sort()) ===
    JSON.stringify(Object.entries(r.declared.env).sort());

/**
 * Where the catalog and the recorded surface disagree: configurations or tools not recorded (the
 * outputs then count them as direct), a configuration whose facts changed since it was recorded, and
 * a built-in the catalog says is offered `direct` that the runtime defers.
 */
export function surfaceProblems(model: CatalogModel): PendingDiagnostic[] {
  const pinned = model.surface;
  const at = pinned ? { file: pinned.file, line: 1, column: 1 } : undefined;
  const update = 'run `tool-catalog verify --update` to record what the runtime offers';
  if (!pinned) return [];
  const out: PendingDiagnostic[] = [];
  for (const c of model.runtimes) {
    const record = pinned.runtime.configurations[c.name];
    if (!record)
      out.push({
        code: DIAGNOSTIC_CODES.surfaceNotRecorded,
        severity: 'warning',
        message: `The runtime configuration '${c.name}' is not recorded for SDK ${pinned.sdk}; ${update}.`,
        at,
      });
    else if (!sameFacts(c, record))
      out.push({
        code: DIAGNOSTIC_CODES.surfaceNotRecorded,
        severity: 'warning',
        message:
          `The runtime configuration '${c.name}' changed since SDK ${pinned.sdk}'s ` +
          `surface was recorded; ${update}.`,
        at,
      });
  }
  const surfaces = runtimeSurfaces(model);
  const unrecorded = [...new Set(surfaces.flatMap((s) => s.unrecorded))];
  if (unrecorded.length > 0 && surfaces.some((s) => s.recorded))
    out.push({
      code: DIAGNOSTIC_CODES.surfaceNotRecorded,
      severity: 'warning',
      message:
        `${unrecorded.join(', ')} ${unrecorded.length === 1 ? 'is' : 'are'} not ` +
        `in the recorded surface of SDK ${pinned.sdk}; ${update}.`,
      at,
    });
  for (const t of model.tools) {
    if (t.kind !== 'sdk' || t.offer !== 'direct') continue;
    const deferring = surfaces
      .filter((s) => s.toolSearch && s.deferred.includes(t.key))
      .map((s) => `'${s.name}'`);
    if (deferring.length > 0)
      out.push({
        code: DIAGNOSTIC_CODES.surfaceContradicted,
        severity: 'error',
        message:
          `Tool '${t.key}' says offer: 'direct', but SDK ${pinned.sdk} defers it ` +
          `behind ToolSearch in ${deferring.join(', ')}; the SDK has no per-tool ` +
          `control for built-ins: say offer: 'deferred', or turn tool search off ` +
          `in ${deferring.length === 1 ? 'that configuration' : 'those configurations'}.`,
        at: { file: `${model.config.rootDir}/${t.source}`, path: [t.key, 'offer'], scope: 'tools' },
      });
  }
  return out;
}
