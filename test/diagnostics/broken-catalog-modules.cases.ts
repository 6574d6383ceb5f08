// Broken and hostile catalog modules: what evaluating them runs into (syntax, imports, throws, the
// process, loops that never end, exports that are not plain data) and catalogs that declare nothing.
import { type Case, TOOLS } from './broken-input-check';

/** The parts of a module that never finishes: `body` before the tools, and a short evaluation deadline. */
const loop = (body: string) => ({
  config: ", outDir: 'generated/demo'",
  top: ', evaluationTimeoutMs: 300',
  tools: `${body}\n${TOOLS}`,
});

export const CATALOG_MODULE_CASES: Case[] = [
  {
    kind: 'syntax error',
    parts: {
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'file',/*@*/, } });`,
    },
    code: 'TC100',
  },
  {
    kind: 'import of a package',
    parts: {
      tools: `import { z } from /*@*/'zod';\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file', label: String(z) } });`,
    },
    code: 'TC102',
  },
  {
    kind: 'import of a Node built-in',
    parts: {
      tools: `import fs from /*@*/'node:fs';\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file', label: String(fs) } });`,
    },
    code: 'TC102',
  },
  {
    kind: 'require of a Node built-in',
    parts: {
      tools: `const fs = require(/*@*/'fs');\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file', label: String(fs) } });`,
    },
    code: 'TC102',
  },
  {
    kind: 'relative import of a missing file',
    parts: {
      tools: `import { x } from /*@*/'./missing';\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file', label: x } });`,
    },
    code: 'TC100',
  },
  {
    kind: 'a module throws an Error',
    parts: {
      tools: `const labels: Record<string, { text: string }> = {};\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file', label: labels.read!./*@*/text } });`,
    },
    code: 'TC101',
  },
  {
    kind: 'a module throws a string',
    parts: { tools: `if (demo) /*@*/throw 'no catalog today';\n${TOOLS}` },
    code: 'TC101',
  },
  {
    kind: 'a module calls process.exit',
    parts: { tools: `/*@*/process.exit(0);\n${TOOLS}` },
    code: 'TC101',
  },
  {
    kind: 'a module writes a file through the process',
    parts: {
      tools: `(/*@*/process as any).getBuiltinModule('node:fs').writeFileSync('pwned', 'x');\n${TOOLS}`,
    },
    code: 'TC101',
  },
  {
    kind: 'a relative import of an app module that reaches for process',
    parts: {
      files: { 'src/server.ts': 'export const port = Number(/*@*/process.env.PORT);\n' },
      tools: `import { port } from '../src/server';\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file', label: String(port) } });`,
    },
    code: 'TC101',
  },
  {
    kind: 'a module replaces JSON, which the loader relies on',
    parts: { tools: `JSON.stringify = () => 'forged';\n${TOOLS}` },
    code: 'TC101',
    at: { file: 'catalog/tools.catalog.ts', line: 1, column: 1 },
  },
  {
    kind: 'a module uses a timer',
    parts: { tools: `/*@*/setTimeout(() => {}, 1);\n${TOOLS}` },
    code: 'TC101',
  },
  { kind: 'a module never finishes', parts: loop('/*@*/for (;;) {}'), code: 'TC103' },
  {
    kind: 'a getter never returns',
    parts: {
      ...loop(''),
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'file', get label(): string { /*@*/while (true) {} } } });`,
    },
    code: 'TC103',
  },
  {
    kind: 'top-level await',
    parts: { tools: `/*@*/await new Promise(() => {});\n${TOOLS}` },
    code: 'TC100',
  },
  {
    kind: 'a BigInt label',
    parts: {
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'file', label: /*@*/12n as never } });`,
    },
    code: 'TC171',
  },
  {
    kind: 'a circular label',
    parts: {
      tools: `const label: Record<string, unknown> = {};\nlabel.self = label;\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file', label: /*@*/label as never } });`,
    },
    code: 'TC171',
  },
  {
    kind: 'a label whose getter throws',
    parts: {
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'file', get /*@*/label(): string { throw new Error('boom'); } } });`,
    },
    code: 'TC171',
  },
  {
    kind: 'a function as a label',
    parts: {
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'file', label: (/*@*/() => 'Read') as never } });`,
    },
    code: 'TC171',
  },
  {
    kind: 'an infinite number as a label',
    parts: {
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'file', label: /*@*/Infinity as never } });`,
    },
    code: 'TC171',
  },
  {
    kind: 'no file exports a catalog',
    parts: {
      files: {
        'catalog/vocab.catalog.ts': '/*@*/export const nothing = 1;\n',
        'catalog/tools.catalog.ts': 'export const alsoNothing = 2;\n',
      },
    },
    code: 'TC110',
    at: { file: 'catalog/tools.catalog.ts', line: 1, column: 1 },
  },
  {
    kind: 'a catalog without tools',
    parts: { tools: 'export const none = 1;' },
    code: 'TC111',
    at: { file: 'catalog/vocab.catalog.ts' },
  },
  {
    kind: 'include globs match no file',
    parts: {
      files: {
        'tool-catalog.config.ts':
          "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: /*@*/['catalogs/**/*.catalog.ts'] } } });\n",
      },
    },
    code: 'TC111',
  },
  {
    kind: 'tools given something that is not an object',
    parts: { tools: `export default demo.tools(/*@*/null as never);` },
    code: 'TC171',
  },
  {
    kind: 'a catalog whose vocabulary is not an object',
    parts: {
      files: {
        'catalog/vocab.catalog.ts':
          "import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog(/*@*/null as never);\n",
      },
    },
    code: 'TC171',
  },
  {
    kind: 'tools of another defineCatalog',
    parts: {
      files: {
        'catalog/other.catalog.ts':
          "import { defineCatalog } from 'agent-tool-catalog';\nconst other = defineCatalog({ categories: ['file'] });\nexport default other.tools(/*@*/{ Grep: { kind: 'sdk', category: 'file' } });\n",
      },
    },
    code: 'TC112',
  },
];
