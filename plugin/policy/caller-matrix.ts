// The per-caller part of the policy snapshot and the `report` command: what each declared caller is
// offered with every predicate true, and which predicate, false on its own, removes which tool.
import type { CatalogModel } from '../model/catalog-model';
import { gatingPredicates, offerVerdict } from './caller-offer';

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
    const summary = { caller, groups, offered: [] as string[], factories: [] as string[], runtimeChecks: [] as string[], removedBy: new Map(model.conditions.map((c) => [c.name, [] as string[]])) };
    model.tools.forEach((t, i) => {
      const predicates = predicatesOf[i]!;
      // offerTool's state without building its offer (no detail strings, no objects per tool × caller).
      const verdict = offerVerdict(t, t.groups.some((g) => include.has(g)), predicates, allTrue);
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

const mdCode = (s: string) => `\`${s.replace(/\|/g, '\\|')}\``;
const mdCodes = (items: readonly string[]) => (items.length === 0 ? '—' : items.map(mdCode).join(', '));

/** The Markdown section shared by `policy.md` and `report --format md`; empty when there are no callers. */
export function callerSectionMarkdown(model: CatalogModel, summaries: readonly CallerSummary[] = callerSummaries(model)): string {
  if (summaries.length === 0) return '';
  const out = [
    '## Callers (every predicate true)',
    '',
    "What each caller's groups select (seed 2's `toolNames` / `buildTools`): a tool is offered when one of its",
    'groups is one of the caller\'s and it is available. Factory tools are built only for a caller that supplies',
    "the factory; tools gated by an app function are offered when it returns true at run time.",
    '',
    '| caller | groups | offered | needs a caller-supplied factory | needs the app\'s availability check |',
    '|---|---|---|---|---|',
    ...summaries.map((s) => `| ${mdCode(s.caller)} | ${s.groups.join(', ') || '—'} | ${mdCodes(s.offered)} | ${mdCodes(s.factories)} | ${mdCodes(s.runtimeChecks)} |`),
  ];
  if (model.conditions.length > 0) {
    out.push(
      '',
      '### What each predicate removes (false on its own)',
      '',
      `| predicate |${summaries.map((s) => ` ${s.caller} |`).join('')}`,
      `|---|${summaries.map(() => '---|').join('')}`,
      ...model.conditions.map((c) => `| ${c.name} |${summaries.map((s) => ` ${mdCodes(s.removedBy.get(c.name) ?? [])} |`).join('')}`),
    );
  }
  return `${out.join('\n')}\n`;
}
