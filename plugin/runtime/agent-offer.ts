// What each declared subagent is offered in a session: at most what the session hands over (a tool
// the session leaves out is never given to a subagent, whatever it declares), narrowed to its own
// tools and groups minus its exclusions; deferred only when ToolSearch is among its own tools, as the
// runtime does. A subagent with no tool left is not offered; subagents do not start subagents.
import type { Absence, OfferState, RuntimeSurface, ToolOffer } from './offer-types.js';
import type { AgentEntry, PolicyTables, PreparedPolicy } from './policy-tables.js';
import { searchingWith, toolOfferOf } from './runtime-surface.js';

export interface AgentOffer {
  readonly name: string;
  readonly entry: AgentEntry;
  /** It has at least one tool in this session. */
  readonly offered: boolean;
  /** Every catalog tool, in catalog order, as this subagent is offered it. */
  readonly tools: readonly ToolOffer[];
  /** Its tools are deferred behind its own ToolSearch. */
  readonly toolSearchActive: boolean;
  /** The state of a runtime name for this subagent. */
  stateOf(name: string): OfferState;
}

/** The runtime's name for the tool that starts subagents. */
export const AGENT = 'Agent';

/** Why a tool the session hands over is not this subagent's, or undefined when it is. */
export function notItsOwn(
  tables: PolicyTables,
  entry: AgentEntry,
  i: number,
  names: readonly string[],
): string | undefined {
  const t = tables.tools[i]!;
  if (t.kind === 'sdk' && names.includes(AGENT)) return 'subagents do not start subagents';
  if (entry.exclude.includes(t.key)) return `excluded by subagent '${entry.name}'`;
  const byGroup = (t.groups ?? []).some((g) => entry.groups.includes(g));
  if (!entry.tools.includes(t.key) && !byGroup)
    return `not among the tools of subagent '${entry.name}'`;
  return undefined;
}

export function agentOffers(
  prepared: PreparedPolicy,
  sessionAbsences: readonly (Absence | undefined)[],
  surface: RuntimeSurface,
  names: readonly (readonly string[])[] = prepared.names,
): AgentOffer[] {
  const { tables } = prepared;
  return (tables.agents ?? []).map((entry) => {
    const absences = tables.tools.map((_, i): Absence | undefined => {
      const session = sessionAbsences[i];
      if (session) return session;
      const own = notItsOwn(tables, entry, i, names[i]!);
      return own === undefined ? undefined : { by: 'subagent', detail: own };
    });
    const searching = searchingWith(prepared, surface, (i) => absences[i] === undefined);
    const tools = tables.tools.map((_, i) =>
      toolOfferOf(tables, surface, i, names[i]!, absences[i], searching),
    );
    const byName = new Map(tools.flatMap((o) => o.names.map((n) => [n, o.state] as const)));
    return {
      name: entry.name,
      entry,
      offered: tools.some((o) => o.state !== 'absent'),
      tools,
      toolSearchActive: searching,
      stateOf: (name: string) => byName.get(name) ?? 'absent',
    };
  });
}
