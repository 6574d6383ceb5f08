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

/** Keys a selection is offered in `context` (direct or deferred). */
function offeredKeys(
  tables: PolicyTables,
  context: Readonly<Record<string, boolean>>,
  selection: OfferSelection,
): string[] {
  return computeOffer(tables, { context, selection })
    .tools.filter((o) => o.state !== 'absent')
    .map((o) => o.key);
}

/** One summary per declared caller, in declaration order; empty when the catalog declares none. */
export function callerSummaries(model: CatalogModel): CallerSummary[] {
  const allTrue = Object.fromEntries(model.conditions.map((c) => [c.field, true]));
  // Built once here: outside a generate run nothing keeps them, and every offer reads them.
  const tables = policyTablesOf(model);
  const catalog = selectionCatalog(model);
  return Object.entries(model.callers).map(([caller, groups]) => {
    const offeredIn = (context: Readonly<Record<string, boolean>>) =>
      offeredKeys(tables, context, callerSelection(model, caller, context, catalog));
    const { assumptions, selection } = cliSelection(model, caller, allTrue, catalog);
    const offered = offeredKeys(tables, allTrue, selection);
    const appChecks = new Set(assumptions.appChecks);
    const removedBy = new Map(
      model.conditions.map((c) => {
        const without = new Set(offeredIn({ ...allTrue, [c.field]: false }));
        return [c.name, offered.filter((key) => !without.has(key))] as const;
      }),
    );
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
