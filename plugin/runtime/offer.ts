// The one computation of what a session offers the model: for every catalog tool, `direct` (its
// definition is in every request), `deferred` (announced by name, loaded through ToolSearch) or
// `absent`, and who decided it — the policy rules, the caller's groups, `restricted`, an opt-out
// pattern, or the runtime itself. The session's options, `resolve`, `explain`, `report`, policy.md
// and `verify` all read this result, so they cannot disagree.
import { coveredBy, normaliseOptOuts, serverPattern, type IgnoredOptOut } from './opt-outs.js';
import {
  markDisallowedTools,
  type AgentToolSettings,
  type PolicyContext,
  type PolicyMarks,
  type ResolveOptions,
} from './policy.js';
import { mcpServerOf, preparePolicy, type PolicyTables } from './policy-tables.js';
import { surfaceOf, TOOL_SEARCH, type RuntimeSurface } from './runtime-surface.js';

export type OfferState = 'direct' | 'deferred' | 'absent';

/** Who decided that a tool is absent. */
export type AbsentBy = 'policy' | 'restricted' | 'caller' | 'opt-out pattern' | 'runtime';

export interface ToolOffer {
  readonly key: string;
  readonly index: number;
  /** The runtime names it has in this session. */
  readonly names: readonly string[];
  readonly state: OfferState;
  /** Set when absent. */
  readonly absentBy?: AbsentBy;
  /** One line on why it is deferred or absent (the policy's chain is `explain`'s to tell). */
  readonly detail?: string;
}

/** What a caller's groups selected: the keys, and the runtime names `toolNames` gave (resolved and mirrored ones too). */
export interface OfferSelection {
  readonly keys: readonly string[];
  readonly names: readonly string[];
}

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
  /** The state of a runtime name in this session (`absent` for names the session does not know). */
  stateOf(name: string): OfferState;
  /** One line on why a name is absent (for the guard's denial); `channels`: the catalog's external channels. */
  whyAbsent(name: string, channels?: readonly string[]): string;
}

const passedPatterns = (marks: PolicyMarks) => marks.passThrough.filter((entry) => serverPattern(entry) !== undefined);

/** Absent for a reason that holds whatever the runtime does: policy, restricted, caller, an opt-out pattern. */
function sessionAbsence(
  tables: PolicyTables,
  marks: PolicyMarks,
  i: number,
  selected: ReadonlySet<string> | undefined,
  patterns: readonly string[],
): { by: AbsentBy; detail: string } | undefined {
  const t = tables.tools[i]!;
  if (marks.disallowed[i] === 1) return { by: 'policy', detail: 'disallowed by the policy' };
  if (t.restricted) return { by: 'restricted', detail: 'restricted: the guard denies every call' };
  if (selected && !selected.has(t.key)) return { by: 'caller', detail: "not among the caller's tools" };
  const names = marks.prepared.names[i]!;
  const pattern = patterns.find((entry) => names.length > 0 && names.every((n) => coveredBy(n, entry)));
  if (pattern !== undefined)
    return {
      by: 'opt-out pattern',
      detail: `covered by the opt-out '${pattern}', which reaches every tool of its server`,
    };
  return undefined;
}

/** The state an offered tool gets from the runtime configuration. */
function runtimeState(
  tables: PolicyTables,
  surface: RuntimeSurface,
  i: number,
  searching: boolean,
): { state: OfferState; detail?: string } {
  const t = tables.tools[i]!;
  if (t.kind === 'sdk') {
    const why = surface.absent[t.key];
    if (why !== undefined) return { state: 'absent', detail: why };
    if (searching && surface.deferred.includes(t.key))
      return { state: 'deferred', detail: 'the runtime defers it behind ToolSearch' };
    return { state: 'direct' };
  }
  if (!searching || t.offer === 'direct') return { state: 'direct' };
  if (t.offer === 'deferred' || surface.mcpDeferred)
    return { state: 'deferred', detail: 'MCP tools are loaded through ToolSearch while tool search is on' };
  return { state: 'direct' };
}

/** What one session offers; see the module comment. */
export function computeOffer(tables: PolicyTables, input: OfferInput = {}): SessionOffer {
  // Stored opt-outs in today's names (earlier keys, renamed servers, the SDK's legacy names); entries
  // that name nothing are left out and reported.
  const optOuts = readOptOuts(tables, input);
  const marks = markDisallowedTools(tables, optOuts.agent, input.context, input.options);
  const surface = surfaceOf(tables.runtimes, input.runtime);
  const selected = input.selection ? new Set(input.selection.keys) : undefined;
  const patterns = passedPatterns(marks);
  const absences = tables.tools.map((_, i) => sessionAbsence(tables, marks, i, selected, patterns));
  const searchIndex = tables.tools.findIndex(
    (t, i) => t.kind === 'sdk' && marks.prepared.names[i]!.includes(TOOL_SEARCH),
  );
  const toolSearchActive =
    surface.toolSearch &&
    searchIndex >= 0 &&
    absences[searchIndex] === undefined &&
    surface.absent[tables.tools[searchIndex]!.key] === undefined;
  const tools = tables.tools.map((t, i): ToolOffer => {
    const names = marks.prepared.names[i]!;
    const absence = absences[i];
    if (absence) return { key: t.key, index: i, names, state: 'absent', absentBy: absence.by, detail: absence.detail };
    const { state, detail } = runtimeState(tables, surface, i, toolSearchActive);
    return {
      key: t.key,
      index: i,
      names,
      state,
      ...(state === 'absent' ? { absentBy: 'runtime' as const } : {}),
      ...(detail !== undefined ? { detail } : {}),
    };
  });
  const byName = new Map<string, OfferState>();
  for (const offer of tools) for (const name of offer.names) byName.set(name, offer.state);
  const extraNames = (input.selection?.names ?? [])
    .filter((name) => !marks.prepared.indexOf.has(name))
    .map((name) => {
      const blocked = marks.passThrough.some((entry) => coveredBy(name, entry));
      const state: OfferState = blocked ? 'absent' : toolSearchActive && surface.mcpDeferred ? 'deferred' : 'direct';
      return { name, state };
    });
  for (const extra of extraNames) byName.set(extra.name, extra.state);
  const keyOf = new Map(tools.flatMap((o) => o.names.map((n) => [n, o] as const)));
  return {
    surface,
    marks,
    tools,
    extraNames,
    toolSearchActive,
    ignoredOptOuts: optOuts.ignored,
    stateOf: (name) => byName.get(name) ?? 'absent',
    whyAbsent: (name, channels = tables.channels ?? []) => {
      const o = keyOf.get(name);
      if (o) return `'${o.key}' is not offered in this session: ${o.detail ?? 'left out'}`;
      const server = mcpServerOf(name);
      if (server === undefined) return `'${name}' is not a tool of the catalog`;
      if (tables.servers.includes(server))
        return `'${name}' is not a tool of the catalog's in-process server '${server}'`;
      if (channels.includes(server)) return `'${name}' is not a tool the catalog knows on the channel '${server}'`;
      return `'${name}' belongs to the MCP server '${server}', which the tool catalog does not declare`;
    },
  };
}

/** The agent's opt-outs in today's names, and the entries that changed nothing. */
function readOptOuts(tables: PolicyTables, input: OfferInput) {
  const stored = input.agent?.disabledTools ?? [];
  if (stored.length === 0) return { agent: input.agent, ignored: [] as IgnoredOptOut[] };
  const read = normaliseOptOuts(preparePolicy(tables), stored, { otherServers: input.otherServers ?? [] });
  const dropped = new Set(read.unknown.filter((u) => u.key === undefined).map((u) => u.entry));
  const today = new Map(read.migrated.map((m) => [m.from, m.to]));
  const disabledTools = stored
    .filter((entry): entry is string => typeof entry === 'string' && !dropped.has(entry))
    .map((entry) => today.get(entry) ?? entry);
  return { agent: { ...input.agent, disabledTools }, ignored: read.unknown };
}
