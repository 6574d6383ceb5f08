// The one computation of what a session offers the model: for every catalog tool, `direct` (its
// definition is in every request), `deferred` (announced by name, loaded through ToolSearch) or
// `absent`, and who decided it — the policy rules, the caller's groups, `restricted`, an opt-out
// pattern, or the runtime itself. The session's options, `resolve`, `explain`, `report`, policy.md
// and `verify` all read this result, so they cannot disagree.
import { coveredBy, serverPattern, type IgnoredOptOut } from './opt-outs.js';
import { readOptOutList } from './read-opt-outs.js';
import { storedOptOutEntries } from './stored-opt-outs.js';
import {
  markDisallowedTools,
  type AgentToolSettings,
  type PolicyContext,
  type PolicyMarks,
  type ResolveOptions,
} from './policy.js';
import {
  mcpServerOf,
  preparePolicy,
  type PolicyTables,
  type PreparedPolicy,
} from './policy-tables.js';
import { AGENT, agentOffers, type AgentOffer } from './agent-offer.js';
import { builtinIndex, searchingWith, surfaceOf, toolOfferOf } from './runtime-surface.js';
import { selectedTools, type OfferSelection } from './selected-tools.js';
import type { Absence, AbsentBy, OfferState, RuntimeSurface, ToolOffer } from './offer-types.js';

export type { AbsentBy, OfferState, ToolOffer } from './offer-types.js';

export type { OfferSelection } from './selected-tools.js';

export interface OfferInput {
  /** The agent's stored opt-outs. */
  readonly agent?: AgentToolSettings | null;
  /** The per-invocation context, or plain booleans by condition field. */
  readonly context?: PolicyContext;
  readonly options?: ResolveOptions;
  /** A caller's selection; without it every catalog tool is a candidate. */
  readonly selection?: OfferSelection;
  /** The runtime configuration; default: the catalog's first. */
  readonly runtime?: string;
  /** MCP servers the app connects itself: opt-out entries under them are handed on as written. */
  readonly otherServers?: 'all' | readonly string[];
  /**
   * The runtime names the builders of entries that declare none (`fullNames: []`) built, by tool key
   * (`buildServerTools`): the tools stand for their entry and are offered as its policy says.
   */
  readonly builtNames?: Readonly<Record<string, readonly string[] | undefined>>;
}

export interface SessionOffer {
  readonly surface: RuntimeSurface;
  readonly marks: PolicyMarks;
  /** Every catalog tool, in catalog order. */
  readonly tools: readonly ToolOffer[];
  /** Names a selection resolved at run time that no catalog tool lists: offered unless an opt-out covers them. */
  readonly extraNames: readonly { readonly name: string; readonly state: OfferState }[];
  /** Tool search is on and ToolSearch itself is offered: deferred tools are reachable. */
  readonly toolSearchActive: boolean;
  /** Opt-out entries that changed nothing (unknown names, tools users cannot switch), with why. */
  readonly ignoredOptOuts: readonly IgnoredOptOut[];
  /** What each declared subagent is offered in this session (offered ones have at least one tool). */
  readonly agents: readonly AgentOffer[];
  /** The state of a runtime name in this session (`absent` for names the session does not know). */
  stateOf(name: string): OfferState;
  /** One line on why a name is absent (for the guard's denial); `channels`: the catalog's external channels. */
  whyAbsent(name: string, channels?: readonly string[]): string;
}

/** Handed to the runtime: not left out by the session, whatever the runtime then does with it. */
export const handedOver = (o: { readonly absentBy?: AbsentBy }) =>
  o.absentBy === undefined || o.absentBy === 'runtime';

const passedPatterns = (marks: PolicyMarks) =>
  marks.passThrough.filter((entry) => serverPattern(entry) !== undefined);

// One object per reason, shared by every tool left out for it (an offer asks for each of its tools).
const BY_POLICY: Absence = { by: 'policy', detail: 'disallowed by the policy' };
const RESTRICTED: Absence = { by: 'restricted', detail: 'restricted: the guard denies every call' };
const NOT_SELECTED: Absence = { by: 'caller', detail: "not among the caller's tools" };
const SHARED_ABSENCES: ReadonlySet<Absence> = new Set([BY_POLICY, RESTRICTED, NOT_SELECTED]);

/**
 * Tool offers made before for the same tables, by slot (a shared absence, or the runtime's state)
 * and tool index. An offer is read, never changed, and holds nothing of its session beyond its names
 * and state, so every session that gives a tool the same state shares one object: making a new one
 * per tool per session was most of an offer's cost in a catalog of a thousand tools.
 */
const madeOffers = new WeakMap<PreparedPolicy, Map<unknown, (ToolOffer | undefined)[]>>();

/** Tool `i`'s offer with its declared names, shared where its state allows (see `madeOffers`). */
function sharedOfferOf(
  prepared: PreparedPolicy,
  surface: RuntimeSurface,
  searching: boolean,
): (i: number, absence: Absence | undefined) => ToolOffer {
  const bySlot = madeOffers.get(prepared) ?? new Map<unknown, (ToolOffer | undefined)[]>();
  madeOffers.set(prepared, bySlot);
  const slotOf = (slot: unknown) => {
    let offers = bySlot.get(slot);
    if (!offers) {
      offers = new Array<ToolOffer | undefined>(prepared.size);
      bySlot.set(slot, offers);
    }
    return offers;
  };
  // A surface is known by its name within one set of tables (`surfaceOf` gives the first of a name).
  const handed = slotOf(`${searching ? 'searching' : 'not searching'} in ${surface.name}`);
  const make = (i: number, absence: Absence | undefined) =>
    toolOfferOf(prepared.tables, surface, i, prepared.names[i]!, absence, searching);
  return (i, absence) => {
    if (absence !== undefined && !SHARED_ABSENCES.has(absence)) return make(i, absence);
    const offers = absence === undefined ? handed : slotOf(absence);
    const made = offers[i] ?? make(i, absence);
    offers[i] = made;
    return made;
  };
}

/** Absent for a reason that holds whatever the runtime does: policy, restricted, caller, an opt-out pattern. */
function sessionAbsence(
  tables: PolicyTables,
  marks: PolicyMarks,
  i: number,
  selected: Uint8Array | undefined,
  patterns: readonly string[],
  names: readonly string[],
): Absence | undefined {
  const t = tables.tools[i]!;
  if (marks.disallowed[i] === 1) return BY_POLICY;
  if (t.restricted) return RESTRICTED;
  if (selected && selected[i] === 0) return NOT_SELECTED;
  // Returned before the search when nothing can match: no closure per tool of every offer.
  if (patterns.length === 0 || names.length === 0) return undefined;
  const pattern = patterns.find((entry) => names.every((n) => coveredBy(n, entry)));
  if (pattern !== undefined)
    return {
      by: 'opt-out pattern',
      detail: `covered by the opt-out '${pattern}', which reaches every tool of its server`,
    };
  return undefined;
}

/** The runtime's name for the tool that runs skills. */
export const SKILL = 'Skill';

/** What one session offers; see the module comment. */
export function computeOffer(tables: PolicyTables, input: OfferInput = {}): SessionOffer {
  // Stored opt-outs in today's names (earlier keys, renamed servers, the SDK's legacy names); entries
  // that name nothing are left out and reported.
  const optOuts = readOptOuts(tables, input);
  const marks = markDisallowedTools(tables, optOuts.agent, input.context, input.options);
  const surface = surfaceOf(tables.runtimes, input.runtime);
  const selected = input.selection ? selectedTools(input.selection, marks.prepared) : undefined;
  const patterns = passedPatterns(marks);
  const names = namesOf(marks.prepared, input.builtNames);
  const absences: (Absence | undefined)[] = tables.tools.map((_, i) =>
    sessionAbsence(tables, marks, i, selected, patterns, names[i]!),
  );
  // The Skill tool follows the skills the catalog declares: with none, there is nothing to run.
  const skill = builtinIndex(marks.prepared, SKILL);
  if (
    skill >= 0 &&
    absences[skill] === undefined &&
    Array.isArray(tables.skills) &&
    tables.skills.length === 0
  )
    absences[skill] = {
      by: 'session',
      detail: 'the catalog declares no skill for the session to offer',
    };
  // Subagents get at most what the session hands over; the Agent tool only when one of them is offered.
  const agents = agentOffers(marks.prepared, absences, surface, names);
  const agent = builtinIndex(marks.prepared, AGENT);
  if (
    agent >= 0 &&
    absences[agent] === undefined &&
    (tables.agents?.length ?? 0) > 0 &&
    !agents.some((a) => a.offered)
  )
    absences[agent] = { by: 'session', detail: 'no subagent is offered in this session' };
  const toolSearchActive = searchingWith(marks.prepared, surface, (i) => absences[i] === undefined);
  const offerOf =
    names === marks.prepared.names
      ? sharedOfferOf(marks.prepared, surface, toolSearchActive)
      : (i: number, absence: Absence | undefined) =>
          toolOfferOf(tables, surface, i, names[i]!, absence, toolSearchActive);
  const tools = tables.tools.map((_, i) => offerOf(i, absences[i]));
  const built = new Set(Object.values(input.builtNames ?? {}).flatMap((n) => n ?? []));
  const extraNames = (input.selection?.names ?? [])
    .filter((name) => !marks.prepared.indexOf.has(name) && !built.has(name))
    .map((name) => {
      const blocked = marks.passThrough.some((entry) => coveredBy(name, entry));
      const state: OfferState = blocked
        ? 'absent'
        : toolSearchActive && surface.mcpDeferred
          ? 'deferred'
          : 'direct';
      return { name, state };
    });
  // Built on the first question: most readers of an offer only walk its tools.
  let byName: Map<string, OfferState> | undefined;
  let keyOf: Map<string, ToolOffer> | undefined;
  const stateByName = () => {
    if (byName) return byName;
    byName = new Map();
    for (const offer of tools) for (const name of offer.names) byName.set(name, offer.state);
    for (const extra of extraNames) byName.set(extra.name, extra.state);
    return byName;
  };
  return {
    surface,
    marks,
    tools,
    extraNames,
    toolSearchActive,
    ignoredOptOuts: optOuts.ignored,
    agents,
    stateOf: (name) => stateByName().get(name) ?? 'absent',
    whyAbsent: (name, channels = tables.channels ?? []) => {
      keyOf ??= new Map(tools.flatMap((o) => o.names.map((n) => [n, o] as const)));
      const o = keyOf.get(name);
      if (o) return `'${o.key}' is not offered in this session: ${o.detail ?? 'left out'}`;
      const server = mcpServerOf(name);
      if (server === undefined) return `'${name}' is not a tool of the catalog`;
      if (tables.servers.includes(server))
        return `'${name}' is not a tool of the catalog's in-process server '${server}'`;
      if (channels.includes(server))
        return `'${name}' is not a tool the catalog knows on the channel '${server}'`;
      return `'${name}' belongs to the MCP server '${server}', which the tool catalog does not declare`;
    },
  };
}

/**
 * Each tool's runtime names in this session: the declared ones, or, for an in-process entry that
 * declares none (`fullNames: []`), what its builder built.
 */
function namesOf(
  p: PreparedPolicy,
  builtNames: OfferInput['builtNames'],
): readonly (readonly string[])[] {
  if (builtNames === undefined) return p.names;
  return p.names.map((declared, i) => {
    const t = p.tables.tools[i]!;
    if (declared.length > 0 || t.kind !== 'mcp' || t.namesFrom !== undefined) return declared;
    const own = Object.prototype.hasOwnProperty.call(builtNames, t.key)
      ? builtNames[t.key]
      : undefined;
    // Only names under the entry's own server stand for it.
    return (own ?? []).filter((name) => mcpServerOf(name) === t.server);
  });
}

/** The agent's opt-outs in today's names, and the entries that changed nothing. */
function readOptOuts(tables: PolicyTables, input: OfferInput) {
  // A stored value that is not a list is refused here (OptOutListError), never read as names.
  const stored = storedOptOutEntries(input.agent?.disabledTools);
  if (stored.length === 0) return { agent: input.agent, ignored: [] as IgnoredOptOut[] };
  const read = readOptOutList(preparePolicy(tables), stored, {
    otherServers: input.otherServers ?? [],
  });
  const disabledTools = read.kept.filter((entry): entry is string => entry !== undefined);
  return { agent: { ...input.agent, disabledTools }, ignored: read.normalised.unknown };
}
