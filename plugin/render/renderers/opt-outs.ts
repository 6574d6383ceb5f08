// Renders `opt-outs.ts`: the typed opt-out entry (keys, runtime names, server patterns), and the check
// and migration of an opt-out list bound to the catalog's policy tables.
import { prefixedName } from '../../language/naming.js';
import type { CatalogModel } from '../../model/catalog-model.js';
import { lineCommentText } from '../../text/escape.js';
import { templateFile, type Renderer } from '../renderer.js';
import { runtimeModule, siblingModule } from './module-specifiers.js';
import type { OptOutsView } from '../template-views.js';

/**
 * A server or channel name inside a template literal type: only `[A-Za-z0-9_-]` (checked by
 * validation), so no escaping.
 */
const namespaces = (names: readonly string[]) => names.filter((n) => /^[A-Za-z0-9_-]+$/.test(n));

/** The typed settings, as the runtime names its untyped ones. */
const SETTINGS = 'AgentToolSettings';

/** The catalog's typed settings' name: `AgentToolSettings` for the prefix `Agent`, not `AgentAgent…`. */
export const settingsTypeName = (model: CatalogModel) => prefixedName(model.prefix, SETTINGS);

function optOutsView(model: CatalogModel, header: string): OptOutsView {
  const settings = settingsTypeName(model);
  // Channels whose tool names are mirrored or resolved at run time: any name under them may exist.
  const dynamic = model.channels.filter((channel) =>
    model.tools.some((t) => t.channel === channel && t.nameSource.kind !== 'static'),
  );
  return {
    header,
    P: model.prefix,
    C: model.constPrefix,
    catalog: lineCommentText(`'${model.name}'`),
    runtimeModule: runtimeModule(model),
    policyModule: siblingModule(model, 'policy'),
    registryModule: siblingModule(model, 'registry'),
    namespaces: namespaces([...model.servers, ...model.channels]),
    dynamicNamespaces: namespaces(dynamic),
    settings,
    settingsAlias:
      settings === `${model.prefix}${SETTINGS}` ? undefined : `${model.prefix}${SETTINGS}`,
  };
}

export const optOutsRenderer: Renderer = {
  name: 'opt-outs',
  showsNoCopy: true,
  render(context) {
    const { model, header } = context;
    return templateFile(context, 'opt-outs.ts', optOutsView(model, header));
  },
};
