// Emits `i18n-keys.ts`: the union of every i18n key and the helpers that map a tool key or a
// category to its label and description keys (issue 4, typed keys).
import path from 'node:path';
import type { Emitter } from '../emitter';
import { tsKey, tsString } from '../templates';
import { i18nEntries } from './i18n-entries';
import { lowerFirst } from '../../spelling';


export const i18nKeysEmitter: Emitter = {
  name: 'i18n-keys',
  emit({ model, templates, header }) {
    const view = {
      header,
      P: model.prefix,
      C: model.constPrefix,
      lower: lowerFirst(model.prefix),
      locales: model.config.i18n.locales.join(', '),
      keys: i18nEntries(model).map((e) => e.key),
      // One line per tool, joined here rather than by a Handlebars `each` (a data frame and helper lookups per tool).
      toolRows: model.tools.map((t) => `  ${tsKey(t.key)}: { label: ${tsString(t.labelKey)}, description: ${tsString(t.descriptionKey)} },\n`).join(''),
      categories: model.categories.map((c) => ({ name: c.name, label: c.labelKey })),
    };
    return { files: new Map([[path.join(model.config.outDir, 'i18n-keys.ts'), { content: templates.get('i18n-keys.ts')!(view) }]]) };
  },
};
