// Renders `tools.ts`: caller groups and the per-invocation context for one catalog — the predicate
// interface the app implements, the app code the catalog references (builders, availability checks,
// name resolvers, imported by module and export), and buildTools / toolNames / the guard bound to it.
import type { CatalogModel, ResolvedModuleRef, ToolModel } from '../../model/catalog-model.js';
import { guardFacts } from '../../model/session-facts.js';
import { lowerFirst } from '../../text/spelling.js';
import { docCommentText, tsKey, tsString } from '../../text/escape.js';
import { templateFile, type Renderer } from '../renderer.js';
import { moduleSpecifier, runtimeModule, siblingModule } from './module-specifiers.js';
import type { ToolsView } from '../template-views.js';

/** Turns module references into unique local identifiers, one import per (module, export). */
class ImportTable {
  private readonly locals = new Map<string, string>();
  private readonly used = new Set<string>();
  private readonly bySpecifier = new Map<string, Map<string, string>>();

  local(ref: ResolvedModuleRef, hint: string): string {
    const id = `${ref.specifier}\0${ref.exportName}`;
    const existing = this.locals.get(id);
    if (existing) return existing;
    const base = hint.replace(/[^A-Za-z0-9_$]/g, '_').replace(/^(?=[0-9])/, '_');
    let name = base;
    for (let i = 2; this.used.has(name); i++) name = `${base}${i}`;
    this.used.add(name);
    this.locals.set(id, name);
    const bindings = this.bySpecifier.get(ref.specifier) ?? new Map<string, string>();
    bindings.set(name, ref.exportName);
    this.bySpecifier.set(ref.specifier, bindings);
    return name;
  }

  /** One import statement per module, sorted for byte-stable output. */
  views(): { specifier: string; bindings: string }[] {
    return [...this.bySpecifier.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([specifier, bindings]) => ({
        specifier: moduleSpecifier(specifier),
        bindings: [...bindings.entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([local, exported]) => `${exported} as ${local}`)
          .join(', '),
      }));
  }
}

const camel = (key: string) =>
  key.replace(/[^A-Za-z0-9]+([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The app code of one tool, as imported locals; undefined when it has none. */
function bindingView(t: ToolModel, imports: ImportTable) {
  const check =
    t.available.kind === 'function'
      ? imports.local(t.available.ref, `${camel(t.key)}Available`)
      : undefined;
  const resolveNames =
    t.nameSource.kind === 'resolver'
      ? imports.local(t.nameSource.ref, `${camel(t.key)}Names`)
      : undefined;
  const build =
    !t.factory && t.builder ? imports.local(t.builder, `${camel(t.key)}Builder`) : undefined;
  if (!check && !resolveNames && !build) return undefined;
  return { property: tsKey(t.key), check, resolveNames, build };
}

function toolsView(model: CatalogModel, header: string): ToolsView {
  const imports = new ImportTable();
  const bindings = model.tools.map((t) => bindingView(t, imports)).filter((b) => b !== undefined);
  const facts = guardFacts(model);
  const targets = (model.config.targets ?? [{ name: 'claude-agent-sdk' }]).map((t) => t.name);
  return {
    header,
    P: model.prefix,
    C: model.constPrefix,
    fnPrefix: lowerFirst(model.prefix),
    runtimeModule: runtimeModule(model),
    sdkModule: targets.includes('claude-agent-sdk')
      ? moduleSpecifier('@anthropic-ai/claude-agent-sdk')
      : undefined,
    appTools: targets.some((t) => t !== 'claude-agent-sdk'),
    registryModule: siblingModule(model, 'registry'),
    policyModule: siblingModule(model, 'policy'),
    imports: imports.views(),
    predicates: model.conditions.map((c) => ({
      field: c.field,
      doc: docCommentText(`${c.description || `The '${c.name}' predicate`} (\`${c.name}\`).`),
      type: `${model.prefix}ToolPredicate | boolean`,
    })),
    factoryKeys: model.tools.filter((t) => t.factory).map((t) => tsString(t.key)),
    bindings,
    restrictedNames: facts.restricted.map(tsString),
    restrictedChannels: facts.restrictedChannels.map(tsString),
    guardedChannels: facts.guardedChannels.map(tsString),
    promptingNames: facts.promptingTools.map(tsString),
  };
}

export const toolsRenderer: Renderer = {
  name: 'tools',
  showsNoCopy: true,
  render(context) {
    const { model, header } = context;
    return templateFile(context, 'tools.ts', toolsView(model, header));
  },
};
