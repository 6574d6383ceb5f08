// What `tool-catalog verify --target <name>` asks of a target other than the Claude Agent SDK (whose
// verify drives the real runtime, plugin/verify/): run every context, caller and subagent of the
// policy snapshot through the generated options on the SDK's own test model, and compare each step's
// offered tools with the policy.
import type { CatalogModel } from '../model/catalog-model.js';
import { policyTablesOf } from '../model/policy-tables.js';
import { conditionCombinations } from '../policy/policy-matrix.js';
import type { AppCode } from '../verify/app-code.js';

export interface TargetVerifyOptions {
  /** Contexts as plain booleans by field; default: every combination of the policy snapshot. */
  readonly contexts?: readonly {
    readonly id: string;
    readonly context: Readonly<Record<string, boolean>>;
  }[];
  /** Callers to run (catalogs with callers); default: every declared caller. */
  readonly callers?: readonly string[];
  readonly disabledTools?: readonly string[];
  readonly overlay?: readonly string[];
  /** The test model calls this tool (a tool name of the target's SDK) in each run's first step. */
  readonly emit?: string;
  /** Another installed copy of the SDK than the project's own (`--sdk`): a package name (an npm alias). */
  readonly sdk?: string;
  /** Changes each call's options before its run (tests plant leaks with it). */
  readonly adjust?: (options: Record<string, unknown>) => Record<string, unknown>;
}

/** One tool offered though the policy leaves it out, with why. */
interface TargetLeak {
  readonly name: string;
  readonly reason: string;
}

export interface TargetRun {
  /** The context's id (`C1`) and its values. */
  readonly context: string;
  readonly values: Readonly<Record<string, boolean>>;
  readonly caller?: string;
  /** The subagent whose nested call this run read; undefined: the parent call. */
  readonly subagent?: string;
  /** What the SDK sent the test model in the first step (tool names, sorted). */
  readonly offered: readonly string[];
  /** What the policy offers, in the target's names (sorted). */
  readonly expected: readonly string[];
  readonly offeredButDisallowed: readonly TargetLeak[];
  readonly allowedButNotOffered: readonly string[];
  /** Offered names no catalog tool or subagent has. */
  readonly offeredNotInCatalog: readonly string[];
  /** What happened to the `--emit` call. */
  readonly emit?: { readonly tool: string; readonly outcome: string; readonly detail: string };
  /** Set when the run itself failed. */
  readonly error?: string;
}

export interface TargetVerifyReport {
  readonly catalog: string;
  readonly target: string;
  /** The SDK package that ran, and its version. */
  readonly sdk: { readonly package: string; readonly version: string };
  readonly runs: readonly TargetRun[];
  readonly ok: boolean;
  readonly durationMs: number;
}

export interface TargetVerifier {
  verify(model: CatalogModel, options: TargetVerifyOptions): Promise<TargetVerifyReport>;
  format(report: TargetVerifyReport): string;
}

/**
 * What a verify runs: the contexts and callers asked for, or every combination of the policy
 * snapshot and every declared caller (a catalog without callers: one run without one).
 */
export function plannedRuns(model: CatalogModel, options: TargetVerifyOptions) {
  const contexts = options.contexts ?? conditionCombinations(policyTablesOf(model)).combinations;
  const declared = Object.keys(model.callers);
  const callers: readonly (string | undefined)[] =
    declared.length === 0 ? [undefined] : (options.callers ?? declared);
  return { contexts, callers };
}

/** What every run of a verify shares: the catalog, the SDK, the app's code and the options' inputs. */
export const sharedSetup = <Sdk>(
  model: CatalogModel,
  sdk: Sdk,
  appCode: AppCode,
  options: TargetVerifyOptions,
) => ({
  model,
  sdk,
  appCode,
  agent: { disabledTools: options.disabledTools ?? [] },
  overlay: options.overlay ?? [],
  ...(options.adjust ? { adjust: options.adjust } : {}),
});

/** A run with no difference and no error. */
export const runIsClean = (run: TargetRun) =>
  run.error === undefined &&
  run.offeredButDisallowed.length === 0 &&
  run.allowedButNotOffered.length === 0 &&
  run.offeredNotInCatalog.length === 0;

/** The report of a verify's runs, started at `started` (ms), on the SDK package that ran. */
export const targetReport = (
  model: CatalogModel,
  target: string,
  sdk: { readonly package: string; readonly version: string },
  runs: readonly TargetRun[],
  started: number,
): TargetVerifyReport => ({
  catalog: model.name,
  target,
  sdk: { package: sdk.package, version: sdk.version },
  runs,
  ok: runs.every(runIsClean),
  durationMs: Date.now() - started,
});

/** What the policy offers one run in a target's names, and why each other name of the catalog is out. */
export interface TargetExpectation {
  readonly expected: ReadonlySet<string>;
  readonly why: ReadonlyMap<string, string>;
}

/** The findings of one run's first turn: what it offered beyond the policy, and what it left out. */
export function findings(
  offered: readonly string[],
  { expected, why }: TargetExpectation,
): Pick<
  TargetRun,
  'offeredButDisallowed' | 'allowedButNotOffered' | 'offeredNotInCatalog' | 'expected'
> {
  const leaks: TargetLeak[] = [];
  const strangers: string[] = [];
  for (const name of offered) {
    if (expected.has(name)) continue;
    const reason = why.get(name);
    if (reason !== undefined) leaks.push({ name, reason });
    else strangers.push(name);
  }
  return {
    expected: [...expected].sort(),
    offeredButDisallowed: leaks,
    allowedButNotOffered: [...expected].filter((n) => !offered.includes(n)).sort(),
    offeredNotInCatalog: strangers,
  };
}

/** A run that failed before its findings: the error instead. */
export function failedRun(
  head: Pick<TargetRun, 'context' | 'values' | 'caller'>,
  error: unknown,
): TargetRun {
  return {
    ...head,
    offered: [],
    expected: [],
    offeredButDisallowed: [],
    allowedButNotOffered: [],
    offeredNotInCatalog: [],
    error: error instanceof Error ? error.message : String(error),
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function runLines(run: TargetRun): string[] {
  const values = Object.entries(run.values)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  const who =
    run.subagent !== undefined
      ? `  subagent ${run.subagent}`
      : `${run.context}${run.caller ? ` caller ${run.caller}` : ''}${values ? ` (${values})` : ''}`;
  const verdict =
    run.error !== undefined
      ? 'FAILED'
      : runIsClean(run)
        ? 'equals the policy'
        : 'DIFFERS from the policy';
  const indent = run.subagent !== undefined ? '    ' : '  ';
  const lines = [
    `${who}: ${verdict} — ${run.offered.length} offered${run.offered.length > 0 ? `: ${run.offered.join(', ')}` : ''}`,
  ];
  if (run.error !== undefined) lines.push(`${indent}error: ${run.error}`);
  for (const leak of run.offeredButDisallowed)
    lines.push(`${indent}offered but disallowed: ${leak.name} — ${leak.reason}`);
  for (const name of run.allowedButNotOffered)
    lines.push(`${indent}allowed but not offered: ${name}`);
  for (const name of run.offeredNotInCatalog)
    lines.push(`${indent}offered but not in the catalog: ${name}`);
  if (run.emit)
    lines.push(
      `${indent}emit ${run.emit.tool}: ${run.emit.outcome}${run.emit.detail ? ` — ${run.emit.detail}` : ''}`,
    );
  return lines;
}

/** A verify report as printed: what ran, each run's verdict and findings, the summary line. */
export function formatTargetReport(
  report: TargetVerifyReport,
  /** What one run is called (`call` for an AI SDK call, `run` for an agent's run). */
  unit: string,
): string {
  const calls = report.runs.filter((r) => r.subagent === undefined).length;
  const nested = report.runs.length - calls;
  const all = plural(report.runs.length, unit);
  const took = `${(report.durationMs / 1000).toFixed(1)} s`;
  const failing = report.runs.filter((r) => !runIsClean(r)).length;
  const lines = [
    `catalog ${report.catalog}: ${report.target} target on ${report.sdk.package} ${report.sdk.version} (its test model), ` +
      `${plural(calls, unit)}${nested > 0 ? ` and ${plural(nested, `subagent ${unit}`)}` : ''}`,
    '',
    ...report.runs.flatMap(runLines),
    '',
    report.ok
      ? `verify --target ${report.target}: what the model is offered equals the policy in ${report.runs.length === 1 ? `the one ${unit}` : `all ${all}`} (${took}).`
      : `verify --target ${report.target}: ${plural(failing, unit)} of ${report.runs.length} differ from the policy or failed (${took}).`,
  ];
  return `${lines.join('\n')}\n`;
}
