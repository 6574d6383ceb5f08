// A small project: a config, a vocabulary and two tools files, the second (`catalog/b.catalog.ts`)
// with one tool whose label a test changes.

/** The text of `catalog/b.catalog.ts` with `Grep` labelled `label`. */
export const grepTools = (label: string) =>
  `import { demo } from './vocab.catalog';\nexport default demo.tools({ Grep: { kind: 'sdk', category: 'file', label: '${label}' } });\n`;

export const TWO_FILE_PROJECT = {
  'tool-catalog.config.ts':
    "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/*.catalog.ts'] } } });\n",
  'catalog/vocab.catalog.ts':
    "import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ['file'] });\n",
  'catalog/a.catalog.ts':
    "import { demo } from './vocab.catalog';\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file', label: 'Read' } });\n",
  'catalog/b.catalog.ts': grepTools('Grep'),
};
