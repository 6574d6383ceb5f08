// Emits `registry.ts`: the typed registry, key and name unions, vocabulary unions, ordered
// category lists and the user-facing list (SPEC §3.1).
import path from 'node:path';
import type { CatalogModel, ToolModel } from '../../model/catalog-model';
import type { Emitter } from '../emitter';
import { tsArray, tsKey, tsString } from '../templates';

/**
 * The descriptor's fields as one line of TypeScript, optional fields left out when absent. Plain
 * concatenation: this runs once per tool and was a tenth of rendering at 5,000 tools as arrays.
 */
function descriptorFields(t: ToolModel): string {
  let line = `key: ${tsString(t.key)}, kind: ${tsString(t.kind)}, names: ${tsArray(t.names)}`;
  if (t.category) line += `, category: ${tsString(t.category)}`;
  line += `, exposure: ${tsString(t.exposure)}`;
  if (t.condition) line += `, condition: ${tsString(t.condition.name)}`;
  if (t.pairGroup) line += `, pairGroup: ${tsString(t.pairGroup)}`;
  line += `, dependsOn: ${tsArray(t.dependsOn)}, groups: ${tsArray(t.groups)}`;
  if (t.server) line += `, server: ${tsString(t.server)}`;
  if (t.wire) line += `, wire: ${tsString(t.wire)}`;
  if (t.channel) line += `, channel: ${tsString(t.channel)}`;
  line += `, sdkTyped: ${t.sdkTyped}`;
  if (t.sdkType) line += `, sdkType: ${tsString(t.sdkType)}`;
  return `${line}, factory: ${t.factory}, restricted: ${t.restricted}, approval: ${tsString(t.approval)}, labelKey: ${tsString(t.labelKey)}, descriptionKey: ${tsString(t.descriptionKey)}`;
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

/** Each category's keys in catalog order, from one pass over the tools (not one filter per category). */
function keysByCategory(model: CatalogModel): { name: string; keys: string[] }[] {
  const buckets = new Map<string, string[]>(model.categories.map((c) => [c.name, []]));
  for (const t of model.tools) if (t.category !== undefined) buckets.get(t.category)?.push(t.key);
  return model.categories.map((c) => ({ name: c.name, keys: buckets.get(c.name)! }));
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
      // One line per tool, joined here: Handlebars' `each` (a data frame and helper lookups per item) doubled this emitter's time.
      toolRows: model.tools.map((t) => `  ${tsKey(t.key)}: { ${descriptorFields(t)} },`).join('\n'),
      byCategory: keysByCategory(model),
      userTools: userToolsInCategoryOrder(model).map((t) => t.key),
      callerGroups: Object.entries(model.callers).map(([name, groups]) => ({ name, groups })),
    };
    return { files: new Map([[path.join(model.config.outDir, 'registry.ts'), { content: templates.get('registry.ts')!(view) }]]) };
  },
};
