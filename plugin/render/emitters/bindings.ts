// Emits `bindings.ts` (the binding type `Record<ToolKey, Binding>` and the runtime-name lookup) and,
// when the app's binding file does not exist yet, its `satisfies`-checked skeleton (create-only).
import path from 'node:path';
import { bindingEntry, bindingsModuleSpecifier, iconTypeImport, placeholderDeclaration } from '../../bindings/binding-entries';
import type { CatalogModel } from '../../model/catalog-model';
import type { EmittedFile, Emitter, EmitContext } from '../emitter';
import { tsKey, tsString } from '../templates';
import { lowerFirst } from '../../spelling';

/** The skeleton of the app's binding file: one entry per tool in catalog order. */
export function renderBindingSkeleton(model: CatalogModel, templates: EmitContext['templates'], bindingFile: string): string {
  const entries = model.tools.map((t) => bindingEntry(model, t, { alwaysTodo: false }));
  const placeholder = entries.some((e) => e.usesPlaceholder) ? placeholderDeclaration(model, `${model.prefix}UiIcon`) : '';
  return templates.get('binding-skeleton.ts')!({
    catalog: model.name,
    P: model.prefix,
    C: model.constPrefix,
    module: bindingsModuleSpecifier(model, bindingFile),
    placeholder,
    entries: entries.map((e) => `${e.code},${e.comment ? ` ${e.comment}` : ''}`),
  });
}

/**
 * One `name: 'Key',` line per runtime name, owned by the first tool that declares it (validation
 * reports duplicates); joined here rather than by a Handlebars `each` over thousands of names.
 */
function nameRows(model: CatalogModel): string {
  const seen = new Set<string>();
  let rows = '';
  for (const t of model.tools) {
    for (const name of t.names) {
      if (seen.has(name)) continue;
      seen.add(name);
      rows += `  ${tsKey(name)}: ${tsString(t.key)},\n`;
    }
  }
  return rows;
}

export const bindingsEmitter: Emitter = {
  name: 'bindings',
  reads(model) {
    return model.config.bindings ? [model.config.bindings.file] : [];
  },
  emit({ model, templates, header, existing }) {
    const icon = iconTypeImport(model);
    const ref = model.config.bindings?.iconType;
    const view = {
      header,
      P: model.prefix,
      C: model.constPrefix,
      lower: lowerFirst(model.prefix),
      iconImport: icon?.exportName,
      iconModule: icon?.specifier,
      iconSource: ref ? `config bindings.iconType: ${ref.export ?? 'default'} from '${ref.module}'` : 'the default; set bindings.iconType in the config to use your own',
      nameRows: nameRows(model),
      mirrors: model.tools.filter((t) => t.nameSource.kind === 'mirror').map((t) => ({ prefix: `mcp__${t.channel}__`, key: t.key })),
    };
    const files = new Map<string, EmittedFile>([[path.join(model.config.outDir, 'bindings.ts'), { content: templates.get('bindings.ts')!(view) }]]);
    const bindingFile = model.config.bindings?.file;
    if (bindingFile && existing.get(bindingFile) === undefined)
      files.set(bindingFile, { content: renderBindingSkeleton(model, templates, bindingFile), createOnly: true });
    return { files };
  },
};
