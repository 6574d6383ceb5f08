// The `report` command's exposure matrix: tools by category × exposure × conditions × pair groups
// (and callers when the catalog declares them), as Markdown or as one self-contained HTML page.
import type { CatalogModel, ToolModel } from '../model/catalog-model';
import type { TemplateSet } from '../render/templates';
import { policyTablesOf } from './build-policy-tables';
import { callerSectionMarkdown, callerSummaries, type CallerSummary } from './caller-matrix';
import { MAX_EXHAUSTIVE_CONDITIONS, policyMatrix, type PolicyMatrix } from './policy-matrix';

export type ReportFormat = 'md' | 'html';

interface ReportTool {
  readonly tool: ToolModel;
  readonly callers: readonly string[];
  readonly disallowed: readonly boolean[];
}

interface ReportSection {
  readonly title: string;
  readonly tools: readonly ReportTool[];
}

interface ReportData {
  readonly model: CatalogModel;
  readonly matrix: PolicyMatrix;
  readonly sections: readonly ReportSection[];
  readonly showCallers: boolean;
  readonly pairGroups: readonly { readonly name: string; readonly members: readonly string[] }[];
  readonly callers: readonly CallerSummary[];
}

function reportData(model: CatalogModel): ReportData {
  const matrix = policyMatrix(policyTablesOf(model));
  const rowOf = new Map(matrix.rows.map((r) => [r.key, r]));
  const callersOf = (t: ToolModel) => Object.entries(model.callers).filter(([, groups]) => t.groups.some((g) => groups.includes(g))).map(([name]) => name);
  const entry = (tool: ToolModel): ReportTool => ({ tool, callers: callersOf(tool), disallowed: rowOf.get(tool.key)!.disallowed });
  const sections: ReportSection[] = model.categories.map((c) => ({ title: c.label, tools: model.tools.filter((t) => t.category === c.name).map(entry) }));
  const known = new Set(model.categories.map((c) => c.name));
  const rest = model.tools.filter((t) => t.category === undefined || !known.has(t.category));
  if (rest.length > 0) sections.push({ title: 'Uncategorized', tools: rest.map(entry) });
  return {
    model,
    matrix,
    sections: sections.filter((s) => s.tools.length > 0),
    showCallers: Object.keys(model.callers).length > 0,
    pairGroups: model.pairGroups.map((name) => ({ name, members: model.tools.filter((t) => t.pairGroup === name).map((t) => t.key) })),
    callers: callerSummaries(model),
  };
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s: string) => `\`${cell(s)}\``;
const codes = (items: readonly string[]) => (items.length === 0 ? '—' : items.map(code).join(', '));

function renderMarkdown(d: ReportData): string {
  const { model, matrix } = d;
  const combos = matrix.combinations;
  const out: string[] = [`# Exposure matrix of catalog \`${model.name}\``, ''];
  out.push(`${model.tools.length} tools. ✓ allowed, ✗ in \`disallowedTools\` (every user tool on).`, '');
  out.push('| context | ' + model.conditions.map((c) => c.name).join(' | ') + (model.conditions.length > 0 ? ' |' : ''), '|---|' + model.conditions.map(() => '---|').join(''));
  combos.forEach((c) => out.push(`| ${c.id} | ${c.values.map(String).join(' | ')}${c.values.length > 0 ? ' |' : ''}`));
  if (matrix.sampled) out.push('', `(More than ${MAX_EXHAUSTIVE_CONDITIONS} conditions: a sample of combinations.)`);
  const head = ['tool', 'runtime names', 'exposure', 'condition', 'pair group', 'depends on', ...(d.showCallers ? ['callers'] : []), 'approval', ...combos.map((c) => c.id)];
  for (const section of d.sections) {
    out.push('', `## ${section.title}`, '', `| ${head.join(' | ')} |`, `|${head.map((_, i) => (i >= head.length - combos.length ? ':-:|' : '---|')).join('')}`);
    for (const { tool: t, callers, disallowed } of section.tools) {
      const cols = [
        `${code(t.key)} ${cell(t.label)}`,
        codes(t.names),
        t.exposure,
        t.condition?.name ?? (t.available.kind === 'condition' ? t.available.condition : '—'),
        t.pairGroup ?? '—',
        t.dependsOn.length > 0 ? t.dependsOn.join(', ') : '—',
        ...(d.showCallers ? [callers.join(', ') || '—'] : []),
        t.approval,
        ...disallowed.map((x) => (x ? '✗' : '✓')),
      ];
      out.push(`| ${cols.join(' | ')} |`);
    }
  }
  if (d.pairGroups.length > 0) {
    out.push('', '## Pair groups', '', '| pair group | members (all or nothing) |', '|---|---|');
    d.pairGroups.forEach((g) => out.push(`| ${g.name} | ${codes(g.members)} |`));
  }
  out.push('', '## User toggles (every condition true)', '', '| toggle off | disallows |', '|---|---|');
  matrix.toggles.forEach((t) => out.push(`| ${code(t.key)} | ${codes(t.disallows)} |`));
  const callers = callerSectionMarkdown(model, d.callers);
  return `${out.join('\n')}\n${callers ? `\n${callers}` : ''}`;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function htmlView(d: ReportData) {
  const { model, matrix } = d;
  return {
    title: escapeHtml(`Exposure matrix — ${model.name}`),
    catalog: escapeHtml(model.name),
    toolCount: model.tools.length,
    sampled: matrix.sampled,
    maxExhaustive: MAX_EXHAUSTIVE_CONDITIONS,
    conditions: model.conditions.map((c) => ({ name: escapeHtml(c.name), description: escapeHtml(c.description) })),
    combinations: matrix.combinations.map((c, i) => ({ id: c.id, values: c.values.map((v) => (v ? 'true' : 'false')), count: matrix.disallowedCounts[i] })),
    showCallers: d.showCallers,
    sections: d.sections.map((s) => ({
      title: escapeHtml(s.title),
      tools: s.tools.map(({ tool: t, callers, disallowed }) => ({
        key: escapeHtml(t.key),
        label: escapeHtml(t.label),
        description: escapeHtml(t.description),
        names: t.names.map(escapeHtml),
        exposure: t.exposure,
        condition: escapeHtml(t.condition?.name ?? (t.available.kind === 'condition' ? t.available.condition : '')),
        pairGroup: escapeHtml(t.pairGroup ?? ''),
        dependsOn: escapeHtml(t.dependsOn.join(', ')),
        callers: escapeHtml(callers.join(', ')),
        approval: t.approval,
        cells: disallowed.map((x) => ({ blocked: x })),
      })),
    })),
    pairGroups: d.pairGroups.map((g) => ({ name: escapeHtml(g.name), members: g.members.map(escapeHtml).join(', ') })),
    toggles: matrix.toggles.map((t) => ({ key: escapeHtml(t.key), disallows: t.disallows.map(escapeHtml).join(', ') })),
    callers: d.callers.map((c) => ({
      name: escapeHtml(c.caller),
      groups: escapeHtml(c.groups.join(', ')),
      offered: c.offered.map(escapeHtml),
      factories: c.factories.map(escapeHtml),
      runtimeChecks: c.runtimeChecks.map(escapeHtml),
    })),
    predicateRemovals: model.conditions.map((p) => ({ name: escapeHtml(p.name), cells: d.callers.map((c) => (c.removedBy.get(p.name) ?? []).map(escapeHtml)) })),
  };
}

/** The report of `model` in `format`; HTML is one page with inline CSS and no external resources. */
export function renderPolicyReport(model: CatalogModel, format: ReportFormat, templates: TemplateSet): string {
  const data = reportData(model);
  if (format === 'md') return renderMarkdown(data);
  return templates.get('policy-report.html')!(htmlView(data));
}
