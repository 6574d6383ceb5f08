// Renders `i18n-keys.ts`: the union of every i18n key and the helpers that map a tool key or a
// category to its label and description keys, so code naming a removed tool's key fails typecheck.
import type { CatalogModel, ToolModel } from '../../model/catalog-model.js';
import { derivedPer } from '../../session-memory.js';
import { docCommentText, tsKey, tsString } from '../../text/escape.js';
import { lowerFirst } from '../../text/spelling.js';
import { templateFile, type Renderer } from '../renderer.js';
import { i18nEntries, type I18nEntry } from './i18n-entries.js';
import { siblingModule } from './module-specifiers.js';
import type { I18nKeysView } from '../template-views.js';

const keyLiteral = derivedPer('i18n key literal', (e: I18nEntry) => tsString(e.key), {
  watchOnly: true,
});
const toolRow = derivedPer(
  'i18n keys tool row',
  (t: ToolModel) => ({
    property: tsKey(t.key),
    label: tsString(t.labelKey),
    description: tsString(t.descriptionKey),
  }),
  { watchOnly: true },
);

function i18nKeysView(model: CatalogModel, header: string): I18nKeysView {
  return {
    header,
    P: model.prefix,
    C: model.constPrefix,
    lower: lowerFirst(model.prefix),
    registryModule: siblingModule(model, 'registry'),
    locales: docCommentText(model.config.i18n.locales.join(', ')),
    keys: i18nEntries(model).map(keyLiteral),
    tools: model.tools.map(toolRow),
    categories: model.categories.map((c) => ({ name: tsKey(c.name), label: tsString(c.labelKey) })),
  };
}

export const i18nKeysRenderer: Renderer = {
  name: 'i18n-keys',
  showsNoCopy: true,
  render(context) {
    const { model, header } = context;
    return templateFile(context, 'i18n-keys.ts', i18nKeysView(model, header));
  },
};
