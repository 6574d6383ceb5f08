// What the `resolve`, `explain` and `report` commands share: compiling the selected catalog through
// the one `generate` core, and turning `--ctx`, `--disabled`, `--overlay` and `--caller` into policy inputs.
import { generate } from '../generate';
import { COMMON_OPTIONS, UsageError, type CommandIO, type OptionSpec, type ParsedArgs } from '../cli/command';
import { diagnosticsJson, printDiagnostics } from '../cli/report-diagnostics';
import type { CatalogModel } from '../model/catalog-model';
import type { AgentToolSettings, ResolveOptions } from '../runtime/policy';
import type { PolicyTables } from '../runtime/policy-tables';
import { DIAGNOSTIC_CODES } from '../validate/diagnostics';
import { policyTablesOf } from './build-policy-tables';

/** Flags of `resolve` and `explain` (SPEC §4). */
export const POLICY_INPUT_OPTIONS: OptionSpec = {
  ...COMMON_OPTIONS,
  ctx: { type: 'string', multiple: true },
  disabled: { type: 'string', multiple: true },
  overlay: { type: 'string', multiple: true },
  caller: { type: 'string' },
};

export interface PolicyInputs {
  readonly agent: AgentToolSettings;
  /** Plain booleans by context field; conditions not given are absent (treated as false). */
  readonly context: Readonly<Record<string, boolean>>;
  readonly options: ResolveOptions;
  /** `--caller`: the declared caller whose groups select the offered tools. */
  readonly caller?: string;
}

export type LoadedPolicy = { readonly model: CatalogModel; readonly tables: Required<PolicyTables> } | { readonly exitCode: number };

/** Compiles the catalog named by `--catalog` (or the config's only one); prints diagnostics on failure. */
export async function loadPolicy(values: ParsedArgs['values'], io: CommandIO): Promise<LoadedPolicy> {
  const result = await generate({ cwd: io.cwd, config: values.config as string | undefined, catalog: values.catalog as string | undefined });
  const failed = (code: number) => {
    if (values.json) io.stdout(`${JSON.stringify({ ok: false, diagnostics: diagnosticsJson(result.diagnostics) }, null, 2)}\n`);
    else printDiagnostics(result.diagnostics, io);
    return { exitCode: code };
  };
  if (!result.ok) return failed(result.diagnostics.some((d) => d.code === DIAGNOSTIC_CODES.catalogUnknown) ? 2 : 1);
  const compiled = result.catalogs.filter((c) => c.model);
  if (compiled.length > 1) {
    throw new UsageError(`The config has ${compiled.length} catalogs (${compiled.map((c) => c.config.name).join(', ')}); choose one with --catalog <name>.`);
  }
  const model = compiled[0]?.model;
  if (!model) return failed(1);
  return { model, tables: policyTablesOf(model) };
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : []);

/** `--ctx workspace-has-git=true` or `--ctx workspaceHasGit=false`; anything else is a usage error. */
export function parseContextFlags(flags: readonly string[], tables: PolicyTables): Record<string, boolean> {
  const context: Record<string, boolean> = {};
  const known = tables.conditions.map((c) => `${c.name} (${c.field})`).join(', ') || 'none';
  for (const flag of flags) {
    const match = /^([^=]+)=(true|false)$/.exec(flag.trim());
    if (!match) throw new UsageError(`--ctx '${flag}' must be <condition>=true or <condition>=false, e.g. --ctx workspace-has-git=true.`);
    const condition = tables.conditions.find((c) => c.name === match[1] || c.field === match[1]);
    if (!condition) throw new UsageError(`--ctx '${flag}': catalog '${tables.catalog}' has no condition '${match[1]}'; its conditions are: ${known}.`);
    context[condition.field] = match[2] === 'true';
  }
  return context;
}

export function policyInputs(values: ParsedArgs['values'], tables: PolicyTables): PolicyInputs {
  const overlay = list(values.overlay);
  const caller = typeof values.caller === 'string' ? values.caller : undefined;
  return {
    agent: { disabledTools: list(values.disabled) },
    context: parseContextFlags(list(values.ctx), tables),
    options: overlay.length > 0 ? { overlay } : {},
    ...(caller !== undefined ? { caller } : {}),
  };
}

/** Each condition's value as the policy reads it: `true`, `false`, or `null` when not given. */
export function contextReport(tables: PolicyTables, context: Readonly<Record<string, boolean>>): Record<string, boolean | null> {
  return Object.fromEntries(tables.conditions.map((c) => [c.name, c.field in context ? context[c.field]! : null]));
}

/** `workspace-has-git=true, agent-has-channel=not set (false)` */
export function describeContext(tables: PolicyTables, context: Readonly<Record<string, boolean>>): string {
  if (tables.conditions.length === 0) return 'no conditions';
  return tables.conditions.map((c) => `${c.name}=${c.field in context ? String(context[c.field]) : 'not set (false)'}`).join(', ');
}
