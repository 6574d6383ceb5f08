// The flags `resolve` and `explain` share — `--ctx`, `--disabled`, `--overlay`, `--other-server`, `--caller` —
// turned into policy inputs (a name the catalog does not know is a usage error with a suggestion), and
// the catalog they apply to, loaded through the project's front door.
import type { CatalogModel } from '../model/catalog-model.js';
import { unknownCallerProblem } from '../model/callers.js';
import { policyTablesOf } from '../model/policy-tables.js';
import { normaliseOptOuts } from '../runtime/read-opt-outs.js';
import type { AgentToolSettings, ResolveOptions } from '../runtime/policy.js';
import { didYouMean } from '../diagnostics/field-schema.js';
import { preparePolicy, type PolicyTables } from '../runtime/policy-tables.js';
import { closestName } from '../runtime/spelling.js';
import { UsageError, type CommandIO, type ParsedArgs } from './command.js';
import { loadCommandProject, reportFailedProject, singleModel } from './project-input.js';

export interface PolicyInputs {
  readonly agent: AgentToolSettings;
  /** Plain booleans by context field; conditions not given are absent (treated as false). */
  readonly context: Readonly<Record<string, boolean>>;
  readonly options: ResolveOptions;
  /** `--caller`: the declared caller whose groups select the offered tools. */
  readonly caller?: string;
  /** `--runtime`: a declared runtime configuration (default: the catalog's first). */
  readonly runtime?: string;
  /** `--agent`: a declared subagent whose offer is shown instead of the session's. */
  readonly subagent?: string;
  /** `--other-server`: servers the app connects itself, whose opt-out entries are handed on as written. */
  readonly otherServers: readonly string[];
}

export type LoadedPolicy =
  | { readonly model: CatalogModel; readonly tables: Required<PolicyTables> }
  | { readonly exitCode: number };

/** The model and policy tables of the catalog named by `--catalog` (or the config's only one); never renders. */
export async function loadPolicy(
  values: ParsedArgs['values'],
  io: CommandIO,
): Promise<LoadedPolicy> {
  const project = await loadCommandProject(values, io);
  const failed = reportFailedProject(project, values, io);
  if (failed !== undefined) return { exitCode: failed };
  const model = singleModel(project);
  return { model, tables: policyTablesOf(model) };
}

const list = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter((x): x is string => typeof x === 'string')
    : typeof v === 'string'
      ? [v]
      : [];

/** `--ctx workspace-has-git=true` or `--ctx workspaceHasGit=false`; anything else is a usage error. */
export function parseContextFlags(
  flags: readonly string[],
  tables: PolicyTables,
): Record<string, boolean> {
  const context: Record<string, boolean> = {};
  const known = tables.conditions.map((c) => `${c.name} (${c.field})`).join(', ') || 'none';
  for (const flag of flags) {
    const match = /^([^=]+)=(true|false)$/.exec(flag.trim());
    if (!match)
      throw new UsageError(
        `--ctx '${flag}' must be <condition>=true or <condition>=false, e.g. --ctx workspace-has-git=true.`,
      );
    const condition = tables.conditions.find((c) => c.name === match[1] || c.field === match[1]);
    if (!condition) {
      const guess = closestName(
        match[1]!,
        tables.conditions.flatMap((c) => [c.name, c.field]),
      );
      throw new UsageError(
        `--ctx '${flag}': catalog '${tables.catalog}' has no condition '` +
          `${match[1]}'; its conditions are: ${known}.` +
          `${guess ? ` Did you mean '${guess}'?` : ''}`,
      );
    }
    context[condition.field] = match[2] === 'true';
  }
  return context;
}

/**
 * `--disabled` and `--overlay` entries in today's names; a name no tool, server or pattern of the catalog
 * explains is a usage error with a suggestion. An entry naming a tool users cannot switch (`--disabled
 * Agent`) is kept: `resolve` and `explain` say what it does. `otherServers`: servers the app connects
 * itself (`--other-server`, verify's `--mcp-config`), whose entries are handed on as written.
 */
export function checkedPolicyEntries(
  tables: PolicyTables,
  flag: '--disabled' | '--overlay',
  entries: readonly string[],
  otherServers: readonly string[] = [],
): string[] {
  const p = preparePolicy(tables);
  return entries.map((entry) => {
    const read = normaliseOptOuts(p, [entry], { otherServers });
    const unknown = read.unknown.find((u) => u.key === undefined);
    if (unknown)
      throw new UsageError(
        `${flag} '${entry}': ${unknown.reason}.${unknown.suggestion ? ` Did you mean '${unknown.suggestion}'?` : ''}`,
      );
    return read.migrated[0]?.to ?? entry;
  });
}

export function policyInputs(
  values: ParsedArgs['values'],
  model: CatalogModel,
  tables: PolicyTables,
): PolicyInputs {
  const otherServers = list(values['other-server']);
  const overlay = checkedPolicyEntries(tables, '--overlay', list(values.overlay), otherServers);
  const caller = typeof values.caller === 'string' ? values.caller : undefined;
  const callerProblem = caller === undefined ? undefined : unknownCallerProblem(model, caller);
  if (callerProblem) throw new UsageError(`--caller '${caller}': ${callerProblem}`);
  const runtime = typeof values.runtime === 'string' ? values.runtime : undefined;
  const runtimes = model.runtimes.map((r) => r.name);
  if (runtime !== undefined && !runtimes.includes(runtime))
    throw new UsageError(
      `--runtime '${runtime}': catalog '${model.name}' declares the runtime ` +
        `configurations ${runtimes.join(', ')}.${didYouMean(runtime, runtimes)}`,
    );
  const subagent = typeof values.agent === 'string' ? values.agent : undefined;
  const agents = model.agents.map((a) => a.name);
  if (subagent !== undefined && !agents.includes(subagent))
    throw new UsageError(
      agents.length === 0
        ? `--agent '${subagent}': catalog '${model.name}' declares no subagents.`
        : `--agent '${subagent}': catalog '${model.name}' declares the subagents ` +
            `${agents.join(', ')}.${didYouMean(subagent, agents)}`,
    );
  return {
    agent: {
      disabledTools: checkedPolicyEntries(
        tables,
        '--disabled',
        list(values.disabled),
        otherServers,
      ),
    },
    context: parseContextFlags(list(values.ctx), tables),
    options: overlay.length > 0 ? { overlay } : {},
    ...(caller !== undefined ? { caller } : {}),
    ...(runtime !== undefined ? { runtime } : {}),
    ...(subagent !== undefined ? { subagent } : {}),
    otherServers,
  };
}

/** Each condition's value as the policy reads it: `true`, `false`, or `null` when not given. */
export function contextReport(
  tables: PolicyTables,
  context: Readonly<Record<string, boolean>>,
): Record<string, boolean | null> {
  return Object.fromEntries(
    tables.conditions.map((c) => [c.name, c.field in context ? context[c.field]! : null]),
  );
}

/** `workspace-has-git=true, agent-has-channel=not set (false)` */
export function describeContext(
  tables: PolicyTables,
  context: Readonly<Record<string, boolean>>,
): string {
  if (tables.conditions.length === 0) return 'no conditions';
  return tables.conditions
    .map((c) => `${c.name}=${c.field in context ? String(context[c.field]) : 'not set (false)'}`)
    .join(', ');
}
