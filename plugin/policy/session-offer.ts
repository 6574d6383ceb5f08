// The offer of one session as the CLI can know it, from the runtime's own computations: a caller's
// selection through the runtime's `createToolCatalog` (what the generated `<p>SessionOptions` does),
// then `computeOffer` and the SDK lists the session would pass. App code is not run here, so app
// checks count as passing, factories as not supplied, and resolved names as unknown — each reported.
import type { CatalogModel } from '../model/catalog-model.js';
import { toolEntry } from '../model/session-facts.js';
import { createToolContext } from '../runtime/context.js';
import { computeOffer, type OfferSelection, type SessionOffer } from '../runtime/offer.js';
import type { AgentToolSettings, ResolveOptions } from '../runtime/policy.js';
import type { PolicyTables } from '../runtime/policy-tables.js';
import { sessionLists } from '../runtime/session.js';
import type { ToolBinding } from '../runtime/tool-entries.js';
import { createToolCatalog } from '../runtime/tools.js';

export interface SessionOfferInput {
  readonly agent?: AgentToolSettings;
  /** Plain booleans by context field. */
  readonly context: Readonly<Record<string, boolean>>;
  readonly options?: ResolveOptions;
  /** A declared caller: its groups select the tools. */
  readonly caller?: string;
  /** A declared runtime configuration; default: the first. */
  readonly runtime?: string;
  /** Servers the app connects itself: opt-out entries under them are handed on as written. */
  readonly otherServers?: readonly string[];
}

/** What the CLI cannot know without the app's code, by tool key. */
export interface SelectionAssumptions {
  /** Offered only if the app's availability check passes: counted as passing. */
  readonly appChecks: readonly string[];
  /** Built only when the caller supplies a factory: counted as not supplied. */
  readonly factories: readonly string[];
  /** Names resolved or mirrored at run time: not known here. */
  readonly runtimeNamed: readonly string[];
}

export interface CliSessionOffer {
  readonly offer: SessionOffer;
  readonly lists: ReturnType<typeof sessionLists>;
  readonly selection?: OfferSelection;
  readonly assumptions: SelectionAssumptions;
}

const NONE: SelectionAssumptions = { appChecks: [], factories: [], runtimeNamed: [] };

/** The runtime's tool catalog of `model`, with app code replaced as the module comment says. */
export function selectionCatalog(model: CatalogModel): ReturnType<typeof createToolCatalog> {
  const bindings: Record<string, ToolBinding> = {};
  for (const t of model.tools) {
    if (t.available.kind === 'function')
      bindings[t.key] = { ...bindings[t.key], check: () => true };
    if (t.nameSource.kind === 'resolver')
      bindings[t.key] = { ...bindings[t.key], resolveNames: () => [] };
  }
  return createToolCatalog(model.tools.map(toolEntry), {
    conditions: model.conditions.map((c) => ({ name: c.name, field: c.field })),
    bindings,
  });
}

/**
 * The caller's selection by the runtime's own rules. `catalog` is `selectionCatalog(model)`: one
 * serves every caller and context of the model, so a matrix builds it once.
 */
export function callerSelection(
  model: CatalogModel,
  caller: string,
  context: Readonly<Record<string, boolean>>,
  catalog = selectionCatalog(model),
): OfferSelection {
  const include = model.callers[caller] ?? [];
  const toolContext = createToolContext<unknown>({
    predicates: { ...context },
    factories: {},
    data: undefined,
  });
  return {
    keys: catalog.selectedKeys(toolContext, { include }),
    names: catalog.toolNames(toolContext, { include, channels: () => [] }),
  };
}

/** The caller's selection, and what the build assumed to make it (see `SelectionAssumptions`). */
export function cliSelection(
  model: CatalogModel,
  caller: string,
  context: Readonly<Record<string, boolean>>,
  catalog = selectionCatalog(model),
): { selection: OfferSelection; assumptions: SelectionAssumptions } {
  const include = model.callers[caller] ?? [];
  const selection = callerSelection(model, caller, context, catalog);
  const selected = new Set(selection.keys);
  const inGroups = model.tools.filter((t) => t.groups.some((g) => include.includes(g)));
  return {
    selection,
    assumptions: {
      appChecks: inGroups
        .filter((t) => t.available.kind === 'function' && selected.has(t.key))
        .map((t) => t.key),
      factories: inGroups.filter((t) => t.factory).map((t) => t.key),
      runtimeNamed: inGroups
        .filter((t) => selected.has(t.key) && t.nameSource.kind !== 'static')
        .map((t) => t.key),
    },
  };
}

export function cliSessionOffer(
  model: CatalogModel,
  tables: PolicyTables,
  input: SessionOfferInput,
): CliSessionOffer {
  const chosen =
    input.caller !== undefined ? cliSelection(model, input.caller, input.context) : undefined;
  const offer = computeOffer(tables, {
    ...(input.agent ? { agent: input.agent } : {}),
    context: input.context,
    ...(input.options ? { options: input.options } : {}),
    ...(chosen ? { selection: chosen.selection } : {}),
    ...(input.runtime !== undefined ? { runtime: input.runtime } : {}),
    ...(input.otherServers ? { otherServers: input.otherServers } : {}),
  });
  return {
    offer,
    lists: sessionLists(tables, offer, chosen?.selection),
    ...(chosen ? { selection: chosen.selection } : {}),
    assumptions: chosen?.assumptions ?? NONE,
  };
}
