// Builder names checked: `buildTools` throws, naming the tool, its declared and its built names, when a
// builder builds tools under other names than its catalog entry declares; `builtNameMismatch` says the same for verify.
import { describe, expect, it } from 'vitest';
import {
  BuiltNameMismatchError,
  builtNameMismatch,
  createToolCatalog,
  createToolContext,
  observeBuiltNames,
  type ToolEntry,
} from '../../plugin/runtime';

const named = (name: string) => ({ name });
const entry = (over: Partial<ToolEntry> = {}): ToolEntry => ({
  key: 'Cron',
  kind: 'mcp',
  groups: ['g'],
  server: 'app',
  names: ['mcp__app__cron'],
  ...over,
});

describe('builder names', () => {
  it('builds a tool named as declared', () => {
    const catalog = createToolCatalog([entry()], {
      bindings: { Cron: { build: () => named('cron') } },
    });
    expect(catalog.buildTools(createToolContext(), { include: ['g'] })).toEqual([named('cron')]);
  });

  it('throws at build time naming the tool, the declared and the built names', () => {
    const catalog = createToolCatalog([entry()], {
      bindings: { Cron: { build: () => named('cron_v2') } },
    });
    const build = () => catalog.buildTools(createToolContext(), { include: ['g'] });
    expect(build).toThrow(BuiltNameMismatchError);
    expect(build).toThrow(
      "Tool 'Cron' declares the runtime names mcp__app__cron, but its builder built mcp__app__cron_v2; make the builder's tool names match, or change the tool's wire / fullNames in the catalog.",
    );
    try {
      build();
    } catch (error) {
      expect(error).toMatchObject({
        tool: 'Cron',
        declared: ['mcp__app__cron'],
        built: ['mcp__app__cron_v2'],
      });
    }
  });

  it('checks one builder of several tools as a set, factories too, and buildServers as well', () => {
    const pair = entry({ key: 'Pr', names: ['mcp__app__get_pr_info', 'mcp__app__get_pr_diff'] });
    const ok = createToolCatalog([pair], {
      bindings: { Pr: { build: () => [named('get_pr_diff'), named('get_pr_info')] } },
    });
    expect(ok.buildTools(createToolContext(), { include: ['g'] })).toHaveLength(2);
    const short = createToolCatalog([pair], {
      bindings: { Pr: { build: () => [named('get_pr_info')] } },
    });
    expect(() => short.buildServers(createToolContext(), { include: ['g'] })).toThrow(
      /declares the runtime names mcp__app__get_pr_info, mcp__app__get_pr_diff, but its builder built mcp__app__get_pr_info;/,
    );
    const factory = createToolCatalog([entry({ factory: true })]);
    // biome-ignore lint/correctness/noComponentHookFactories: a tool key, not a React component
    const context = createToolContext<unknown>({ factories: { Cron: () => named('scheduler') } });
    expect(() => factory.buildTools(context, { include: ['g'] })).toThrow(
      /built mcp__app__scheduler/,
    );
  });

  it('leaves undeclared names alone: fullNames [] (found by the SDK), resolved and mirrored names', () => {
    expect(builtNameMismatch(entry({ names: [] }), [named('anything')])).toBeUndefined();
    expect(
      builtNameMismatch(entry({ names: [], namesFrom: 'resolver' }), [named('x')]),
    ).toBeUndefined();
    expect(builtNameMismatch(entry(), [named('cron')])).toBeUndefined();
    expect(builtNameMismatch(entry(), [{}, named('cron')])).toEqual({
      tool: 'Cron',
      declared: ['mcp__app__cron'],
      built: ['(no name)', 'mcp__app__cron'],
    });
    expect(builtNameMismatch(entry(), [])).toEqual({
      tool: 'Cron',
      declared: ['mcp__app__cron'],
      built: [],
    });
  });
});

describe('a lister observing builds', () => {
  it('gets each mismatch instead of an error, only while it observes, from any copy of the runtime', async () => {
    const catalog = createToolCatalog([entry()], {
      bindings: { Cron: { build: () => named('cron_v2') } },
    });
    const seen: unknown[] = [];
    const built = await observeBuiltNames(
      (m) => seen.push(m),
      () => catalog.buildTools(createToolContext(), { include: ['g'] }),
    );
    expect(built).toEqual([named('cron_v2')]);
    expect(seen).toEqual([
      { tool: 'Cron', declared: ['mcp__app__cron'], built: ['mcp__app__cron_v2'] },
    ]);
    expect(() => catalog.buildTools(createToolContext(), { include: ['g'] })).toThrow(
      BuiltNameMismatchError,
    );
  });
});
