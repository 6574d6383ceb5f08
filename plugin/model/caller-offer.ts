// What one caller (a catalog `callers` entry) is offered for a context, as the build side can know it:
// a tool is offered when it shares a group with the caller and is available; factories and app checks
// are left open.
import type { CatalogModel, ToolModel } from './catalog-model.js';

/**
 * - `offered`: in the caller's groups and available; its static names go into `allowedTools`.
 * - `factory`: available, but only built when the caller supplies a factory (unknown to the CLI).
 * - `runtime-check`: gated by an app function (`available: { module, export }`) the CLI does not run.
 * - `unavailable`: in the caller's groups but switched off (disabled, `available: false`, a predicate false).
 * - `not-in-groups`: none of its groups is one of the caller's.
 */
type CallerOfferState = 'offered' | 'factory' | 'runtime-check' | 'unavailable' | 'not-in-groups';

export interface CallerToolOffer {
  readonly key: string;
  readonly state: CallerOfferState;
  /** Why, in a few words: `condition canQueryThemis is false`, `names mirrored from channel linear…`; '' for an offered tool with listed names. */
  readonly detail: string;
  /** Names known at build time (none for mirrored, resolved or `fullNames: []` tools). */
  readonly names: readonly string[];
  /** In-process MCP server hosting the tool. */
  readonly server?: string;
  /** The predicate fields that switch the tool off when false (its condition and `available`). */
  readonly predicates: readonly string[];
  /** Its groups that the caller includes (empty for `not-in-groups`). */
  readonly inGroups: readonly string[];
}

export interface CallerOffer {
  readonly caller: string;
  readonly groups: readonly string[];
  /** Every tool of the catalog, in catalog order. */
  readonly tools: readonly CallerToolOffer[];
  /** `toolNames(ctx, { include })` as far as it is known at build time: offered tools' static names. */
  readonly allowedTools: readonly string[];
  /** In-process MCP servers of the offered tools, in declaration order, with those tools. */
  readonly mcpServers: readonly {
    readonly name: string;
    readonly tools: readonly string[];
    readonly names: readonly string[];
  }[];
}

/** The caller's include list, or undefined when the catalog declares no such caller. */
function callerGroups(model: CatalogModel, caller: string): readonly string[] | undefined {
  return Object.hasOwn(model.callers, caller) ? model.callers[caller] : undefined;
}

/** Why `caller` cannot be used with this catalog, naming the declared callers; undefined when it can. */
export function unknownCallerProblem(model: CatalogModel, caller: string): string | undefined {
  if (callerGroups(model, caller)) return undefined;
  const declared = Object.keys(model.callers);
  if (declared.length === 0)
    return `catalog '${model.name}' declares no callers; add callers: { ${caller}: ['<group>', …] } to its defineCatalog({...}) or leave out --caller.`;
  return `catalog '${model.name}' has no caller '${caller}'; its callers are: ${declared.join(', ')}.`;
}

/** The predicate fields that gate a tool in the caller selection, in the order the runtime reads them. */
export function gatingPredicates(t: ToolModel): string[] {
  const fields: string[] = [];
  if (t.exposure === 'conditional' && t.condition) fields.push(t.condition.field);
  if (t.available.kind === 'condition' && !fields.includes(t.available.field)) fields.push(t.available.field);
  return fields;
}

const state = (value: boolean | undefined) => (value === undefined ? 'not set (false)' : String(value));

/** Where an offered tool's names come from when they are not listed in the catalog; '' when they are. */
function namesDetail(t: ToolModel): string {
  if (t.nameSource.kind === 'mirror')
    return `names mirrored from channel ${t.nameSource.channel}'s registry at run time`;
  if (t.nameSource.kind === 'resolver') return `names resolved at run time by ${t.nameSource.ref.exportName}`;
  if (t.names.length === 0) return 'no names (fullNames: []): built, discovered by the SDK';
  return '';
}

/** Why a tool is or is not offered: a state, the reason it is unavailable, or the index of the false predicate. */
export type OfferVerdict = Exclude<CallerOfferState, 'unavailable'> | 'disabled' | 'never' | number;

/**
 * The caller selection rule for one tool, without building the offer: the caller summaries ask it for
 * every tool × caller. `predicates` is `gatingPredicates(t)`; `context` holds plain booleans by field.
 */
export function offerVerdict(
  t: ToolModel,
  inCallerGroups: boolean,
  predicates: readonly string[],
  context: Readonly<Record<string, boolean>>,
): OfferVerdict {
  if (!inCallerGroups) return 'not-in-groups';
  if (t.exposure === 'disabled') return 'disabled';
  if (t.available.kind === 'never') return 'never';
  for (let i = 0; i < predicates.length; i++) if (context[predicates[i]!] !== true) return i;
  if (t.factory) return 'factory';
  if (t.available.kind === 'function') return 'runtime-check';
  return 'offered';
}

/** One tool for one caller. `context` holds plain booleans by predicate field; absent counts as false. */
function offerTool(
  t: ToolModel,
  include: ReadonlySet<string>,
  context: Readonly<Record<string, boolean>>,
  fieldName: (field: string) => string = (f) => f,
): CallerToolOffer {
  const inGroups = t.groups.filter((g) => include.has(g));
  const base = {
    key: t.key,
    names: t.names,
    ...(t.kind === 'mcp' && t.server !== undefined ? { server: t.server } : {}),
    predicates: gatingPredicates(t),
    inGroups,
  };
  const verdict = offerVerdict(t, inGroups.length > 0, base.predicates, context);
  if (typeof verdict === 'number') {
    const field = base.predicates[verdict]!;
    return { ...base, state: 'unavailable', detail: `${fieldName(field)} is ${state(context[field])}` };
  }
  if (verdict === 'not-in-groups')
    return {
      ...base,
      state: 'not-in-groups',
      detail: `its groups (${t.groups.join(', ') || 'none'}) are not among the caller's`,
    };
  if (verdict === 'disabled') return { ...base, state: 'unavailable', detail: 'exposure is disabled' };
  if (verdict === 'never') return { ...base, state: 'unavailable', detail: 'available is false' };
  if (verdict === 'factory') return { ...base, state: 'factory', detail: 'needs a caller-supplied factory' };
  // Left: 'runtime-check' (an app function gates it) or 'offered'.
  if (t.available.kind === 'function')
    return {
      ...base,
      state: 'runtime-check',
      detail: `offered only if the app's ${t.available.ref.exportName} returns true at run time`,
    };
  return { ...base, state: 'offered', detail: namesDetail(t) };
}

/** What `caller` (a declared caller: check with `unknownCallerProblem` first) is offered in `context`. */
export function callerOffer(
  model: CatalogModel,
  caller: string,
  context: Readonly<Record<string, boolean>>,
): CallerOffer {
  const groups = callerGroups(model, caller) ?? [];
  const include = new Set(groups);
  const nameOf = new Map(model.conditions.map((c) => [c.field, c.name]));
  const tools = model.tools.map((t) => offerTool(t, include, context, (f) => `condition ${nameOf.get(f) ?? f}`));
  const offered = tools.filter((o) => o.state === 'offered');
  const mcpServers = model.servers.flatMap((name) => {
    const hosted = offered.filter((o) => o.server === name);
    return hosted.length === 0
      ? []
      : [{ name, tools: hosted.map((o) => o.key), names: hosted.flatMap((o) => o.names) }];
  });
  return { caller, groups, tools, allowedTools: offered.flatMap((o) => o.names), mcpServers };
}
