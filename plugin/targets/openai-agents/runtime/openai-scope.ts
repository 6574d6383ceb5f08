// What one Agent (the app's, or a subagent's) offers in a run, asked by its tools' `isEnabled`, their
// guardrails and `needsApproval`, and its MCP servers' filters: the offer of the run's context,
// opt-outs and the Agent's caller, computed once per run, narrowed by the live snapshot. A run without
// the run options offers nothing: the scope fails closed.
import {
  computeOffer,
  handedOver,
  type AgentOffer,
  type ChannelRegistry,
  type OfferInput,
  type OfferSelection,
  type PolicyContext,
  type PolicyTables,
  type SessionOffer,
  type ToolOffer,
} from '../../../runtime/index.js';
import { sessionOf, type OpenAIRunSession } from './openai-run.js';

export interface ScopeInput {
  readonly tables: PolicyTables;
  /** The context the Agent's options were built with: the run's when it brings none. */
  readonly context: PolicyContext;
  readonly channels?: ChannelRegistry;
  /** The Agent's caller's selection for a run's context (absent: every catalog tool is a candidate). */
  readonly select?: (context: PolicyContext, channels?: ChannelRegistry) => OfferSelection;
  /** The runtime names each bundle entry (`fullNames: []`) built, by key. */
  readonly builtNames?: OfferInput['builtNames'];
  /** A runtime name for one of the SDK's names of this Agent's tools (for the live snapshot). */
  readonly runtimeNameOf: (name: string) => string | undefined;
}

export interface AgentScope {
  /** The run's offer now, or why the run offers nothing. */
  now(runContext: unknown): SessionOffer | string;
  /** Why a call to the tool `runtimeName` is refused now, or undefined when it is offered. */
  refusal(runContext: unknown, runtimeName: string): string | undefined;
  /** Whether a call to `runtimeName` needs the user's approval in this run. */
  asks(runContext: unknown, runtimeName: string): boolean;
  /** Why the subagent `name` is not offered now, or undefined. */
  subagentRefusal(runContext: unknown, name: string): string | undefined;
}

const NO_SESSION =
  'the run context carries no tool catalog session: spread the generated run options ' +
  '(…OpenAIRunOptions) into run()';

/** The name of the tool that starts subagents in a Claude session; here it only gates them. */
const AGENT = 'Agent';

/**
 * The subagents a run offers: those the session offers that keep a tool once Claude built-ins are
 * left out, while the catalog's `Agent` tool (when it declares one) is handed over.
 */
export function offeredSubagents(tables: PolicyTables, offer: SessionOffer): AgentOffer[] {
  const gate = offer.tools.find(
    (o) => tables.tools[o.index]!.kind === 'sdk' && o.names.includes(AGENT),
  );
  if (gate !== undefined && !handedOver(gate)) return [];
  return offer.agents.filter(
    (a) => a.offered && a.tools.some((o) => handedOver(o) && tables.tools[o.index]!.kind !== 'sdk'),
  );
}

/** Each offer's tools by runtime name, built on the first question. */
const byName = new WeakMap<SessionOffer, Map<string, ToolOffer>>();
function toolNamed(offer: SessionOffer, name: string): ToolOffer | undefined {
  let map = byName.get(offer);
  if (map === undefined) {
    map = new Map(offer.tools.flatMap((o) => o.names.map((n) => [n, o] as const)));
    byName.set(offer, map);
  }
  return map.get(name);
}

/** The scope of the app's Agent: the run's offer, narrowed by its live snapshot. */
export function rootScope(input: ScopeInput): AgentScope {
  const { tables } = input;
  const starts = new WeakMap<OpenAIRunSession, { input: OfferInput; offer: SessionOffer }>();
  const lives = new WeakMap<OpenAIRunSession, { key: string; offer: SessionOffer }>();
  const startOf = (session: OpenAIRunSession) => {
    const known = starts.get(session);
    if (known !== undefined) return known;
    const run = session.input;
    const context = run.context ?? input.context;
    const channels = run.channels ?? input.channels;
    const start: OfferInput = {
      context,
      ...(run.agent !== undefined ? { agent: run.agent } : {}),
      ...(run.options !== undefined ? { options: run.options } : {}),
      ...(input.select ? { selection: input.select(context, channels) } : {}),
      ...(input.builtNames ? { builtNames: input.builtNames } : {}),
    };
    const made = { input: start, offer: computeOffer(tables, start) };
    starts.set(session, made);
    session.explain ??= (name) => {
      const current = scope.now({ context: { toolCatalog: session } });
      if (typeof current === 'string') return current;
      const runtimeName = input.runtimeNameOf(name);
      return runtimeName === undefined
        ? `'${name}' is not a tool of this agent`
        : current.whyAbsent(runtimeName);
    };
    return made;
  };
  const live = (session: OpenAIRunSession, start: { input: OfferInput; offer: SessionOffer }) => {
    const snapshot = session.input.disallowed;
    if (snapshot === undefined) return start.offer;
    let names: unknown;
    try {
      names = snapshot();
    } catch (error) {
      return `disallowed() threw: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (!Array.isArray(names) || names.some((n) => typeof n !== 'string'))
      return 'disallowed() did not return a list of names';
    const key = (names as string[]).join('\n');
    const cached = lives.get(session);
    if (cached?.key === key) return cached.offer;
    const overlay = [
      ...(start.input.options?.overlay ?? []),
      ...(names as string[]).map((n) => input.runtimeNameOf(n) ?? n),
    ];
    const offer = computeOffer(tables, {
      ...start.input,
      options: { ...start.input.options, overlay },
    });
    lives.set(session, { key, offer });
    return offer;
  };
  const scope: AgentScope = {
    now(runContext) {
      const session = sessionOf(runContext);
      return session === undefined ? NO_SESSION : live(session, startOf(session));
    },
    refusal(runContext, runtimeName) {
      const offer = scope.now(runContext);
      if (typeof offer === 'string') return offer;
      return offer.stateOf(runtimeName) === 'absent' ? offer.whyAbsent(runtimeName) : undefined;
    },
    asks(runContext, runtimeName) {
      const session = sessionOf(runContext);
      if (session === undefined) return true;
      if (session.input.approval === 'allow') return false;
      const offer = startOf(session).offer;
      const o = toolNamed(offer, runtimeName);
      return o !== undefined && tables.tools[o.index]!.approval === 'permission-mode';
    },
    subagentRefusal(runContext, name) {
      const offer = scope.now(runContext);
      if (typeof offer === 'string') return offer;
      return offeredSubagents(tables, offer).some((a) => a.name === name)
        ? undefined
        : `the subagent '${name}' has no tool it may use in this run`;
    },
  };
  return scope;
}

/** A subagent's scope: the parent's refusals, then the subagent's own share of the offer now. */
export function subagentScope(parent: AgentScope, name: string): AgentScope {
  return {
    ...parent,
    refusal(runContext, runtimeName) {
      const why = parent.refusal(runContext, runtimeName);
      if (why !== undefined) return why;
      const offer = parent.now(runContext) as SessionOffer;
      const agent = offer.agents.find((a) => a.name === name);
      if (agent !== undefined && agent.stateOf(runtimeName) !== 'absent') return undefined;
      const own = agent?.tools.find((o) => o.names.includes(runtimeName));
      return `'${own?.key ?? runtimeName}' is not offered to the subagent '${name}': ${own?.detail ?? 'not among its tools'}`;
    },
    subagentRefusal: () => 'subagents do not start subagents',
  };
}
