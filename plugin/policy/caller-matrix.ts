// The per-caller view of the policy, for the snapshot and the `report` command: what each declared
// caller is offered with every predicate true, and which predicate, false on its own, removes which tool.
import type { CatalogModel } from '../model/catalog-model.js';
import { gatingPredicates, offerVerdict } from '../model/caller-offer.js';

export interface CallerSummary {
  readonly caller: string;
  readonly groups: readonly string[];
  /** Offered outright (keys, catalog order). */
  readonly offered: readonly string[];
  /** Built only when the caller supplies a factory. */
  readonly factories: readonly string[];
  /** Gated by an app availability function the build does not run. */
  readonly runtimeChecks: readonly string[];
  /** Predicate (catalog name) → keys the caller loses when it alone is false, in catalog order. */
  readonly removedBy: ReadonlyMap<string, readonly string[]>;
}

/** One summary per declared caller, in declaration order; empty when the catalog declares none. Linear in tools × callers. */
export function callerSummaries(model: CatalogModel): CallerSummary[] {
  const allTrue = Object.fromEntries(model.conditions.map((c) => [c.field, true]));
  const nameOf = new Map(model.conditions.map((c) => [c.field, c.name]));
  // Computed once per tool, shared by every caller.
  const predicatesOf = model.tools.map(gatingPredicates);
  return Object.entries(model.callers).map(([caller, groups]) => {
    const include = new Set(groups);
    const summary = {
      caller,
      groups,
      offered: [] as string[],
      factories: [] as string[],
      runtimeChecks: [] as string[],
      removedBy: new Map(model.conditions.map((c) => [c.name, [] as string[]])),
    };
    model.tools.forEach((t, i) => {
      const predicates = predicatesOf[i]!;
      // offerTool's state without building its offer (no detail strings, no objects per tool × caller).
      const verdict = offerVerdict(
        t,
        t.groups.some((g) => include.has(g)),
        predicates,
        allTrue,
      );
      if (verdict === 'offered') summary.offered.push(t.key);
      else if (verdict === 'factory') summary.factories.push(t.key);
      else if (verdict === 'runtime-check') summary.runtimeChecks.push(t.key);
      else return;
      // With every other predicate true, each predicate gating the tool removes it on its own.
      for (const field of predicates) summary.removedBy.get(nameOf.get(field) ?? field)?.push(t.key);
    });
    return summary;
  });
}
