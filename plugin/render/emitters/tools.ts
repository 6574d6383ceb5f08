// Emits `tools.ts`: seed 2's caller groups and per-invocation context for one catalog — the
// predicate interface the app implements, builders imported by module + export, bound buildTools / toolNames.
import path from 'node:path';
import type { CatalogModel, ResolvedModuleRef, ToolModel } from '../../model/catalog-model';
import type { Emitter } from '../emitter';
import { tsArray, tsString } from '../templates';
import { lowerFirst } from '../../spelling';

/** One import statement: the specifier and `export as local` pairs, sorted for byte-stable output. */
interface ImportView {
  readonly specifier: string;
  readonly bindings: string;
}

/** Turns module references into unique local identifiers, one import per (module, export). */
class ImportTable {
  private readonly locals = new Map<string, string>();
  private readonly used = new Set<string>();
  private readonly bySpecifier = new Map<string, Map<string, string>>();

  local(ref: ResolvedModuleRef, hint: string): string {
    const id = `${ref.specifier}\0${ref.exportName}`;
    const existing = this.locals.get(id);
    if (existing) return existing;
    const base = `${hint.replace(/[^A-Za-z0-9_$]/g, '_').replace(/^(?=[0-9])/, '_')}`;
    let name = base;
    for (let i = 2; this.used.has(name); i++) name = `${base}${i}`;
    this.used.add(name);
    this.locals.set(id, name);
    const bindings = this.bySpecifier.get(ref.specifier) ?? new Map<string, string>();
    bindings.set(name, ref.exportName);
    this.bySpecifier.set(ref.specifier, bindings);
    return name;
  }

  views(): ImportView[] {
    return [...this.bySpecifier.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([specifier, bindings]) => ({
        specifier,
        bindings: [...bindings.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([local, exported]) => `${exported} as ${local}`).join(', '),
      }));
  }
}

const camel = (key: string) => key.replace(/[^A-Za-z0-9]+([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase());

/** One entry of the runtime table as a line of TypeScript; fields at their defaults are left out. */
function entryFields(t: ToolModel, imports: ImportTable, P: string): string {
  const fields: string[] = [`key: ${tsString(t.key)}`, `kind: ${tsString(t.kind)}`, `groups: ${tsArray(t.groups)}`];
  if (t.nameSource.kind === 'static') fields.push(`names: ${tsArray(t.names)}`);
  const namespace = t.server ?? t.channel;
  if (namespace !== undefined) fields.push(`namespace: ${tsString(namespace)}`);
  if (t.exposure === 'disabled') fields.push('disabled: true');
  if (t.exposure === 'conditional' && t.condition) fields.push(`condition: ${tsString(t.condition.field)}`);
  const a = t.available;
  if (a.kind === 'never') fields.push('available: false');
  else if (a.kind === 'condition') fields.push(`available: ${tsString(a.field)}`);
  else if (a.kind === 'function') fields.push(`available: ${imports.local(a.ref, `${camel(t.key)}Available`)} satisfies ${P}ToolAvailabilityCheck`);
  if (t.nameSource.kind === 'resolve') fields.push(`resolveNames: ${imports.local(t.nameSource.ref, `${camel(t.key)}Names`)} satisfies ${P}ToolNameResolver`);
  if (t.nameSource.kind === 'mirror') fields.push(`mirror: ${tsString(t.nameSource.channel)}`);
  if (t.factory) fields.push('factory: true');
  else if (t.builder) fields.push(`build: ${imports.local(t.builder, `${camel(t.key)}Builder`)} satisfies ${P}ToolBuilder`);
  return fields.join(', ');
}

export function toolsView(model: CatalogModel, header: string) {
  const imports = new ImportTable();
  // One line per tool, joined here rather than by a Handlebars `each` (a data frame and helper lookups per tool).
  let entryRows = '';
  for (const t of model.tools) entryRows += `  { ${entryFields(t, imports, model.prefix)} },\n`;
  const restricted = model.tools.filter((t) => t.restricted);
  return {
    header,
    P: model.prefix,
    C: model.constPrefix,
    fnPrefix: lowerFirst(model.prefix),
    runtimeModule: model.config.runtimeModule,
    imports: imports.views(),
    predicates: model.conditions.map((c) => ({ field: c.field, name: c.name, description: c.description || `the '${c.name}' predicate` })),
    hasPredicates: model.conditions.length > 0,
    factoryKeys: model.tools.filter((t) => t.factory).map((t) => t.key),
    entryRows,
    restrictedNames: [...new Set(restricted.flatMap((t) => t.names))],
    restrictedChannels: [...new Set(restricted.filter((t) => t.nameSource.kind === 'mirror').map((t) => t.channel!))],
    guardedChannels: model.channels,
    // In-process MCP tools that follow the permission mode: the ones that prompt unless pre-approved.
    promptingNames: [...new Set(model.tools.filter((t) => t.kind === 'mcp' && t.approval === 'permission-mode').flatMap((t) => t.names))],
  };
}

export const toolsEmitter: Emitter = {
  name: 'tools',
  emit({ model, templates, header }) {
    const content = templates.get('tools.ts')!(toolsView(model, header));
    return { files: new Map([[path.join(model.config.outDir, 'tools.ts'), { content }]]) };
  },
};
