import { describe, expect, it } from 'vitest';
import { demoModel, renderOne, smallCatalog } from '../../../test/support/catalog-model';
import { registryRenderer } from './registry';

/** The keys of the registry's entries, in the order they are written. */
const entryKeys = (registry: string) =>
  [...registry.slice(registry.indexOf('_TOOL_REGISTRY = {')).matchAll(/^ {2}(\w+): \{$/gm)].map(
    (m) => m[1],
  );

describe('registry.ts, property by property', () => {
  const registry = () => renderOne(registryRenderer, smallCatalog());

  it('writes one entry per tool, one field per line', () => {
    const text = registry();
    expect(entryKeys(text)).toHaveLength(6);
    expect(text).toContain(
      "  Read: {\n    key: 'Read',\n    kind: 'sdk',\n    names: ['Read'],\n    category: 'file',\n",
    );
    expect(text).toContain("    dependsOn: ['Read'],\n");
  });

  it('orders tools by declared category, then declaration order', () => {
    // Declared: Read, Bash, EnterWorktree, ExitWorktree, Notes, REPL; categories: shell, then file.
    expect(entryKeys(registry())).toEqual([
      'Bash',
      'REPL',
      'Read',
      'EnterWorktree',
      'ExitWorktree',
      'Notes',
    ]);
  });

  it('writes each union as literal members, one per line, and `never` when it has none', () => {
    const text = registry();
    expect(text).toContain("export type DemoToolCategory =\n  | 'shell'\n  | 'file';");
    expect(text).toContain("export type DemoToolName =\n  | 'Bash'\n  | 'REPL'\n  | 'Read'\n");
    expect(text).toContain("  | 'mcp__notes__notes';");
    expect(text).toContain('export type DemoToolCaller = never;');
  });

  it('spells availability and name sources as the descriptor type says', () => {
    const model = demoModel(
      { predicates: ['canQuery'], servers: { app: {} }, channels: { linear: {} } },
      {
        query: { kind: 'mcp', server: 'app', available: 'canQuery' },
        tasks: { kind: 'mcp', server: 'app', available: { module: './tasks', export: 'tasksOn' } },
        drive: {
          kind: 'mcp',
          server: 'app',
          fullNames: { resolve: { module: './drive', export: 'driveNames' } },
        },
        linear: { kind: 'external', channel: 'linear', mirror: true },
        never: { kind: 'mcp', server: 'app', available: false },
      },
    );
    const text = renderOne(registryRenderer, model);
    const entry = (key: string) =>
      text.slice(text.indexOf(`  ${key}: {`), text.indexOf('\n  },', text.indexOf(`  ${key}: {`)));
    expect(entry('query')).toContain("available: 'canQuery',");
    expect(entry('tasks')).toContain("available: { appCheck: 'tasksOn' },");
    expect(entry('never')).toContain('available: false,');
    expect(entry('drive')).toContain("namesFrom: 'resolver',");
    expect(entry('drive')).toContain('names: [],');
    expect(entry('linear')).toContain("namesFrom: 'mirror',");
    // An optional fact that does not apply is left out, not written as undefined.
    expect(entry('query')).not.toMatch(/namesFrom|category|pairGroup|undefined/);
  });

  it('writes each caller with the groups it opts into', () => {
    const model = demoModel(
      { groups: ['core', 'chat'], callers: { CHAT: ['core', 'chat'], AGENT: ['core'] } },
      { Read: { kind: 'sdk', groups: ['core'] } },
    );
    const text = renderOne(registryRenderer, model);
    expect(text).toContain("export type DemoToolCaller =\n  | 'CHAT'\n  | 'AGENT';");
    expect(text).toMatch(
      /export const DEMO_CALLERS = \{\n {2}CHAT: \['core', 'chat'\],\n {2}AGENT: \['core'\],\n\} as const;/,
    );
  });
});
