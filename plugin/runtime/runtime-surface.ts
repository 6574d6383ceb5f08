// What the Claude Code runtime decides by itself in one runtime configuration, as the generated tables
// carry it: which built-ins it defers behind ToolSearch, which it does not offer at all (and why), and
// whether in-process MCP tools are deferred. Recorded from real runs (`tool-catalog verify --update`).
import type { Absence, RuntimeSurface, ToolOffer } from './offer-types.js';
import type { PolicyTables, PreparedPolicy } from './policy-tables.js';

export type { RuntimeSurface } from './offer-types.js';

/** The runtime's name for the tool that loads deferred tools. */
const TOOL_SEARCH = 'ToolSearch';

/** The surface of `name`, else the first one; a catalog without recorded surfaces gets an empty one. */
export function surfaceOf(
  surfaces: readonly RuntimeSurface[] | undefined,
  name?: string,
): RuntimeSurface {
  const found = name === undefined ? surfaces?.[0] : surfaces?.find((s) => s.name === name);
  if (found) return found;
  if (name !== undefined && surfaces !== undefined && surfaces.length > 0)
    throw new RangeError(
      `No runtime configuration named '${name}'; the catalog declares: ${surfaces.map((s) => s.name).join(', ')}.`,
    );
  return {
    name: name ?? 'default',
    toolSearch: false,
    mcpDeferred: false,
    deferred: [],
    absent: {},
    unrecorded: [],
  };
}

/** How a handed-over tool is offered in this surface: deferred behind ToolSearch while `searching`, or left out. */
function runtimeState(
  tables: PolicyTables,
  surface: RuntimeSurface,
  i: number,
  searching: boolean,
): { state: 'absent'; detail: string } | { state: 'direct' | 'deferred'; detail?: string } {
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
    return {
      state: 'deferred',
      detail: 'MCP tools are loaded through ToolSearch while tool search is on',
    };
  return { state: 'direct' };
}

/** The index of the built-in whose runtime name is `name`, or -1 (a name belongs to one tool at most). */
export function builtinIndex(prepared: PreparedPolicy, name: string): number {
  const i = prepared.indexOf.get(name);
  return i !== undefined &&
    prepared.tables.tools[i]!.kind === 'sdk' &&
    prepared.names[i]!.includes(name)
    ? i
    : -1;
}

/**
 * Whether tools are deferred: tool search is on in this surface and ToolSearch itself is handed over
 * (`handed(i)`) and offered by the runtime. Without ToolSearch the runtime defers nothing.
 */
export function searchingWith(
  prepared: PreparedPolicy,
  surface: RuntimeSurface,
  handed: (index: number) => boolean,
): boolean {
  const i = builtinIndex(prepared, TOOL_SEARCH);
  return (
    surface.toolSearch &&
    i >= 0 &&
    handed(i) &&
    surface.absent[prepared.tables.tools[i]!.key] === undefined
  );
}

/** Tool `i` as offered: absent for the session's reason (`absence`), else as the runtime offers it. */
export function toolOfferOf(
  tables: PolicyTables,
  surface: RuntimeSurface,
  i: number,
  names: readonly string[],
  absence: Absence | undefined,
  searching: boolean,
): ToolOffer {
  const key = tables.tools[i]!.key;
  if (absence)
    return { key, index: i, names, state: 'absent', absentBy: absence.by, detail: absence.detail };
  const { state, detail } = runtimeState(tables, surface, i, searching);
  // Written out, not spread: this runs for every tool of every offer.
  if (state === 'absent') return { key, index: i, names, state, absentBy: 'runtime', detail };
  return detail === undefined
    ? { key, index: i, names, state }
    : { key, index: i, names, state, detail };
}
