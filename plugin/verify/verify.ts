// `verify`'s core: for every context of the policy snapshot (or the one `--ctx` gives) and every caller,
// start the real runtime with the session an app would build, read what the model is offered from the
// first request, and compare it with the policy. Runs go in parallel, about one per core.
import os from 'node:os';
import type { McpServerConfig } from '@anthropic-ai/claude-agent-sdk';
import type { CatalogModel } from '../model/catalog-model.js';
import { policyTablesOf } from '../model/policy-tables.js';
import { conditionCombinations } from '../policy/policy-matrix.js';
import { markDisallowedTools, resolveToolPolicy, type ResolveOptions } from '../runtime/policy.js';
import { mcpServerOf } from '../runtime/policy-tables.js';
import { loadAppCode } from './app-code.js';
import { loadClaudeRuntime, type ClaudeRuntime } from './claude-runtime.js';
import { compareOffer, isClean, type Findings } from './compare.js';
import { emitOutcome, type EmitOutcome } from './emit-outcome.js';
import { startFakeApi } from './fake-api.js';
import { runQuery } from './run-query.js';
import { VerifySetupProblem } from './problems.js';
import { buildRunSession, type SessionPlan } from './session-setup.js';

const NO_FINDINGS: Findings = {
  offeredButDisallowed: [],
  allowedButNotOffered: [],
  offeredNotInCatalog: [],
  notes: [],
};

export interface VerifyOptions {
  /** Contexts as plain booleans by field; default: every combination of the policy snapshot. */
  readonly contexts?: readonly { readonly id: string; readonly context: Readonly<Record<string, boolean>> }[];
  /** Callers to run (catalogs with callers); default: every declared caller. */
  readonly callers?: readonly string[];
  readonly disabledTools?: readonly string[];
  readonly overlay?: readonly string[];
  /** The fake model calls this tool in each run's first turn. */
  readonly emit?: string;
  /** Environment the runtime gets on top of verify's own (`--env`). */
  readonly env?: Readonly<Record<string, string>>;
  /** External MCP servers the app connects itself (`--mcp-config`). */
  readonly externalServers?: Readonly<Record<string, McpServerConfig>>;
  /** Runs at once; default: the number of cores. */
  readonly concurrency?: number;
  /** Per run, milliseconds; default 60,000. */
  readonly timeoutMs?: number;
  /** The runtime binary to start instead of the SDK's (tests). */
  readonly binary?: string;
  /** Changes each session before its run (tests plant leaks with it). */
  readonly adjust?: SessionPlan['adjust'];
}

export interface RunReport {
  /** `C1`…, as in policy.md, or `given` for `--ctx`. */
  readonly context: string;
  /** Each condition's value, by its declared name. */
  readonly conditions: Readonly<Record<string, boolean>>;
  readonly caller?: string;
  /** What the model was offered (first turn plus deferred tools), in the runtime's order. */
  readonly offered: readonly string[];
  /** Of those, the ones announced as deferred (tool-search mode): callable, their definitions loaded on demand. */
  readonly deferred: readonly string[];
  readonly findings: Findings;
  readonly emit?: EmitOutcome;
  /** The run itself failed (timeout, runtime exit, a server that did not connect): verify fails. */
  readonly error?: string;
  readonly durationMs: number;
}

export interface VerifyReport {
  readonly catalog: string;
  readonly runtime: { readonly binary: string; readonly version: string };
  readonly concurrency: number;
  readonly runs: readonly RunReport[];
  readonly ok: boolean;
  readonly durationMs: number;
}

/** Runs `tasks` with at most `limit` at once, results in task order. */
async function pool<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

export async function verifyCatalog(model: CatalogModel, options: VerifyOptions = {}): Promise<VerifyReport> {
  const started = Date.now();
  const runtime: ClaudeRuntime = await loadClaudeRuntime(model.config.rootDir, options.binary);
  const tables = policyTablesOf(model);
  const appCode = await loadAppCode(model);
  const contexts = options.contexts ?? conditionCombinations(tables).combinations;
  const declared = Object.keys(model.callers);
  const callers: readonly (string | undefined)[] = declared.length === 0 ? [undefined] : (options.callers ?? declared);
  const resolveOptions: ResolveOptions =
    options.overlay && options.overlay.length > 0 ? { overlay: options.overlay } : {};
  const agent = { disabledTools: options.disabledTools ?? [] };
  const plan: SessionPlan = {
    model,
    tables,
    sdk: runtime.sdk,
    appCode,
    agent,
    options: resolveOptions,
    externalServers: options.externalServers ?? {},
    ...(options.adjust ? { adjust: options.adjust } : {}),
  };
  const env = options.env ?? {};
  const concurrency = Math.max(1, options.concurrency ?? os.availableParallelism());
  const names = (context: Readonly<Record<string, boolean>>) =>
    Object.fromEntries(tables.conditions.map((c) => [c.name, context[c.field] === true]));
  const api = await startFakeApi();
  try {
    const tasks = contexts.flatMap(({ id, context }) =>
      callers.map((caller) => async (): Promise<RunReport> => {
        let session: ReturnType<typeof buildRunSession>;
        try {
          session = buildRunSession(plan, context, caller);
        } catch (error) {
          // The run cannot start: it fails with the reason, and the other runs go on.
          const message =
            error instanceof VerifySetupProblem
              ? error.message
              : `setting up the session failed: ${error instanceof Error ? error.message : String(error)}`;
          return {
            context: id,
            conditions: names(context),
            ...(caller !== undefined ? { caller } : {}),
            offered: [],
            deferred: [],
            findings: NO_FINDINGS,
            error: message,
            durationMs: 0,
          };
        }
        const run = await runQuery({
          runtime,
          api,
          session: session.options,
          env,
          timeoutMs: options.timeoutMs ?? 60_000,
          ...(options.emit !== undefined ? { emit: options.emit } : {}),
        });
        const offered = [...new Set([...(run.offered ?? []), ...run.deferred])];
        const unconnected = run.unconnected.map((s) => `${s.name} (${s.status})`);
        const error =
          run.error ??
          (run.offered === undefined
            ? 'the runtime sent no request to the model'
            : unconnected.length > 0
              ? `MCP servers did not connect: ${unconnected.join(', ')}`
              : undefined);
        // A failed run is reported as failed, not compared: its offer is missing or incomplete.
        const findings =
          error !== undefined
            ? NO_FINDINGS
            : compareOffer({
                model,
                marks: markDisallowedTools(tables, agent, context, resolveOptions),
                disallowed: resolveToolPolicy(tables, agent, context, resolveOptions).disallowedTools,
                ...(caller !== undefined ? { caller } : {}),
                ...(session.selection ? { selection: session.selection } : {}),
                env,
                externalServers: Object.keys(plan.externalServers),
                dropped: session.dropped,
                offered,
              });
        return {
          context: id,
          conditions: names(context),
          ...(caller !== undefined ? { caller } : {}),
          offered,
          deferred: run.deferred,
          findings,
          ...(options.emit !== undefined
            ? {
                emit: emitOutcome(
                  options.emit,
                  run,
                  session.ran,
                  session.denials,
                  model.servers.includes(mcpServerOf(options.emit) ?? ''),
                ),
              }
            : {}),
          ...(error !== undefined ? { error } : {}),
          durationMs: run.durationMs,
        };
      }),
    );
    const runs = await pool(tasks, concurrency);
    return {
      catalog: model.name,
      runtime: { binary: runtime.binary, version: runtime.version },
      concurrency,
      runs,
      ok: runs.every((r) => r.error === undefined && isClean(r.findings)),
      durationMs: Date.now() - started,
    };
  } finally {
    await api.stop();
  }
}
