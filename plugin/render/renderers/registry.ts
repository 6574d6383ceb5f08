// Renders `registry.ts`: the typed registry (one multi-line entry per tool, so a one-field change is
// a one-line diff), key and name unions, vocabulary unions, ordered category lists and the user-facing list.
import type { CatalogModel, ToolModel } from '../../model/catalog-model.js';
import { tsKey, tsString } from '../../text/escape.js';
import { flatString } from '../../text/flat-string.js';
import { templateFile, type Renderer } from '../renderer.js';
import type { TemplateSet } from '../templates.js';

const list = (items: readonly string[]) => items.map(tsString).join(', ');

/** The registry's fact of when a caller is offered the tool, spelled as the descriptor type says. */
function availability(t: ToolModel): string | undefined {
  switch (t.available.kind) {
    case 'never':
      return 'false';
    case 'condition':
      return tsString(t.available.condition);
    case 'function':
      return `{ appCheck: ${tsString(t.available.ref.exportName)} }`;
    default:
      return undefined;
  }
}

/** One entry's view: each field already spelled as TypeScript; absent optional fields are left out. */
function toolView(t: ToolModel) {
  return {
    property: tsKey(t.key),
    key: tsString(t.key),
    kind: tsString(t.kind),
    names: list(t.names),
    category: t.category === undefined ? undefined : tsString(t.category),
    exposure: tsString(t.exposure),
    condition: t.condition && tsString(t.condition.name),
    available: availability(t),
    pairGroup: t.pairGroup === undefined ? undefined : tsString(t.pairGroup),
    dependsOn: list(t.dependsOn),
    groups: list(t.groups),
    server: t.server === undefined ? undefined : tsString(t.server),
    wire: t.wire === undefined ? undefined : tsString(t.wire),
    channel: t.channel === undefined ? undefined : tsString(t.channel),
    namesFrom: t.nameSource.kind === 'static' ? undefined : tsString(t.nameSource.kind),
    sdkTyped: String(t.sdkTyped),
    sdkType: t.sdkType === undefined ? undefined : tsString(t.sdkType),
    factory: String(t.factory),
    restricted: String(t.restricted),
    runtimeRequires:
      t.runtimeRequires === undefined
        ? undefined
        : typeof t.runtimeRequires === 'string'
          ? tsString(t.runtimeRequires)
          : `{ env: ${tsString(t.runtimeRequires.env)} }`,
    approval: tsString(t.approval),
    labelKey: tsString(t.labelKey),
    descriptionKey: tsString(t.descriptionKey),
  };
}

/** A tool's key and names as string literals, kept with its model object. */
const literalsOfTool = new WeakMap<ToolModel, { key: string; names: readonly string[] }>();

function literalsOf(t: ToolModel) {
  let literals = literalsOfTool.get(t);
  if (!literals) {
    literals = { key: tsString(t.key), names: t.names.map(tsString) };
    literalsOfTool.set(t, literals);
  }
  return literals;
}

/** Each category's keys in output order, from one pass over the tools (not one filter per category). */
function keysByCategory(model: CatalogModel): { name: string; keys: string }[] {
  const buckets = new Map<string, string[]>(model.categories.map((c) => [c.name, []]));
  for (const t of model.tools) if (t.category !== undefined) buckets.get(t.category)?.push(literalsOf(t).key);
  return model.categories.map((c) => ({ name: tsKey(c.name), keys: buckets.get(c.name)!.join(', ') }));
}

/** Rendered entries by tool: in watch mode an unchanged tool keeps its model object, and its text. */
const entries = new WeakMap<TemplateSet, WeakMap<ToolModel, string>>();

function entryOf(t: ToolModel, templates: TemplateSet): string {
  let byTool = entries.get(templates);
  if (!byTool) {
    byTool = new WeakMap();
    entries.set(templates, byTool);
  }
  let text = byTool.get(t);
  if (text === undefined) {
    text = flatString(templates.get<ReturnType<typeof toolView>>('registry-entry.ts')(toolView(t)));
    byTool.set(t, text);
  }
  return text;
}

function registryView(model: CatalogModel, header: string, templates: TemplateSet) {
  const literals = (items: readonly string[]) => items.map(tsString);
  return {
    header,
    P: model.prefix,
    C: model.constPrefix,
    keys: model.tools.map((t) => literalsOf(t).key),
    names: [...new Set(model.tools.flatMap((t) => literalsOf(t).names))],
    categories: literals(model.categories.map((c) => c.name)),
    conditions: literals(model.conditions.map((c) => c.name)),
    conditionFields: model.conditions.map((c) => ({ name: tsString(c.name), field: tsString(c.field) })),
    pairGroups: literals(model.pairGroups),
    groups: literals(model.groups),
    callers: literals(Object.keys(model.callers)),
    servers: literals(model.servers),
    channels: literals(model.channels),
    entries: model.tools.map((t) => entryOf(t, templates)),
    byCategory: keysByCategory(model),
    userTools: model.tools.filter((t) => t.exposure === 'user').map((t) => literalsOf(t).key),
    callerGroups: Object.entries(model.callers).map(([name, groups]) => ({ name: tsKey(name), groups: list(groups) })),
  };
}

export const registryRenderer: Renderer = {
  name: 'registry',
  render(context) {
    const { model, templates, header } = context;
    return templateFile(context, 'registry.ts', registryView(model, header, templates));
  },
};
