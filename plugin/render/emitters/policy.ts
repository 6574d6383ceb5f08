// Emits `policy.ts`: the catalog's precomputed disallowed-tool tables, its typed condition
// context and the runtime's policy functions bound to them (issue 3, SPEC §3.2).
import path from 'node:path';
import type { PolicyToolEntry } from '../../runtime/policy-tables';
import { policyTablesOf } from '../../policy/build-policy-tables';
import type { Emitter } from '../emitter';
import { tsArray, tsKey, tsString } from '../templates';

/** One tool entry as a line of TypeScript, optional fields left out when absent (hot: one per tool). */
function entryLine(t: PolicyToolEntry): string {
  let line = `    { key: ${tsString(t.key)}, kind: ${tsString(t.kind)}, exposure: ${tsString(t.exposure)}, names: ${tsArray(t.names)}`;
  if (t.condition !== undefined) line += `, condition: ${tsString(t.condition)}`;
  if (t.unavailable) line += ', unavailable: true';
  if (t.pairGroup !== undefined) line += `, pairGroup: ${tsString(t.pairGroup)}`;
  return `${line}, dependsOn: ${tsArray(t.dependsOn)}, approval: ${tsString(t.approval)} },\n`;
}

/** A description safe inside a `/** … *\/` comment on one line. */
const docText = (s: string) => s.replace(/\*\//g, '* /').replace(/\s+/g, ' ').trim();

export const policyEmitter: Emitter = {
  name: 'policy',
  emit({ model, templates, header }) {
    const tables = policyTablesOf(model);
    const view = {
      header,
      catalog: model.name,
      P: model.prefix,
      C: model.constPrefix,
      runtimeModule: model.config.runtimeModule,
      conditions: model.conditions.map((c) => ({ name: c.name, field: c.field, description: docText(c.description) })),
      // Lines joined here rather than by a template loop (a data frame and helper lookups per entry).
      tools: tables.tools.map(entryLine).join(''),
      servers: tables.servers,
      alwaysDisallowed: tables.alwaysDisallowed,
      whenConditionFails: Object.entries(tables.whenConditionFails).map(([name, keys]) => ({ name, keys })),
      whenOptedOut: Object.entries(tables.whenOptedOut).map(([name, keys]) => `    ${tsKey(name)}: ${tsArray(keys)},\n`).join(''),
    };
    return { files: new Map([[path.join(model.config.outDir, 'policy.ts'), { content: templates.get('policy.ts')!(view) }]]) };
  },
};
