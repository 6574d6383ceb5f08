// The offer over condition combinations and runtime configurations, from the runtime's own
// `computeOffer`: the data behind policy.md's "offered to the model" tables and `report`.
import { computeOffer, type SessionOffer } from '../runtime/offer.js';
import type { PolicyTables } from '../runtime/policy-tables.js';
import type { RuntimeSurface } from '../runtime/runtime-surface.js';
import type { ConditionCombination } from './policy-matrix.js';

export interface RuntimeOffers {
  readonly surface: RuntimeSurface;
  /** One offer per combination, in the combinations' order (every user tool on). */
  readonly offers: readonly SessionOffer[];
}

/** Each runtime configuration's offers (the catalog's default configuration alone when it declares none). */
export function offerMatrix(
  tables: PolicyTables,
  combinations: readonly ConditionCombination[],
): RuntimeOffers[] {
  const names =
    tables.runtimes && tables.runtimes.length > 0
      ? tables.runtimes.map((r) => r.name)
      : [undefined];
  return names.map((runtime) => {
    const offers = combinations.map((c) =>
      computeOffer(tables, { context: c.context, ...(runtime !== undefined ? { runtime } : {}) }),
    );
    return { surface: offers[0]!.surface, offers };
  });
}
