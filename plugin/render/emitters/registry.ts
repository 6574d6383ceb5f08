// Emits `registry.ts`: the typed registry, key and name unions, vocabulary unions, ordered
// category lists and the user-facing list (SPEC §3.1).
import path from 'node:path';
import type { CatalogModel, ToolModel } from '../../model/catalog-model';
import type { Emitter } from '../emitter';
import { tsArray, tsString } from '../templates';

/** The descriptor's fields as one line of TypeScript, optional fields left out when absent. */
function descriptorFields(t: ToolModel): string {
  const fields: [string, string | undefined][] = [
    ['key', tsString(t.key)],
    ['kind', tsString(t.kind)],
    ['names', tsArray(t.names)],
    ['category', t.category && tsString(t.category)],
    ['exposure', tsString(t.exposure)],
    ['condition', t.condition && tsString(t.condition.name)],
    ['pairGroup', t.pairGroup && tsString(t.pairGroup)],
    ['dependsOn', tsArray(t.dependsOn)],
    ['groups', tsArray(t.groups)],
    ['server', t.server && tsString(t.server)],
    ['wire', t.wire && tsString(t.wire)],
    ['channel', t.channel && tsString(t.channel)],
    ['sdkTyped', String(t.sdkTyped)],
    ['sdkType', t.sdkType && tsString(t.sdkType)],
    ['factory', String(t.factory)],
    ['restricted', String(t.restricted)],
    ['approval', tsString(t.approval)],
    ['labelKey', tsString(t.labelKey)],
    ['descriptionKey', tsString(t.descriptionKey)],
  ];
  return fields.filter(([, v]) => v !== undefined).map(([k, v]) => `${k}: ${v}`).join(', ');
}

/** User-facing tools ordered by category, then catalog order. */
export function userToolsInCategoryOrder(model: CatalogModel): ToolModel[] {
  const rank = new Map(model.categories.map((c, i) => [c.name, i]));
  return model.tools
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => t.exposure === 'user')
    .sort((a, b) => (rank.get(a.t.category ?? '') ?? Infinity) - (rank.get(b.t.category ?? '') ?? Infinity) || a.i - b.i)
    .map(({ t }) => t);
}

export const registryEmitter: Emitter = {
  name: 'registry',
  emit({ model, templates, header }) {
    const view = {
      header,
      P: model.prefix,
      C: model.constPrefix,
      keys: model.tools.map((t) => t.key),
      names: [...new Set(model.tools.flatMap((t) => t.names))],
      categories: model.categories.map((c) => c.name),
      conditions: model.conditions.map((c) => c.name),
      pairGroups: model.pairGroups,
      groups: model.groups,
      callers: Object.keys(model.callers),
      servers: model.servers,
      channels: model.channels,
      tools: model.tools.map((t) => ({ key: t.key, fields: descriptorFields(t) })),
      byCategory: model.categories.map((c) => ({ name: c.name, keys: model.tools.filter((t) => t.category === c.name).map((t) => t.key) })),
      userTools: userToolsInCategoryOrder(model).map((t) => t.key),
      callerGroups: Object.entries(model.callers).map(([name, groups]) => ({ name, groups })),
    };
    return { files: new Map([[path.join(model.config.outDir, 'registry.ts'), { content: templates.get('registry.ts')!(view) }]]) };
  },
};
