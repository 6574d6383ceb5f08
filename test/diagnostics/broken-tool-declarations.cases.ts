// Broken tool declarations: keys declared twice or unsafe to write, names the vocabulary does not
// know, fields of the wrong shape, and subagents or settings that name what does not exist.
import { utimesSync } from 'node:fs';
import path from 'node:path';
import type { Case } from './broken-input-check';

export const TOOL_DECLARATION_CASES: Case[] = [
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
];
