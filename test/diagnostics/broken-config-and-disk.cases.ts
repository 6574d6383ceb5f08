// Broken input around the catalog: the config, the command line, and what is already on disk where
// the outputs go.
import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import type { Case } from './broken-input-check';

export const CONFIG_AND_DISK_CASES: Case[] = [
  // The config and the command line
  { kind: 'no config found upwards', parts: { remove: ['tool-catalog.config.ts'] }, code: 'TC001' },
  {
    kind: '--config names a missing file',
    parts: {},
    args: ['--config', 'nope.config.ts'],
    code: 'TC001',
  },
  {
    kind: '--catalog names no catalog',
    parts: {},
    args: ['--catalog', 'nope'],
    code: 'TC003',
    exit: 2,
  },
  { kind: 'config syntax error', parts: { config: ', outDir: /*@*/) ' }, code: 'TC100' },
  { kind: 'config unknown catalog option', parts: { config: ', /*@*/outdir: "x"' }, code: 'TC002' },
  { kind: 'config unknown top-level option', parts: { top: ', /*@*/catalog: {}' }, code: 'TC002' },
  {
    kind: 'config timeout not positive',
    parts: { top: ', evaluationTimeoutMs: /*@*/-1' },
    code: 'TC002',
  },
  {
    kind: 'config without catalogs',
    parts: {
      files: {
        'tool-catalog.config.ts':
          "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig(/*@*/{ catalogs: {} });\n",
      },
    },
    code: 'TC002',
  },
  {
    kind: 'config include not an array',
    parts: {
      files: {
        'tool-catalog.config.ts':
          "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: /*@*/'catalog' as never } } });\n",
      },
    },
    code: 'TC002',
  },
  {
    kind: 'catalog name that cannot name a folder',
    parts: {
      files: {
        'tool-catalog.config.ts':
          "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { /*@*/'de\\nmo': { include: ['catalog/**/*.catalog.ts'] } } });\n",
      },
    },
    code: 'TC002',
  },
  {
    kind: 'prefix that cannot start a name',
    parts: { config: ", prefix: /*@*/'My-Prefix'" },
    code: 'TC002',
  },
  {
    kind: 'locale that is not a language tag (a path)',
    parts: { config: ", i18n: { locales: ['en', /*@*/'../../../../x'] }" },
    code: 'TC002',
  },
  {
    kind: 'locale listed twice in two cases',
    parts: { config: ", i18n: { locales: ['en', 'zh-CN', /*@*/'zh-cn'] }" },
    code: 'TC002',
  },
  {
    kind: 'default locale not among the locales',
    parts: { config: ", i18n: { locales: ['en'], defaultLocale: /*@*/'de' }" },
    code: 'TC002',
  },
  {
    kind: 'outDir outside the project',
    parts: { config: ", outDir: /*@*/'../elsewhere'" },
    code: 'TC002',
  },
  { kind: 'outDir is the config folder', parts: { config: ", outDir: /*@*/'.'" }, code: 'TC002' },
  {
    kind: 'binding file outside the project',
    parts: { config: ", bindings: { file: /*@*/'../bindings.ts' }" },
    code: 'TC002',
  },
  {
    kind: 'runtime module with a quote',
    parts: { config: ', runtimeModule: /*@*/"x\';y"' },
    code: 'TC002',
  },
  {
    kind: 'icon type export that is not a name',
    parts: {
      config: ", bindings: { file: 'b.ts', iconType: { module: './icons', export: /*@*/'a b' } }",
    },
    code: 'TC002',
  },
  {
    kind: 'SDK alias that is not a type name',
    parts: { config: ", sdk: { aliases: { /*@*/'Bad-Name': 'Bash' } }" },
    code: 'TC002',
  },
  {
    kind: 'two catalogs share an output folder',
    parts: {
      files: {
        'tool-catalog.config.ts':
          "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: {\n  a: { include: ['catalog/**/*.catalog.ts'], outDir: 'gen' },\n  b: { include: ['catalog/**/*.catalog.ts'], outDir: /*@*/'gen' },\n} });\n",
      },
    },
    code: 'TC301',
  },
  // Folders compare as the file system sees them: a symbolic link does not make two folders of one.
  {
    kind: 'two catalogs share an output folder through a symbolic link',
    parts: {
      files: {
        'tool-catalog.config.ts':
          "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: {\n  a: { include: ['catalog/**/*.catalog.ts'], outDir: 'gen/a' },\n  b: { include: ['catalog/**/*.catalog.ts'], outDir: /*@*/'gen/b' },\n} });\n",
      },
    },
    before: (dir) => {
      mkdirSync(path.join(dir, 'gen/a'), { recursive: true });
      symlinkSync('a', path.join(dir, 'gen/b'));
      return {};
    },
    code: 'TC301',
  },
  {
    kind: "the output folder is a symbolic link to the config's own folder",
    parts: { config: ", outDir: /*@*/'out'" },
    before: (dir) => {
      symlinkSync('.', path.join(dir, 'out'));
      return {};
    },
    code: 'TC002',
  },
  {
    kind: 'config imports a package',
    parts: {
      files: {
        'tool-catalog.config.ts':
          "import { defineConfig } from 'agent-tool-catalog';\nimport path from /*@*/'node:path';\nexport default defineConfig({ catalogs: { demo: { include: [path.join('catalog', '**/*.catalog.ts')] } } });\n",
      },
    },
    code: 'TC102',
  },
  {
    kind: 'config reaches for process',
    parts: {
      files: {
        'tool-catalog.config.ts':
          "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: [/*@*/process.env.GLOB ?? ''] } } });\n",
      },
    },
    code: 'TC101',
  },

  // What is on disk
  {
    kind: 'a translator left a stray comma in a locale file',
    parts: {},
    generated: true,
    before: () => ({
      'generated/demo/i18n/zh-CN.json':
        '{\n  "agent": {\n    "tools": {\n      "Read": { "label": "读取",, }\n    }\n  }\n}\n',
    }),
    code: 'TC201',
    at: { file: 'generated/demo/i18n/zh-CN.json', line: 4, column: 31 },
  },
  // Something in an output's way is the config's to fix: reported at the setting, naming the file.
  {
    kind: 'a hand-written file where an output goes',
    parts: { config: ", outDir: /*@*/'src'" },
    before: () => ({ 'src/policy.ts': '// my own policy\nexport const mine = 1;\n' }),
    code: 'TC300',
  },
  {
    kind: 'a file where the output folder goes',
    parts: { config: ", outDir: /*@*/'generated/demo'" },
    before: () => ({ 'generated/demo': 'not a folder\n' }),
    code: 'TC302',
  },
  {
    kind: 'a file where a folder above the output folder goes',
    parts: { config: ", outDir: /*@*/'generated/demo'" },
    before: () => ({ generated: 'not a folder\n' }),
    code: 'TC302',
  },
];
