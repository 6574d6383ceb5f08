// Renders `policy.md`: the checked-in snapshot of the disallowed set and of what the model is offered
// per condition combination, each user toggle's effect and each caller's offer, so a review sees any
// granted tool as a diff line.
import type { CatalogModel, ToolModel } from '../../model/catalog-model.js';
import { samePlainData } from '../../model/structural-sharing.js';
import { policyTablesOf } from '../../model/policy-tables.js';
import { offerMatrix } from '../../policy/offer-matrix.js';
import { MAX_EXHAUSTIVE_CONDITIONS, policyMatrix } from '../../policy/policy-matrix.js';
import type { PolicyTables } from '../../runtime/policy-tables.js';
import { derivedPer, kept, memoSlot } from '../../session-memory.js';
import { htmlCommentText, mdCode, mdCodeList, mdText } from '../../text/escape.js';
import { runtimeOfferView } from './policy-offer-tables.js';
import { templateFile, type Renderer } from '../renderer.js';
import { renderCallersSection } from './callers-section.js';
import { toolSections } from './tool-sections.js';
import type { TemplateSet } from '../templates.js';
import type { PolicySnapshotView } from '../template-views.js';

/** The shared `//` header as plain lines for an HTML comment (lint directives left out). */
const plainHeader = (header: string) =>
  header
    .split('\n')
    .filter((l) => l.startsWith('// ') && !l.includes('biome-ignore'))
    .map((l) => htmlCommentText(l.slice(3)))
    .join('\n');

/** One sentence counting the tools by what decides whether they are allowed. */
function summary(model: CatalogModel): string {
  let user = 0;
  let always = 0;
  let gated = 0;
  let blocked = 0;
  for (const t of model.tools) {
    if (t.exposure === 'disabled' || t.available.kind === 'never') blocked++;
    else if (t.exposure === 'user') user++;
    else if (
      t.exposure === 'conditional' ||
      t.available.kind === 'condition' ||
      t.available.kind === 'function'
    )
      gated++;
    else always++;
  }
  const parts = [
    [user, 'switchable by the user'],
    [always, 'always on'],
    [gated, 'on only when a condition or an app check holds'],
    [blocked, 'always disallowed'],
  ]
    .filter(([n]) => n !== 0)
    .map(([n, what]) => `${n} ${what}`);
  return `${model.tools.length} tool${model.tools.length === 1 ? '' : 's'}: ${parts.join(', ')}.`;
}

// A row's ✓ and ✗ cells are joined here, not walked by the template (a nested `{{#each}}` per row
// cost more than the rest of the row), once per pattern: thousands of rows share a few.
const MARK_CELL = { allowed: ' ✓ |', disallowed: ' ✗ |' } as const;

function markCells(): (disallowed: readonly boolean[]) => string {
  const known = new Map<string, string>();
  return (disallowed) => {
    let pattern = '';
    for (const d of disallowed) pattern += d ? '1' : '0';
    let cells = known.get(pattern);
    if (cells === undefined) {
      cells = disallowed.map((d) => (d ? MARK_CELL.disallowed : MARK_CELL.allowed)).join('');
      known.set(pattern, cells);
    }
    return cells;
  };
}

/**
 * The parts of the view that only the policy tables decide, kept with them (watch mode keeps the
 * tables while the policy is unchanged).
 */
const tablePartsOf = derivedPer(
  'policy snapshot table parts',
  (tables: ReturnType<typeof policyTablesOf>) => tableParts(tables),
  { watchOnly: true },
);

function tableParts(tables: ReturnType<typeof policyTablesOf>) {
  const matrix = policyMatrix(tables);
  const cellsOf = markCells();
  return {
    matrix,
    sampled: matrix.sampled,
    conditionNames: tables.conditions.map((c) => mdText(c.name)),
    combinations: matrix.combinations.map((c, i) => ({
      id: c.id,
      values: c.values.map(String),
      count: String(matrix.disallowedCounts[i]),
    })),
    rows: new Map(
      matrix.rows.map((row) => [
        row.key,
        {
          key: mdCode(row.key),
          names: mdCodeList(row.names),
          exposure: row.exposure,
          cells: cellsOf(row.disallowed),
        },
      ]),
    ),
    toggles: matrix.toggles.map((t) => ({
      key: mdCode(t.key),
      disallows: mdCodeList(t.disallows),
    })),
    allowedTools: matrix.baseline.allowedTools.map(mdCode),
    mcpEnsureAllowed: matrix.baseline.mcpEnsureAllowed.map(mdCode),
  };
}

/** What the offers and the callers section read of a tool: all but its copy (label, description, keys, icon). */
const policyFacts = derivedPer(
  'policy facts of a tool',
  ({
    label: _l,
    description: _d,
    labelKey: _lk,
    descriptionKey: _dk,
    icon: _i,
    source: _s,
    ...facts
  }: ToolModel) => facts,
  { watchOnly: true },
);

/**
 * The offers and the callers section, kept with the policy tables while every tool's facts are the
 * same: in watch mode an edit of a label or an icon reuses them instead of working them out again.
 */
const OFFERS = memoSlot<
  object,
  {
    templates: TemplateSet;
    facts: readonly object[];
    callers: CatalogModel['callers'];
    offered: ReturnType<typeof runtimeOfferView>[];
    callersText: string | undefined;
  }
>('policy snapshot offers and callers', { watchOnly: true });

function offersAndCallers(
  model: CatalogModel,
  templates: TemplateSet,
  matrix: ReturnType<typeof policyMatrix>,
  tables: object,
) {
  const facts = model.tools.map(policyFacts);
  return kept(
    OFFERS,
    tables,
    () => ({
      templates,
      facts,
      callers: model.callers,
      offered: offerMatrix(tables as PolicyTables, matrix.combinations).map((r) =>
        runtimeOfferView(model, r),
      ),
      callersText: renderCallersSection(model, templates),
    }),
    (last) =>
      last.templates === templates &&
      last.callers === model.callers &&
      last.facts.length === facts.length &&
      last.facts.every((f, i) => f === facts[i] || samePlainData(f, facts[i])),
  );
}

function policySnapshotView(
  model: CatalogModel,
  header: string,
  templates: TemplateSet,
): PolicySnapshotView {
  const tables = policyTablesOf(model);
  const { rows, ...fromTables } = tablePartsOf(tables);
  const { offered, callersText } = offersAndCallers(model, templates, fromTables.matrix, tables);
  return {
    header: plainHeader(header),
    catalog: mdCode(model.name),
    summary: summary(model),
    sampled: fromTables.sampled,
    maxExhaustive: String(MAX_EXHAUSTIVE_CONDITIONS),
    conditionNames: fromTables.conditionNames,
    combinations: fromTables.combinations,
    sections: toolSections(model).map((s) => ({
      title: mdText(s.title),
      rows: s.tools.map((t) => rows.get(t.key)!),
    })),
    offered,
    combinationIds: fromTables.combinations.map((c) => c.id),
    toggles: fromTables.toggles,
    allowedTools: fromTables.allowedTools,
    mcpEnsureAllowed: fromTables.mcpEnsureAllowed,
    callers: callersText,
  };
}

export const policySnapshotRenderer: Renderer = {
  name: 'policy-snapshot',
  // Its sections are titled by category labels; tools are named by their keys.
  showsNoToolCopy: true,
  render(context) {
    const { model, templates, header } = context;
    return templateFile(context, 'policy.md', policySnapshotView(model, header, templates));
  },
};
