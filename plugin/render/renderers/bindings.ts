// Renders `bindings.ts` (the binding type `Record<ToolKey, Binding>` and the runtime-name lookup) and,
// when the app's binding file does not exist yet, its `satisfies`-checked skeleton (create-only).
import path from 'node:path';
import type { CatalogModel, ToolModel } from '../../model/catalog-model.js';
import { derivedPer } from '../../session-memory.js';
import { docCommentText, lineCommentText, tsKey, tsString } from '../../text/escape.js';
import { lowerFirst } from '../../text/spelling.js';
import { layOut, type RenderedFile, type Renderer, type RenderContext } from '../renderer.js';
import {
  bindingEntry,
  bindingsModuleSpecifier,
  iconTypeImport,
  placeholderDeclaration,
} from './binding-entries.js';
import { moduleSpecifier, siblingModule } from './module-specifiers.js';
import type { BindingSkeletonView, BindingsView } from '../template-views.js';

function bindingSkeletonView(model: CatalogModel, bindingFile: string): BindingSkeletonView {
  const entries = model.tools.map((t) => bindingEntry(model, t, { alwaysTodo: false }));
  return {
    catalog: lineCommentText(`'${model.name}'`),
    P: model.prefix,
    C: model.constPrefix,
    module: moduleSpecifier(bindingsModuleSpecifier(model, bindingFile)),
    placeholder: entries.some((e) => e.usesPlaceholder)
      ? placeholderDeclaration(model, `${model.prefix}UiIcon`)
      : undefined,
    entries: entries.map(({ code, comment }) => ({ code, comment })),
  };
}

/** The skeleton of the app's binding file: one entry per tool in output order. */
export function renderBindingSkeleton(
  model: CatalogModel,
  templates: RenderContext['templates'],
  bindingFile: string,
): string {
  return templates.get('binding-skeleton.ts')(bindingSkeletonView(model, bindingFile));
}

/** A tool's rows of the runtime-name lookup, kept with its model object. */
const nameRows = derivedPer(
  'binding name rows',
  (t: ToolModel) =>
    t.names.map((name) => ({ raw: name, row: { name: tsKey(name), key: tsString(t.key) } })),
  { watchOnly: true },
);

/** Each runtime name once, owned by the first tool that declares it (validation reports duplicates). */
function nameOwners(model: CatalogModel): { name: string; key: string }[] {
  const seen = new Set<string>();
  const rows: { name: string; key: string }[] = [];
  for (const t of model.tools) {
    for (const { raw, row } of nameRows(t)) {
      if (seen.has(raw)) continue;
      seen.add(raw);
      rows.push(row);
    }
  }
  return rows;
}

function bindingsView(model: CatalogModel, header: string): BindingsView {
  const icon = iconTypeImport(model);
  const ref = model.config.bindings?.iconType;
  return {
    header,
    P: model.prefix,
    C: model.constPrefix,
    lower: lowerFirst(model.prefix),
    registryModule: siblingModule(model, 'registry'),
    iconImport: icon?.exportName,
    iconModule: icon && moduleSpecifier(icon.specifier),
    iconSource: docCommentText(
      ref
        ? `config bindings.iconType: ${ref.export ?? 'default'} from '${ref.module}'`
        : 'the default; set bindings.iconType in the config to use your own',
    ),
    names: nameOwners(model),
    mirrors: model.tools
      .filter((t) => t.nameSource.kind === 'mirror')
      .map((t) => ({ prefix: tsString(`mcp__${t.channel}__`), key: tsString(t.key) })),
  };
}

export const bindingsRenderer: Renderer = {
  name: 'bindings',
  showsNoCopy: true,
  reads(model) {
    return model.config.bindings ? [model.config.bindings.file] : [];
  },
  render(context) {
    const { model, templates, header, existing } = context;
    const file = path.join(model.config.outDir, 'bindings.ts');
    const files = new Map<string, RenderedFile>([
      [file, { content: layOut(context, 'bindings.ts', bindingsView(model, header), file) }],
    ]);
    const bindingFile = model.config.bindings?.file;
    if (bindingFile && existing.get(bindingFile) === undefined)
      files.set(bindingFile, {
        content: renderBindingSkeleton(model, templates, bindingFile),
        createOnly: true,
      });
    return { files };
  },
};
