// Renders `i18n-keys.ts`: the union of every i18n key and the helpers that map a tool key or a
// category to its label and description keys, so code naming a removed tool's key fails typecheck.
import path from 'node:path';
import type { CatalogModel } from '../../model/catalog-model.js';
import { docCommentText, tsKey, tsString } from '../../text/escape.js';
import { lowerFirst } from '../../text/spelling.js';
import { oneFile, type Renderer } from '../renderer.js';
import { i18nEntries } from './i18n-entries.js';
import { siblingModule } from './module-specifiers.js';

export function i18nKeysView(model: CatalogModel, header: string) {
  return {
    header,
    P: model.prefix,
    C: model.constPrefix,
    lower: lowerFirst(model.prefix),
    registryModule: siblingModule(model, 'registry'),
    locales: docCommentText(model.config.i18n.locales.join(', ')),
    keys: i18nEntries(model).map((e) => tsString(e.key)),
    tools: model.tools.map((t) => ({ property: tsKey(t.key), label: tsString(t.labelKey), description: tsString(t.descriptionKey) })),
    categories: model.categories.map((c) => ({ name: tsKey(c.name), label: tsString(c.labelKey) })),
  };
}

export const i18nKeysRenderer: Renderer = {
  name: 'i18n-keys',
  render({ model, templates, header }) {
    return oneFile(path.join(model.config.outDir, 'i18n-keys.ts'), templates.get<ReturnType<typeof i18nKeysView>>('i18n-keys.ts')(i18nKeysView(model, header)));
  },
};
