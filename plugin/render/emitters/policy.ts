// Emits `policy.ts`: the catalog's precomputed disallowed-tool tables, its typed condition
// context and the runtime's policy functions bound to them (issue 3, SPEC §3.2).
import path from 'node:path';
import type { PolicyToolEntry } from '../../runtime/policy-tables';
import { policyTablesOf } from '../../policy/build-policy-tables';
import type { Emitter } from '../emitter';
import { tsArray, tsString } from '../templates';

/** One tool entry as a line of TypeScript, optional fields left out when absent. */
function entryFields(t: PolicyToolEntry): string {
  const fields: [string, string | undefined][] = [
    ['key', tsString(t.key)],
    ['kind', tsString(t.kind)],
    ['exposure', tsString(t.exposure)],
    ['names', tsArray(t.names)],
    ['condition', t.condition === undefined ? undefined : tsString(t.condition)],
    ['unavailable', t.unavailable ? 'true' : undefined],
    ['pairGroup', t.pairGroup === undefined ? undefined : tsString(t.pairGroup)],
    ['dependsOn', tsArray(t.dependsOn)],
    ['approval', tsString(t.approval)],
  ];
  return fields.filter(([, v]) => v !== undefined).map(([k, v]) => `${k}: ${v}`).join(', ');
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
      tools: tables.tools.map(entryFields),
      servers: tables.servers,
      alwaysDisallowed: tables.alwaysDisallowed,
      whenConditionFails: Object.entries(tables.whenConditionFails).map(([name, keys]) => ({ name, keys })),
      whenOptedOut: Object.entries(tables.whenOptedOut).map(([name, keys]) => ({ name, keys })),
    };
    return { files: new Map([[path.join(model.config.outDir, 'policy.ts'), { content: templates.get('policy.ts')!(view) }]]) };
  },
};
