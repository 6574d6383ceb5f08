// The callers section of `policy.md` and of `report --format md`: what each declared caller is
// offered with every predicate true, and what each predicate removes on its own.
import type { CatalogModel } from '../../model/catalog-model.js';
import { callerSummaries, type CallerSummary } from '../../policy/caller-matrix.js';
import { mdCode, mdCodeList, mdText } from '../../text/escape.js';
import type { TemplateSet } from '../templates.js';
import type { CallersSectionView } from '../template-views.js';

function callersSectionView(
  model: CatalogModel,
  summaries: readonly CallerSummary[],
): CallersSectionView {
  return {
    callers: summaries.map((s) => ({
      name: mdCode(s.caller),
      groups: mdText(s.groups.join(', ')) || '—',
      offered: mdCodeList(s.offered),
      factories: mdCodeList(s.factories),
      runtimeChecks: mdCodeList(s.runtimeChecks),
    })),
    predicates: model.conditions.map((c) => ({
      name: mdText(c.name),
      cells: summaries.map((s) => mdCodeList(s.removedBy.get(c.name) ?? [])),
    })),
  };
}

/** The section's Markdown, or undefined when the catalog declares no callers. */
export function renderCallersSection(
  model: CatalogModel,
  templates: TemplateSet,
  summaries: readonly CallerSummary[] = callerSummaries(model),
): string | undefined {
  if (summaries.length === 0) return undefined;
  return templates.get('callers.md')(callersSectionView(model, summaries)).trimEnd();
}
