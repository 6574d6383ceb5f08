// The per-caller view of the offer, for the snapshot and the `report` command: what each declared
// caller is offered with every predicate true, and which predicate, false on its own, removes which
// tool — through its pair group and dependents too — all from the runtime's own `computeOffer`.
import type { CatalogModel } from '../model/catalog-model.js';
import { policyTablesOf } from '../model/policy-tables.js';
import { computeOffer, type OfferSelection } from '../runtime/offer.js';
import type { PolicyTables } from '../runtime/policy-tables.js';
import { callerSelection, cliSelection, selectionCatalog } from './session-offer.js';

export interface CallerSummary {
  readonly caller: string;
  readonly groups: readonly string[];
  /** Offered (direct or deferred) in the default runtime configuration (keys, catalog order). */
  readonly offered: readonly string[];
  /** Built only when the caller supplies a factory. */
  readonly factories: readonly string[];
  /** Gated by an app availability function the build does not run (counted as passing). */
  readonly runtimeChecks: readonly string[];
  /** Predicate (catalog name) → keys the caller loses when it alone is false, in catalog order. */
  readonly removedBy: ReadonlyMap<string, readonly string[]>;
}

/**
 * Per tool index (catalog order), 1 where a selection is offered the tool in `context` (direct or
 * deferred). By index: comparing two offers this way needs no set of thousands of keys per offer.
 */
function offeredMask(
  tables: PolicyTables,
  context: Readonly<Record<string, boolean>>,
  selection: OfferSelection,
): Uint8Array {
  const { tools } = computeOffer(tables, { context, selection });
  const mask = new Uint8Array(tools.length);
  for (let i = 0; i < tools.length; i++) mask[i] = tools[i]!.state === 'absent' ? 0 : 1;
  return mask;
}

/** The keys at the indices where `mask` is 1 and `unless` (when given) is 0, in catalog order. */
function keysWhere(tables: PolicyTables, mask: Uint8Array, unless?: Uint8Array): string[] {
  const keys: string[] = [];
  for (let i = 0; i < mask.length; i++)
    if (mask[i] === 1 && unless?.[i] !== 1) keys.push(tables.tools[i]!.key);
  return keys;
}

/** One summary per declared caller, in declaration order; empty when the catalog declares none. */
export function callerSummaries(model: CatalogModel): CallerSummary[] {
  const allTrue = Object.fromEntries(model.conditions.map((c) => [c.field, true]));
  // Built once here: outside a generate run nothing keeps them, and every offer reads them.
  const tables = policyTablesOf(model);
  const catalog = selectionCatalog(model);
  return Object.entries(model.callers).map(([caller, groups]) => {
    const offeredIn = (context: Readonly<Record<string, boolean>>) =>
      offeredMask(tables, context, callerSelection(model, caller, context, catalog));
    const { assumptions, selection } = cliSelection(model, caller, allTrue, catalog);
    const offeredAll = offeredMask(tables, allTrue, selection);
    const offered = keysWhere(tables, offeredAll);
    const appChecks = new Set(assumptions.appChecks);
    // What each predicate, false on its own, takes from the caller's all-true offer.
    const removedBy = new Map<string, readonly string[]>();
    for (const c of model.conditions) {
      const without = offeredIn({ ...allTrue, [c.field]: false });
      removedBy.set(c.name, keysWhere(tables, offeredAll, without));
    }
    return {
      caller,
      groups,
      offered: offered.filter((key) => !appChecks.has(key)),
      factories: assumptions.factories,
      runtimeChecks: assumptions.appChecks,
      removedBy,
    };
  });
}
