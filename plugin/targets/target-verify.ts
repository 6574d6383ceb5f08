// What `tool-catalog verify --target <name>` asks of a target other than the Claude Agent SDK (whose
// verify drives the real runtime, plugin/verify/): run every context, caller and subagent of the
// policy snapshot through the generated options on the SDK's own test model, and compare each step's
// offered tools with the policy.
import type { CatalogModel } from '../model/catalog-model.js';

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
export interface TargetLeak {
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

/** A run with no difference and no error. */
export const runIsClean = (run: TargetRun) =>
  run.error === undefined &&
  run.offeredButDisallowed.length === 0 &&
  run.allowedButNotOffered.length === 0 &&
  run.offeredNotInCatalog.length === 0;
