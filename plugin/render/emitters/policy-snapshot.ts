// Emits `policy.md`: the checked-in Markdown snapshot of the disallowed set per condition combination,
// each user toggle's effect and each caller's offer, so a review sees any granted tool as a diff line.
import path from 'node:path';
import { policyTablesOf } from '../../policy/build-policy-tables';
import { callerSectionMarkdown } from '../../policy/caller-matrix';
import { MAX_EXHAUSTIVE_CONDITIONS, policyMatrix } from '../../policy/policy-matrix';
import type { Emitter } from '../emitter';

/** Inline code in a Markdown table cell. */
export const mdCode = (s: string) => `\`${s.replace(/\|/g, '\\|')}\``;
export const mdCodeList = (items: readonly string[]) => (items.length === 0 ? '—' : items.map(mdCode).join(', '));

/** The shared `//` header as plain lines for an HTML comment (lint directives left out). */
export const plainHeader = (header: string) =>
  header.split('\n').filter((l) => l.startsWith('// ') && !l.includes('biome-ignore')).map((l) => l.slice(3).replace(/--/g, '- -')).join('\n');

export const policySnapshotEmitter: Emitter = {
  name: 'policy-snapshot',
  emit({ model, templates, header }) {
    const tables = policyTablesOf(model);
    const matrix = policyMatrix(tables);
    const view = {
      header: plainHeader(header),
      catalog: model.name,
      sampled: matrix.sampled,
      maxExhaustive: MAX_EXHAUSTIVE_CONDITIONS,
      conditionNames: tables.conditions.map((c) => c.name),
      combinations: matrix.combinations.map((c, i) => ({ id: c.id, values: c.values.map(String), count: matrix.disallowedCounts[i] })),
      // One line per tool, joined here rather than by a template loop (a data frame and lookups per row).
      rows: matrix.rows.map((r) => `| \`${r.key}\` | ${mdCodeList(r.names)} | ${r.exposure} |${r.disallowed.map((d) => (d ? ' ✗ |' : ' ✓ |')).join('')}\n`).join(''),
      toggles: matrix.toggles.map((t) => `| \`${t.key}\` | ${mdCodeList(t.disallows)} |\n`).join(''),
      allowedTools: mdCodeList(matrix.baseline.allowedTools),
      mcpEnsureAllowed: mdCodeList(matrix.baseline.mcpEnsureAllowed),
      // Empty (no section) when the catalog declares no callers.
      callerSection: callerSectionMarkdown(model).trimEnd(),
    };
    return { files: new Map([[path.join(model.config.outDir, 'policy.md'), { content: templates.get('policy.md')!(view) }]]) };
  },
};
