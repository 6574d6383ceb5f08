// Every kind of broken or hostile input gives exactly one kind of answer: a coded diagnostic at the
// right place, the right exit code, and a project whose bytes are unchanged. Each case writes a small
// project; `/*@*/` in a source file marks where the diagnostic must point (the marker is a comment).
import { utimesSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { json, runCli } from '../support/cli';
import { fingerprint, removeTempDirs, tempDir, writeFiles } from '../support/files';

afterAll(removeTempDirs);

interface Parts {
  /** Inside the catalog's config object (after include). */
  config?: string;
  /** Inside defineConfig({...}) after catalogs. */
  top?: string;
  /** Inside defineCatalog({...}). */
  vocabulary?: string;
  /** The whole tools file body after the import. */
  tools?: string;
  /** Extra files (relative path → content). */
  files?: Record<string, string>;
  /** Files to remove from the base project. */
  remove?: string[];
}

const TOOLS = `export default demo.tools({
  Read: { kind: 'sdk', category: 'file', exposure: 'user', label: 'Read' },
  Bash: { kind: 'sdk', category: 'shell', exposure: 'user', label: 'Bash' },
  EnterWorktree: { kind: 'sdk', category: 'file', exposure: 'conditional', condition: 'has-git', pairGroup: 'wt' },
  ExitWorktree: { kind: 'sdk', category: 'file', exposure: 'conditional', condition: 'has-git', pairGroup: 'wt' },
  Notes: { kind: 'mcp', server: 'app', wire: 'notes', category: 'file', groups: ['core'] },
});`;

function project(parts: Parts): Record<string, string> {
  const files: Record<string, string> = {
    'tool-catalog.config.ts': `import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/**/*.catalog.ts'], i18n: { locales: ['en', 'zh-CN'], missing: 'fallback' }${parts.config ?? ''} } }${parts.top ?? ''} });\n`,
    'catalog/vocab.catalog.ts': `import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ['file', 'shell'], conditions: { 'has-git': 'the folder is a git work tree' }, pairGroups: ['wt'], groups: ['core'], callers: { AGENT: ['core'] }, servers: { app: {} }, channels: { linear: {} }${parts.vocabulary ?? ''} });\n`,
    'catalog/tools.catalog.ts': `import { demo } from './vocab.catalog';\n${parts.tools ?? TOOLS}\n`,
    ...parts.files,
  };
  for (const file of parts.remove ?? []) delete files[file];
  return files;
}

/** Where `/*@*\/` stands in the project's files: the file and the 1-based line and column right after it. */
function marked(
  files: Record<string, string>,
): { file: string; line: number; column: number } | undefined {
  for (const [file, text] of Object.entries(files)) {
    const at = text.indexOf('/*@*/');
    if (at < 0) continue;
    const before = text.slice(0, at);
    return {
      file,
      line: before.split('\n').length,
      column: at - before.lastIndexOf('\n') - 1 + '/*@*/'.length + 1,
    };
  }
  return undefined;
}

interface Case {
  readonly kind: string;
  readonly parts: Parts;
  readonly code: string;
  readonly exit?: number;
  readonly args?: string[];
  /** A position given when no marker can stand in the file (JSON), or only the file. */
  readonly at?: { file: string; line?: number; column?: number };
  /** Runs before the broken run, after the base project is written (and generated, with `generated`). */
  readonly generated?: boolean;
  readonly before?: (dir: string) => Record<string, string>;
}

const loop = (body: string) => ({
  config: ", outDir: 'generated/demo'",
  top: ', evaluationTimeoutMs: 300',
  tools: `${body}\n${TOOLS}`,
});

const CASES: Case[] = [
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

  // Evaluating catalog modules
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

  // Tool declarations
  {
    // The declaration in the file edited last is the one to change.
    kind: 'a tool declared in two files',
    parts: {
      files: {
        'catalog/more.catalog.ts':
          "import { demo } from './vocab.catalog';\nexport default demo.tools({ /*@*/Read: { kind: 'sdk', category: 'file' } });\n",
      },
    },
    before: (dir) => {
      const later = new Date(Date.now() + 60_000);
      utimesSync(path.join(dir, 'catalog/more.catalog.ts'), later, later);
      return {};
    },
    code: 'TC120',
  },
  {
    kind: 'a key written twice in one object',
    parts: {
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'file' }, /*@*/Read: { kind: 'sdk', category: 'file' } });`,
    },
    code: 'TC120',
  },
  {
    kind: 'two tools yield one runtime name',
    parts: {
      tools: `export default demo.tools({ Notes: { kind: 'mcp', server: 'app', wire: 'notes', category: 'file' }, /*@*/Notes2: { kind: 'mcp', server: 'app', wire: 'notes', category: 'file' } });`,
    },
    code: 'TC121',
  },
  {
    kind: 'conditional without a condition',
    parts: {
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'file', exposure: /*@*/'conditional' } });`,
    },
    code: 'TC130',
  },
  {
    kind: 'a condition on a tool that is not conditional',
    parts: {
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'file', exposure: 'user', /*@*/condition: 'has-git' } });`,
    },
    code: 'TC131',
  },
  {
    kind: 'unknown category',
    parts: {
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: /*@*/'files' } });`,
    },
    code: 'TC140',
  },
  {
    kind: 'unknown condition',
    parts: {
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'file', exposure: 'conditional', condition: /*@*/'has-gti' } });`,
    },
    code: 'TC141',
  },
  {
    kind: 'unknown predicate in available',
    parts: {
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'file', available: /*@*/'canQuery' } });`,
    },
    code: 'TC141',
  },
  {
    kind: 'unknown pair group',
    parts: {
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'file', pairGroup: /*@*/'bash' } });`,
    },
    code: 'TC142',
  },
  {
    kind: 'unknown server',
    parts: {
      tools: `export default demo.tools({ Notes: { kind: 'mcp', server: /*@*/'memory', category: 'file' } });`,
    },
    code: 'TC143',
  },
  {
    kind: 'unknown group',
    parts: {
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'file', groups: [/*@*/'chat'] } });`,
    },
    code: 'TC144',
  },
  {
    kind: 'unknown dependency',
    parts: {
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'file', dependsOn: [/*@*/'Raed'] } });`,
    },
    code: 'TC145',
  },
  {
    kind: 'unknown channel',
    parts: {
      tools: `export default demo.tools({ Sentry: { kind: 'external', channel: /*@*/'sentry', category: 'file', mirror: true } });`,
    },
    code: 'TC146',
  },
  {
    kind: 'a dependency cycle',
    parts: {
      tools: `export default demo.tools({ A: { kind: 'sdk', sdkTyped: false, category: 'file', dependsOn: /*@*/['B'] }, B: { kind: 'sdk', sdkTyped: false, category: 'file', dependsOn: ['A'] } });`,
    },
    code: 'TC150',
  },
  {
    kind: 'a server name the SDK would misread',
    parts: {
      vocabulary: ", servers: { /*@*/'my__srv': {} }",
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'file' } });`,
    },
    code: 'TC160',
  },
  {
    kind: 'a wire name the SDK would rewrite',
    parts: {
      tools: `export default demo.tools({ Fetch: { kind: 'mcp', server: 'app', category: 'file', wire: /*@*/'web.fetch' } });`,
    },
    code: 'TC160',
  },
  {
    kind: 'unknown field',
    parts: {
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'file', /*@*/lable: 'Read' } as never });`,
    },
    code: 'TC170',
  },
  {
    kind: 'invalid exposure',
    parts: {
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'file', exposure: /*@*/'hidden' as never } });`,
    },
    code: 'TC171',
  },
  {
    kind: 'no kind',
    parts: { tools: `export default demo.tools({ /*@*/Read: { category: 'file' } as never });` },
    code: 'TC172',
  },
  {
    kind: 'an MCP tool without a server',
    parts: {
      tools: `export default demo.tools({ /*@*/Notes: { kind: 'mcp', category: 'file' } as never });`,
    },
    code: 'TC172',
  },
  {
    kind: 'a key with a hidden bidirectional override',
    parts: {
      tools: `export default demo.tools({ /*@*/'A\\u202eB': { kind: 'sdk', sdkTyped: false, category: 'file' } });`,
    },
    code: 'TC162',
  },
  {
    kind: "a key every object already has ('constructor')",
    parts: {
      tools: `export default demo.tools({ /*@*/constructor: { kind: 'sdk', sdkTyped: false, category: 'file' } });`,
    },
    code: 'TC162',
  },
  {
    kind: "a key '__proto__'",
    parts: {
      tools: `export default demo.tools({ [/*@*/'__proto__']: { kind: 'sdk', sdkTyped: false, category: 'file' } });`,
    },
    code: 'TC162',
  },
  {
    kind: 'an SDK-typed key that cannot name an SDK type',
    parts: {
      tools: `export default demo.tools({ /*@*/'Bad-Name': { kind: 'sdk', category: 'file' } });`,
    },
    code: 'TC162',
  },
  {
    kind: 'an sdkType that cannot name an SDK type',
    parts: {
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'file', sdkType: /*@*/'File Read' } });`,
    },
    code: 'TC162',
  },
  {
    kind: 'a builder module with a quote (code injection)',
    parts: {
      tools: `export default demo.tools({ Q: { kind: 'mcp', server: 'app', category: 'file', builder: /*@*/{ module: "./x';globalThis.pwned=1;'", export: 'build' } } });`,
    },
    code: 'TC171',
  },
  {
    kind: 'a builder export that is not a name',
    parts: {
      tools: `export default demo.tools({ Q: { kind: 'mcp', server: 'app', category: 'file', builder: /*@*/{ module: './x', export: 'a; b' } } });`,
    },
    code: 'TC162',
  },
  {
    kind: 'conditions that read one context field',
    parts: { vocabulary: ", predicates: ['fooBar', /*@*/'foo-bar']" },
    code: 'TC161',
  },
  {
    kind: 'a condition whose field is not a name',
    parts: { vocabulary: ", predicates: [/*@*/'123']" },
    code: 'TC162',
  },
  {
    kind: 'a subagent naming a tool the catalog does not declare',
    parts: {
      vocabulary:
        ", agents: { reader: { description: 'd', prompt: 'p', tools: ['Read', /*@*/'Raed'] } }",
    },
    code: 'TC171',
  },
  {
    kind: 'a subagent naming an unknown group',
    parts: {
      vocabulary: ", agents: { reader: { description: 'd', prompt: 'p', groups: [/*@*/'cor'] } }",
    },
    code: 'TC144',
  },
  {
    kind: 'a subagent without a prompt',
    parts: { vocabulary: ", agents: { /*@*/reader: { description: 'd', tools: ['Read'] } }" },
    code: 'TC172',
  },
  {
    kind: 'a subagent that names nothing it may use',
    parts: { vocabulary: ", agents: { /*@*/reader: { description: 'd', prompt: 'p' } }" },
    code: 'TC172',
  },
  {
    kind: 'a setting source that does not exist',
    parts: { vocabulary: ", settingSources: [/*@*/'users']" },
    code: 'TC171',
  },
  {
    kind: 'a category name with a line break',
    parts: {
      files: {
        'catalog/vocab.catalog.ts':
          "import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: [/*@*/'fi\\nle'], servers: { app: {} } });\n",
      },
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'fi\\nle' } });`,
    },
    code: 'TC162',
  },
  {
    kind: 'a pair group of one',
    parts: {
      tools: `export default demo.tools({ Read: { kind: 'sdk', category: 'file', pairGroup: /*@*/'wt' } });`,
    },
    code: 'TC171',
  },
  {
    kind: 'a factory with a builder',
    parts: {
      tools: `export default demo.tools({ Q: { kind: 'mcp', server: 'app', category: 'file', factory: true, /*@*/builder: { module: './x', export: 'b' } } });`,
    },
    code: 'TC171',
  },
  {
    kind: 'fullNames of the wrong shape',
    parts: {
      tools: `export default demo.tools({ Q: { kind: 'mcp', server: 'app', category: 'file', fullNames: /*@*/'q' as never } });`,
    },
    code: 'TC171',
  },
  {
    kind: 'mirror and wires together',
    parts: {
      tools: `export default demo.tools({ L: { kind: 'external', channel: 'linear', category: 'file', mirror: true, /*@*/wires: ['x'] } });`,
    },
    code: 'TC171',
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
  {
    kind: 'a hand-written file where an output goes',
    parts: { config: ", outDir: 'src'" },
    before: () => ({ 'src/policy.ts': '// my own policy\nexport const mine = 1;\n' }),
    code: 'TC300',
    at: { file: 'src/policy.ts', line: 1, column: 1 },
  },
  {
    kind: 'a file where the output folder goes',
    parts: {},
    before: () => ({ 'generated/demo': 'not a folder\n' }),
    code: 'TC302',
    at: { file: 'generated/demo', line: 1, column: 1 },
  },
];

describe('broken and hostile input', () => {
  it(`covers at least 60 kinds (${CASES.length})`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(CASES.map((c) => c.kind)).size).toBe(CASES.length);
  });

  it.each(CASES)('$kind: $code, located, nothing written', async (c) => {
    const dir = await tempDir('broken');
    const files = project(c.parts);
    if (c.generated) {
      writeFiles(dir, project({}));
      expect((await runCli(['generate'], dir)).code).toBe(0);
    }
    writeFiles(dir, files);
    const extra = c.before?.(dir) ?? {};
    writeFiles(dir, extra);
    const before = await fingerprint(dir);
    const run = await runCli(
      [...(c.args ?? []), 'generate', '--json'].sort((a, b) =>
        a === 'generate' ? -1 : b === 'generate' ? 1 : 0,
      ),
      dir,
    );
    const result = json(run);
    expect(run.code, run.stderr).toBe(c.exit ?? 1);
    const diagnostic = result.diagnostics.find((d: { code: string }) => d.code === c.code);
    expect(diagnostic, JSON.stringify(result.diagnostics, null, 2)).toBeDefined();
    const where = c.at ?? marked({ ...files, ...extra });
    if (where) {
      expect(diagnostic.position, diagnostic.message).toBeDefined();
      expect(path.relative(dir, path.resolve(dir, diagnostic.position.file))).toBe(where.file);
      if (where.line !== undefined)
        expect(diagnostic.position.line, diagnostic.message).toBe(where.line);
      if (where.column !== undefined)
        expect(diagnostic.position.column, diagnostic.message).toBe(where.column);
    }
    // The message says what is wrong and how to fix it, in one sentence: never a stack trace.
    expect(diagnostic.message).not.toMatch(/\n\s+at /);
    expect(await fingerprint(dir)).toEqual(before);
  });
});
