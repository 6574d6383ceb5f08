// The promise of `upgrade --write`, checked on the catalog it wrote: no tool is offered anywhere it
// was not offered before — in any runtime configuration, condition combination or caller — and no
// tool's exposure, restriction or caller groups widened. A tool new to the catalog is offered nowhere.
import type { CatalogModel, ToolModel } from '../model/catalog-model.js';
import { policyTablesOf } from '../model/policy-tables.js';
import { conditionCombinations } from '../policy/policy-matrix.js';
import { cliSessionOffer } from '../policy/session-offer.js';

/** A widened tool's own facts: an exposure that lets it through more often, restriction lifted, groups gained. */
function widenedFacts(before: ToolModel, after: ToolModel): string[] {
  const out: string[] = [];
  if (before.exposure !== after.exposure && after.exposure !== 'disabled')
    out.push(`exposure ${before.exposure} → ${after.exposure}`);
  if (before.restricted && !after.restricted) out.push('no longer restricted');
  const gained = after.groups.filter((g) => !before.groups.includes(g));
  if (gained.length > 0) out.push(`joins the caller groups ${gained.join(', ')}`);
  return out;
}

/**
 * Every way `after` offers more than `before`, one line each (empty: the same or stricter).
 * `formerKey` maps a key of `after` to its key in `before` when a rename changed it.
 */
export function widenedOffers(
  before: CatalogModel,
  after: CatalogModel,
  formerKey: ReadonlyMap<string, string> = new Map(),
): string[] {
  const out: string[] = [];
  const earlier = new Map(before.tools.map((t) => [t.key, t]));
  for (const t of after.tools) {
    const was = earlier.get(formerKey.get(t.key) ?? t.key);
    if (!was && t.exposure !== 'disabled') out.push(`${t.key}: new, and ${t.exposure} rather than disabled`);
    if (was) out.push(...widenedFacts(was, t).map((w) => `${t.key}: ${w}`));
  }
  const tablesBefore = policyTablesOf(before);
  const tablesAfter = policyTablesOf(after);
  const { combinations } = conditionCombinations(tablesAfter);
  const callers = Object.keys(after.callers);
  for (const runtime of after.runtimes.map((r) => r.name))
    for (const combination of combinations)
      for (const caller of callers.length > 0 ? callers : [undefined]) {
        const input = { context: combination.context, runtime, ...(caller !== undefined ? { caller } : {}) };
        const then = new Map(cliSessionOffer(before, tablesBefore, input).offer.tools.map((o) => [o.key, o.state]));
        for (const o of cliSessionOffer(after, tablesAfter, input).offer.tools) {
          if (o.state === 'absent') continue;
          const state = then.get(formerKey.get(o.key) ?? o.key);
          if (state !== undefined && state !== 'absent') continue;
          const where = `'${runtime}', ${JSON.stringify(combination.context)}${caller !== undefined ? `, caller ${caller}` : ''}`;
          out.push(`${o.key}: offered ${o.state} in ${where}, where it was ${state ?? 'not in the catalog'}`);
        }
      }
  return out;
}
