// One verify run in one context, for one caller and runtime configuration: the session an app builds,
// the real runtime started with it, what the first request offered read back, and the comparison
// with the offer `computeOffer` gives (plus what happened to an emitted call).
import type { RuntimeConfigurationModel } from '../model/catalog-model.js';
import { AGENT } from '../runtime/agent-offer.js';
import { SKILL } from '../runtime/offer.js';
import { mcpServerOf } from '../runtime/policy-tables.js';
import type { ClaudeRuntime } from './claude-runtime.js';
import { compareOffer, isClean, type Findings } from './compare.js';
import { emitOutcome, type EmitOutcome } from './emit-outcome.js';
import type { FakeApi } from './fake-api.js';
import { VerifySetupProblem } from './problems.js';
import { readOffer, type LiveOffer } from './read-offer.js';
import { configurationEnv } from './run-configuration.js';
import { runQuery, type QueryRun } from './run-query.js';
import { buildRunSession, type SessionPlan } from './session-setup.js';
import { skillReports, type SkillReport } from './skill-report.js';

export interface RunReport {
  /** `C1`…, as in policy.md, or `given` for `--ctx`. */
  readonly context: string;
  /** Each condition's value, by its declared name. */
  readonly conditions: Readonly<Record<string, boolean>>;
  readonly caller?: string;
  /** The runtime configuration. */
  readonly runtime: string;
  /** What the model was offered: the first request's tools plus the deferred ones, in the runtime's order. */
  readonly offered: readonly string[];
  /** Of those, the deferred ones (named only; loaded through ToolSearch). */
  readonly deferred: readonly string[];
  readonly findings: Findings;
  /** No finding fails the run. */
  readonly clean: boolean;
  readonly emit?: EmitOutcome;
  /** What each offered subagent was offered in its own first request, compared with its offer. */
  readonly subagents?: readonly SubagentReport[];
  /** The project skills the session loads: what each lists against the offer, and how its run went. */
  readonly skills?: readonly SkillReport[];
  /** What the model was offered in the turn after the skills ran, compared with the same offer. */
  readonly afterSkills?: Findings;
  /** The check whose run of the runtime served this one too (the same session options). */
  readonly sharesRunOf?: string;
  /** The run itself failed (timeout, runtime exit, a server that did not connect): verify fails. */
  readonly error?: string;
  readonly durationMs: number;
}

interface SubagentReport {
  readonly name: string;
  readonly offered: readonly string[];
  readonly deferred: readonly string[];
  readonly findings: Findings;
  readonly clean: boolean;
  /** It never asked the model anything: the runtime did not start it. */
  readonly error?: string;
}

export interface ContextRunInput {
  readonly plan: SessionPlan;
  readonly runtime: ClaudeRuntime;
  readonly api: FakeApi;
  readonly configuration: RuntimeConfigurationModel;
  readonly context: { readonly id: string; readonly context: Readonly<Record<string, boolean>> };
  readonly caller: string | undefined;
  readonly env: Readonly<Record<string, string>>;
  readonly allowEnvOverride: boolean;
  readonly timeoutMs: number;
  readonly emit?: string;
  /** With `emit`: the subagent that makes the call (the main turn starts it). */
  readonly emitFrom?: string;
  /**
   * Start every subagent the session offers, run every project skill, and compare what each is
   * offered (not with `emit`).
   */
  readonly subagents?: boolean;
  /**
   * Runs of the runtime by the session they were given (`sessionKey`): a run whose session options
   * equal an earlier one's reads that run's requests instead of starting the runtime again.
   */
  readonly shared?: Map<string, { readonly first: string; readonly run: Promise<QueryRun> }>;
  /** Runs the runtime when a slot is free (verify's concurrency); default: at once. */
  readonly limit?: <T>(work: () => Promise<T>) => Promise<T>;
}

/**
 * Everything of a session that decides what the runtime offers, in one string: the configuration, the
 * SDK lists, the in-process tools offered, subagents and skills. Two runs with the same key give the
 * runtime the same options; an emitting run is never shared (the guard's verdict depends on the context).
 */
function sessionKey(
  input: ContextRunInput,
  session: ReturnType<typeof buildRunSession>,
  delegate: readonly string[],
  skills: readonly { readonly name: string }[],
) {
  if (input.emit !== undefined) return undefined;
  const o = session.options as Record<string, unknown>;
  const offered = session.offer.tools.filter((t) => t.state !== 'absent').flatMap((t) => t.names);
  return JSON.stringify([
    input.configuration.name,
    o.tools,
    o.allowedTools,
    o.disallowedTools,
    o.agents ?? null,
    o.skills ?? null,
    o.settingSources ?? null,
    offered,
    session.offer.extraNames,
    session.dropped,
    delegate,
    skills.map((s) => s.name),
  ]);
}

/** Findings of a run that found nothing (and of one that failed, which is not compared). */
export const NO_FINDINGS: Findings = {
  offeredButDisallowed: [],
  allowedButNotOffered: [],
  stateDiffers: [],
  offeredNotInCatalog: [],
  notes: [],
};

export async function runContext(input: ContextRunInput): Promise<RunReport> {
  const { plan, configuration: c, caller } = input;
  const conditions = Object.fromEntries(
    plan.model.conditions.map((condition) => [
      condition.name,
      input.context.context[condition.field] === true,
    ]),
  );
  const head = {
    context: input.context.id,
    conditions,
    ...(caller !== undefined ? { caller } : {}),
    runtime: c.name,
  };
  let session: ReturnType<typeof buildRunSession>;
  try {
    session = buildRunSession(plan, input.context.context, caller, c.name);
  } catch (error) {
    // The run cannot start: it fails with the reason, and the other runs go on.
    const message =
      error instanceof VerifySetupProblem
        ? error.message
        : `setting up the session failed: ${error instanceof Error ? error.message : String(error)}`;
    return {
      ...head,
      offered: [],
      deferred: [],
      findings: NO_FINDINGS,
      clean: false,
      error: message,
      durationMs: 0,
    };
  }
  const delegate =
    input.subagents && input.emit === undefined && session.offer.stateOf(AGENT) !== 'absent'
      ? session.offer.agents.filter((a) => a.offered).map((a) => a.name)
      : [];
  // A skill runs through the Skill tool: where the session leaves it out, the skills are only read.
  const runSkills =
    input.subagents && input.emit === undefined && session.offer.stateOf(SKILL) !== 'absent'
      ? (plan.skills ?? [])
      : [];
  const limit = input.limit ?? ((work) => work());
  const start = () =>
    limit(() =>
      runQuery({
        runtime: input.runtime,
        api: input.api,
        session: session.options,
        env: { ...configurationEnv(c), ...input.env },
        allowEnvOverride: input.allowEnvOverride,
        ...(c.model !== undefined ? { model: c.model } : {}),
        permissionCallback: c.permissionCallback,
        timeoutMs: input.timeoutMs,
        ...(input.emit !== undefined ? { emit: input.emit } : {}),
        ...(input.emit !== undefined && input.emitFrom !== undefined
          ? { emitFrom: input.emitFrom }
          : {}),
        ...(delegate.length > 0 ? { delegate } : {}),
        ...(runSkills.length > 0 ? { skills: runSkills } : {}),
      }),
    );
  const key = input.shared ? sessionKey(input, session, delegate, runSkills) : undefined;
  const earlier = key !== undefined ? input.shared!.get(key) : undefined;
  const label = `${input.context.id}${caller !== undefined ? ` caller ${caller}` : ''}`;
  if (key !== undefined && !earlier) input.shared!.set(key, { first: label, run: start() });
  const run = await (key !== undefined ? input.shared!.get(key)!.run : start());
  const asked = (name: string) =>
    session.offer.stateOf(name) !== 'absent' ||
    session.offer.tools.some((o) => o.names.includes(name));
  const live = readOffer(run.firstTurn, asked);
  // What a turn offered, against the session's offer.
  const compareLive = (offered: LiveOffer) =>
    compareOffer({
      model: plan.model,
      offer: session.offer,
      live: offered,
      externalServers: Object.keys(plan.externalServers),
      dropped: session.dropped,
    });
  const unconnected = run.unconnected.map((s) => `${s.name} (${s.status})`);
  const error =
    run.error ??
    (run.firstTurn === undefined
      ? 'the runtime sent no request to the model'
      : unconnected.length > 0
        ? `MCP servers did not connect: ${unconnected.join(', ')}`
        : undefined);
  // A failed run is reported as failed, not compared: its offer is missing or incomplete.
  const compared = error !== undefined ? NO_FINDINGS : compareLive(live);
  const findings =
    earlier && error === undefined
      ? {
          ...compared,
          notes: [
            ...compared.notes,
            `the same session options as ${earlier.first}: one run of the runtime serves both`,
          ],
        }
      : compared;
  const subagents =
    error !== undefined
      ? []
      : delegate.map((name) => subagentReport(name, run.subagentTurns.get(name), plan, session));
  const skills = skillReports(
    plan.model,
    plan.skills ?? [],
    session.offer,
    error === undefined ? run : undefined,
  );
  // A skill may not change what the model is offered: the turn after the skills ran is compared too.
  const afterSkills =
    error === undefined && runSkills.length > 0 && run.secondTurn !== undefined
      ? compareLive(readOffer(run.secondTurn, asked))
      : undefined;
  return {
    ...head,
    offered: [...live.direct, ...live.deferred],
    deferred: live.deferred,
    findings,
    clean:
      error === undefined &&
      isClean(findings) &&
      subagents.every((a) => a.clean) &&
      skills.every((s) => s.clean) &&
      (afterSkills === undefined || isClean(afterSkills)),
    ...(subagents.length > 0 ? { subagents } : {}),
    ...(skills.length > 0 ? { skills } : {}),
    ...(afterSkills !== undefined ? { afterSkills } : {}),
    ...(input.emit !== undefined
      ? {
          emit: emitOutcome(
            input.emit,
            run,
            session.ran,
            session.denials,
            plan.model.servers.includes(mcpServerOf(input.emit) ?? ''),
            session.guardCalls,
          ),
        }
      : {}),
    ...(earlier ? { sharesRunOf: earlier.first } : {}),
    ...(error !== undefined ? { error } : {}),
    durationMs: earlier ? 0 : run.durationMs,
  };
}

/** One subagent's first request read back and compared with its share of the session's offer. */
function subagentReport(
  name: string,
  turn: Parameters<typeof readOffer>[0],
  plan: SessionPlan,
  session: ReturnType<typeof buildRunSession>,
): SubagentReport {
  const agent = session.offer.agents.find((a) => a.name === name)!;
  if (turn === undefined)
    return {
      name,
      offered: [],
      deferred: [],
      findings: NO_FINDINGS,
      clean: false,
      error: `subagent ${name} was started but never asked the model anything`,
    };
  const live = readOffer(turn, (n) => agent.tools.some((o) => o.names.includes(n)));
  const findings = compareOffer({
    model: plan.model,
    // The subagent's offer in the session's shape: its tools; names resolved at run time are the session's only.
    offer: {
      ...session.offer,
      tools: agent.tools,
      extraNames: [],
      toolSearchActive: agent.toolSearchActive,
    },
    live,
    externalServers: Object.keys(plan.externalServers),
    dropped: [],
  });
  return {
    name,
    offered: [...live.direct, ...live.deferred],
    deferred: live.deferred,
    findings,
    clean: isClean(findings),
  };
}
