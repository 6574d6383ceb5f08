// Renders the `report` command's exposure matrix: tools by category × exposure × conditions × pair
// groups (and callers when the catalog declares them), as Markdown or as one self-contained HTML page.
import type { CatalogModel, ToolModel } from '../../model/catalog-model.js';
import { policyTablesOf } from '../../model/policy-tables.js';
import { callerSummaries } from '../../policy/caller-matrix.js';
import { MAX_EXHAUSTIVE_CONDITIONS, policyMatrix } from '../../policy/policy-matrix.js';
import { html, mdCode, mdCodeList, mdText } from '../../text/escape.js';
import type { TemplateSet } from '../templates.js';
import { renderCallersSection } from './callers-section.js';
import { toolSections } from './tool-sections.js';
import type { HtmlReportView, MarkdownReportView } from '../template-views.js';

export type ReportFormat = 'md' | 'html';

/** What both formats show, before escaping for one of them. */
function reportData(model: CatalogModel) {
  const matrix = policyMatrix(policyTablesOf(model));
  const rowOf = new Map(matrix.rows.map((r) => [r.key, r]));
  const callersOf = (t: ToolModel) =>
    Object.entries(model.callers)
      .filter(([, groups]) => t.groups.some((g) => groups.includes(g)))
      .map(([name]) => name);
  const condition = (t: ToolModel) =>
    t.condition?.name ?? (t.available.kind === 'condition' ? t.available.condition : undefined);
  return {
    matrix,
    showCallers: Object.keys(model.callers).length > 0,
    sections: toolSections(model).map((s) => ({
      title: s.title,
      tools: s.tools.map((t) => ({
        t,
        callers: callersOf(t),
        condition: condition(t),
        disallowed: rowOf.get(t.key)!.disallowed,
      })),
    })),
    pairGroups: model.pairGroups.map((name) => ({
      name,
      members: model.tools.filter((t) => t.pairGroup === name).map((t) => t.key),
    })),
  };
}

function markdownReportView(model: CatalogModel, templates: TemplateSet): MarkdownReportView {
  const d = reportData(model);
  const ids = d.matrix.combinations.map((c) => c.id);
  const orDash = (s: string) => s || '—';
  return {
    catalog: mdCode(model.name),
    toolCount: String(model.tools.length),
    conditionNames: model.conditions.map((c) => mdText(c.name)),
    combinations: d.matrix.combinations.map((c) => ({ id: c.id, values: c.values.map(String) })),
    sampled: d.matrix.sampled,
    maxExhaustive: String(MAX_EXHAUSTIVE_CONDITIONS),
    sections: d.sections.map((s) => ({
      title: mdText(s.title),
      showCallers: d.showCallers,
      combinationIds: ids,
      tools: s.tools.map(({ t, callers, condition, disallowed }) => ({
        key: mdCode(t.key),
        label: mdText(t.label),
        names: mdCodeList(t.names),
        exposure: t.exposure,
        condition: orDash(mdText(condition ?? '')),
        pairGroup: orDash(mdText(t.pairGroup ?? '')),
        dependsOn: orDash(mdText(t.dependsOn.join(', '))),
        callers: orDash(mdText(callers.join(', '))),
        approval: t.approval,
        marks: disallowed.map((x) => (x ? '✗' : '✓')),
      })),
    })),
    pairGroups: d.pairGroups.map((g) => ({ name: mdText(g.name), members: mdCodeList(g.members) })),
    toggles: d.matrix.toggles.map((t) => ({
      key: mdCode(t.key),
      disallows: mdCodeList(t.disallows),
    })),
    callers: renderCallersSection(model, templates),
  };
}

function htmlReportView(model: CatalogModel): HtmlReportView {
  const d = reportData(model);
  const callers = callerSummaries(model);
  return {
    title: html(`Exposure matrix — ${model.name}`),
    catalog: html(model.name),
    toolCount: String(model.tools.length),
    sampled: d.matrix.sampled,
    maxExhaustive: String(MAX_EXHAUSTIVE_CONDITIONS),
    conditions: model.conditions.map((c) => ({
      name: html(c.name),
      description: html(c.description),
    })),
    combinations: d.matrix.combinations.map((c, i) => ({
      id: c.id,
      values: c.values.map(String),
      count: String(d.matrix.disallowedCounts[i]),
    })),
    sections: d.sections.map((s) => ({
      title: html(s.title),
      showCallers: d.showCallers,
      combinationIds: d.matrix.combinations.map((c) => c.id),
      tools: s.tools.map(({ t, callers: reach, condition, disallowed }) => ({
        key: html(t.key),
        label: html(t.label),
        description: html(t.description),
        names: t.names.map(html),
        exposure: t.exposure,
        condition: html(condition ?? ''),
        pairGroup: html(t.pairGroup ?? ''),
        dependsOn: html(t.dependsOn.join(', ')),
        showCallers: d.showCallers,
        callers: html(reach.join(', ')),
        approval: t.approval,
        cells: disallowed,
      })),
    })),
    pairGroups: d.pairGroups.map((g) => ({
      name: html(g.name),
      members: html(g.members.join(', ')),
    })),
    toggles: d.matrix.toggles.map((t) => ({
      key: html(t.key),
      disallows: html(t.disallows.join(', ')),
    })),
    callers: callers.map((c) => ({
      name: html(c.caller),
      groups: html(c.groups.join(', ')),
      offered: c.offered.map(html),
      factories: c.factories.map(html),
      runtimeChecks: c.runtimeChecks.map(html),
    })),
    predicateRemovals:
      callers.length === 0
        ? []
        : model.conditions.map((p) => ({
            name: html(p.name),
            cells: callers.map((c) => (c.removedBy.get(p.name) ?? []).map(html)),
          })),
  };
}

/** The report of `model` in `format`; HTML is one page with inline CSS and no external resources. */
export function renderPolicyReport(
  model: CatalogModel,
  format: ReportFormat,
  templates: TemplateSet,
): string {
  if (format === 'md')
    return templates.get('policy-report.md')(markdownReportView(model, templates));
  return templates.get('policy-report.html')(htmlReportView(model));
}
