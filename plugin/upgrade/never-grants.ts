// The promise of `upgrade --write`, checked on the catalog it wrote: the policy lets no tool through
// anywhere it did not before — in any runtime configuration, condition combination or caller — and
// no tool's exposure, restriction or caller groups widened. A tool new to the catalog is allowed nowhere.
// What the runtime itself leaves out is not the policy's doing, so it counts as let through.
import type { CatalogModel, ToolModel } from '../model/catalog-model.js';
import { policyTablesOf } from '../model/policy-tables.js';
import { conditionCombinations } from '../policy/policy-matrix.js';
import { cliSessionOffer } from '../policy/session-offer.js';
import type { ToolOffer } from '../runtime/offer.js';

/** The policy lets the tool through: offered, or left out by the runtime alone. */
const letThrough = (o: ToolOffer) => o.state !== 'absent' || o.absentBy === 'runtime';

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
 * Every way `after` lets more through than `before`, one line each (empty: the same or stricter);
 * tools match by key.
 */
export function widenedOffers(before: CatalogModel, after: CatalogModel): string[] {
  const out: string[] = [];
  const earlier = new Map(before.tools.map((t) => [t.key, t]));
  for (const t of after.tools) {
    const was = earlier.get(t.key);
    if (!was && t.exposure !== 'disabled')
      out.push(`${t.key}: new, and ${t.exposure} rather than disabled`);
    if (was) out.push(...widenedFacts(was, t).map((w) => `${t.key}: ${w}`));
  }
  const tablesBefore = policyTablesOf(before);
  const tablesAfter = policyTablesOf(after);
  const { combinations } = conditionCombinations(tablesAfter);
  const callers = Object.keys(after.callers);
  for (const runtime of after.runtimes.map((r) => r.name))
    for (const combination of combinations)
      for (const caller of callers.length > 0 ? callers : [undefined]) {
        const input = {
          context: combination.context,
          runtime,
          ...(caller !== undefined ? { caller } : {}),
        };
        const then = new Map(
          cliSessionOffer(before, tablesBefore, input).offer.tools.map((o) => [o.key, o]),
        );
        for (const o of cliSessionOffer(after, tablesAfter, input).offer.tools) {
          if (!letThrough(o)) continue;
          const was = then.get(o.key);
          if (was && letThrough(was)) continue;
          const where =
            `'${runtime}', ${JSON.stringify(combination.context)}` +
            `${caller !== undefined ? `, caller ${caller}` : ''}`;
          out.push(
            `${o.key}: allowed in ${where}, where it was ${was ? `absent (${was.detail})` : 'not in the catalog'}`,
          );
        }
      }
  return out;
}
