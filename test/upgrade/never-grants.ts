// For tests: what a catalog's policy lets through, per runtime configuration, condition combination,
// caller and tool — read from the runtime's own offer computation and the policy marks — so a test
// can prove one catalog lets through nothing another did not.
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { policyTablesOf } from '../../plugin/model/policy-tables';
import { conditionCombinations } from '../../plugin/policy/policy-matrix';
import { cliSelection } from '../../plugin/policy/session-offer';
import { computeOffer } from '../../plugin/runtime/offer';

/** `runtime|context|caller|key` of every tool the policy lets through (offered, or left out by the runtime alone). */
function letThrough(model: CatalogModel): Set<string> {
  const tables = policyTablesOf(model);
  const out = new Set<string>();
  const callers = Object.keys(model.callers);
  for (const runtime of model.runtimes)
    for (const { context } of conditionCombinations(tables).combinations)
      for (const caller of callers.length > 0 ? callers : [undefined]) {
        const selection =
          caller === undefined ? undefined : cliSelection(model, caller, context).selection;
        const offer = computeOffer(tables, {
          context,
          runtime: runtime.name,
          ...(selection ? { selection } : {}),
        });
        offer.tools.forEach((o, i) => {
          const allowed =
            offer.marks.disallowed[i] !== 1 && (o.state !== 'absent' || o.absentBy === 'runtime');
          if (allowed)
            out.add(`${runtime.name}|${JSON.stringify(context)}|${caller ?? ''}|${o.key}`);
        });
      }
  return out;
}

/** What `after` lets through that `before` did not (empty: the same or stricter). */
export function granted(before: CatalogModel, after: CatalogModel): string[] {
  const was = letThrough(before);
  return [...letThrough(after)].filter((k) => !was.has(k));
}
