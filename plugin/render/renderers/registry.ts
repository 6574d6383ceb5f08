// Renders `registry.ts`: the typed registry (one multi-line entry per tool, so a one-field change is
// a one-line diff), key and name unions, vocabulary unions, ordered category lists and the user-facing list.
import type { CatalogModel, ToolModel } from '../../model/catalog-model.js';
import { tsKey, tsString } from '../../text/escape.js';
import { derivedPer, kept, keepsLast, memoSlot } from '../../session-memory.js';
import { flatString } from '../../text/flat-string.js';
import { templateFile, type Renderer } from '../renderer.js';
import type { RegistryView } from '../template-views.js';
import { registryEntry, sharedLiterals } from './registry-entry.js';

const list = (items: readonly string[]) => items.map(tsString).join(', ');

/** A tool's key and names as string literals, kept with its model object. */
const literalsOf = derivedPer('registry literals', (t: ToolModel) => ({
  key: tsString(t.key),
  names: t.names.map(tsString),
}));

/** Each category's keys in output order, from one pass over the tools (not one filter per category). */
function keysByCategory(model: CatalogModel): { name: string; keys: string[] }[] {
  const buckets = new Map<string, string[]>(model.categories.map((c) => [c.name, []]));
  for (const t of model.tools)
    if (t.category !== undefined) buckets.get(t.category)?.push(literalsOf(t).key);
  return model.categories.map((c) => ({ name: tsKey(c.name), keys: buckets.get(c.name)! }));
}

/** Laid-out entries by tool: in watch mode an unchanged tool keeps its model object, and its text. */
const ENTRY = memoSlot<ToolModel, string>('registry entry', { watchOnly: true });

function registryView(model: CatalogModel, header: string): RegistryView {
  const literals = (items: readonly string[]) => items.map(tsString);
  const shared = sharedLiterals();
  // Flat only when a session keeps it: the whole output is made flat once it is laid out.
  const entryOf = (t: ToolModel) =>
    kept(ENTRY, t, () => {
      const entry = registryEntry(t, shared);
      return keepsLast() ? flatString(entry) : entry;
    });
  return {
    header,
    P: model.prefix,
    C: model.constPrefix,
    keys: model.tools.map((t) => literalsOf(t).key),
    names: [...new Set(model.tools.flatMap((t) => literalsOf(t).names))],
    categories: literals(model.categories.map((c) => c.name)),
    conditions: literals(model.conditions.map((c) => c.name)),
    conditionFields: model.conditions.map((c) => ({
      name: tsString(c.name),
      field: tsString(c.field),
    })),
    pairGroups: literals(model.pairGroups),
    groups: literals(model.groups),
    callers: literals(Object.keys(model.callers)),
    servers: literals(model.servers),
    channels: literals(model.channels),
    runtimes: literals(model.runtimes.map((r) => r.name)),
    entries: model.tools.map(entryOf),
    byCategory: keysByCategory(model),
    userTools: model.tools.filter((t) => t.exposure === 'user').map((t) => literalsOf(t).key),
    callerGroups: Object.entries(model.callers).map(([name, groups]) => ({
      name: tsKey(name),
      groups: list(groups),
    })),
  };
}

export const registryRenderer: Renderer = {
  name: 'registry',
  showsNoCopy: true,
  render(context) {
    const { model, header } = context;
    return templateFile(context, 'registry.ts', registryView(model, header));
  },
};
