// The runtime behind the generated buildTools / toolNames: registry entries plus the app's bindings,
// group selection, availability forms, name sources, factories, and the start-up registration checks.
import { describe, expect, it, vi } from 'vitest';
import {
  createToolCatalog,
  createToolContext,
  DuplicateToolError,
  type ToolEntry,
} from '../../plugin/runtime';

const named = (name: string) => ({ name });

describe('createToolContext', () => {
  it('memoizes false and undefined predicate results and one-off checks (`defined?`, not `||=`)', () => {
    const no = vi.fn(() => false);
    const unknown = vi.fn(() => undefined);
    const check = vi.fn(() => false);
    const context = createToolContext({ predicates: { no, unknown, fixed: true } });
    for (let i = 0; i < 3; i++) {
      expect(context.predicate('no')).toBe(false);
      expect(context.predicate('unknown')).toBeUndefined();
      expect(context.predicate('fixed')).toBe(true);
      expect(context.predicate('undeclared')).toBeUndefined();
      expect(context.memo('available:x', check)).toBe(false);
    }
    expect([no.mock.calls.length, unknown.mock.calls.length, check.mock.calls.length]).toEqual([
      1, 1, 1,
    ]);
    expect(Object.fromEntries(context.evaluations)).toEqual({
      no: 1,
      unknown: 1,
      'available:x': 1,
    });
  });

  it('gives each caller only the factories it supplied', () => {
    const factory = () => named('t');
    const context = createToolContext({ factories: { t: factory, u: undefined } });
    expect(context.factory('t')).toBe(factory);
    expect(context.factory('u')).toBeUndefined();
    expect(context.factory('toString')).toBeUndefined();
  });
});

describe('createToolCatalog', () => {
  it('throws at registration when a key or a runtime name is registered twice', () => {
    expect(() =>
      createToolCatalog([
        { key: 'a', kind: 'sdk', groups: [] },
        { key: 'a', kind: 'sdk', groups: [] },
      ]),
    ).toThrow(DuplicateToolError);
    expect(() =>
      createToolCatalog([
        { key: 'a', kind: 'mcp', groups: [], names: ['mcp__s__x'] },
        { key: 'b', kind: 'mcp', groups: [], names: ['mcp__s__x'] },
      ]),
    ).toThrow(/'a' and 'b' both register the runtime name 'mcp__s__x'/);
  });

  it('throws at registration when an entry lacks the app code its registry entry says it has, or has code it must not', () => {
    expect(() =>
      createToolCatalog([{ key: 'f', kind: 'mcp', groups: [], factory: true }], {
        bindings: { f: { build: () => named('f') } },
      }),
    ).toThrow(/'f' is a factory/);
    expect(() =>
      createToolCatalog([{ key: 'c', kind: 'mcp', groups: [], available: { appCheck: 'isOn' } }]),
    ).toThrow(/'c' is available by an app check \('isOn'\); bind it as \{ check \}/);
    expect(() =>
      createToolCatalog([{ key: 'r', kind: 'mcp', groups: [], namesFrom: 'resolver' }], {
        bindings: { r: { build: () => named('r') } },
      }),
    ).toThrow(/'r' resolves its names at run time/);
    expect(() =>
      createToolCatalog([{ key: 'm', kind: 'external', groups: [], namesFrom: 'mirror' }]),
    ).toThrow(/'m' mirrors its names from a channel but names no channel/);
  });

  it('throws when two builders build tools with the same name (createSdkMcpServer would keep one)', () => {
    const catalog = createToolCatalog(
      [
        { key: 'a', kind: 'mcp', groups: ['g'], names: ['mcp__s__a'] },
        { key: 'b', kind: 'mcp', groups: ['g'], names: ['mcp__s__b'] },
      ],
      {
        bindings: {
          a: { build: () => named('same') },
          b: { build: () => [named('other'), named('same')] },
        },
      },
    );
    expect(() => catalog.buildTools(createToolContext(), { include: ['g'] })).toThrow(
      /'a' and 'b' both build an MCP tool named 'same'/,
    );
  });

  it('keeps entries whose groups meet the include list and whose availability holds', () => {
    const oneOff = vi.fn(() => false);
    const entries: ToolEntry[] = [
      { key: 'always', kind: 'sdk', groups: ['core'], names: ['Always'] },
      { key: 'on', kind: 'sdk', groups: ['core'], names: ['On'], available: true },
      { key: 'off', kind: 'sdk', groups: ['core'], names: ['Off'], available: false },
      { key: 'pred', kind: 'sdk', groups: ['core'], names: ['Pred'], available: 'flag' },
      {
        key: 'fn',
        kind: 'sdk',
        groups: ['core'],
        names: ['Fn'],
        available: { appCheck: 'oneOff' },
      },
      { key: 'other', kind: 'sdk', groups: ['extra'], names: ['Other'] },
      { key: 'both', kind: 'sdk', groups: ['extra', 'core'], names: ['Both'] },
      { key: 'disabled', kind: 'sdk', groups: ['core'], names: ['Disabled'], exposure: 'disabled' },
      {
        key: 'conditional',
        kind: 'sdk',
        groups: ['core'],
        names: ['Conditional'],
        exposure: 'conditional',
        condition: 'has-git',
      },
    ];
    // A condition is read from the field the catalog maps it to; one not mapped, from its own name.
    const catalog = createToolCatalog(entries, {
      conditions: [{ name: 'has-git', field: 'git' }],
      bindings: { fn: { check: oneOff } },
    });
    const names = (predicates: Record<string, boolean>) =>
      catalog.toolNames(createToolContext({ predicates }), { include: ['core'] });
    expect(names({ flag: true, git: true })).toEqual([
      'Always',
      'On',
      'Pred',
      'Both',
      'Conditional',
    ]);
    expect(names({ flag: false, git: false })).toEqual(['Always', 'On', 'Both']);
    expect(names({ flag: true, 'has-git': true })).toEqual(['Always', 'On', 'Pred', 'Both']);
    expect(oneOff).toHaveBeenCalledTimes(3);
    expect(catalog.toolNames(createToolContext(), { include: ['extra'] })).toEqual([
      'Other',
      'Both',
    ]);
  });

  it('qualifies resolved and mirrored names, and removes repeats only among dynamic names', () => {
    const catalog = createToolCatalog(
      [
        { key: 'bundle', kind: 'mcp', groups: ['g'], server: 'app', namesFrom: 'resolver' },
        { key: 'mirror', kind: 'external', groups: ['g'], channel: 'sentry', namesFrom: 'mirror' },
        { key: 'nothing', kind: 'external', groups: ['g'], channel: 'linear', namesFrom: 'mirror' },
      ],
      { bindings: { bundle: { resolveNames: () => ['x', 'mcp__app__y', 'x'] } } },
    );
    const channels = (channel: string) => (channel === 'sentry' ? ['list_issues'] : undefined);
    expect(catalog.toolNames(createToolContext(), { include: ['g'], channels })).toEqual([
      'mcp__app__x',
      'mcp__app__y',
      'mcp__sentry__list_issues',
    ]);
    expect(
      catalog.toolNames(createToolContext(), {
        include: ['g'],
        channels: { toolsFor: () => ['a'] },
      }),
    ).toEqual(['mcp__app__x', 'mcp__app__y', 'mcp__sentry__a', 'mcp__linear__a']);
  });

  it('calls factories with the context and the schema extension; builders too', () => {
    const factory = vi.fn(() => named('t'));
    const build = vi.fn(() => named('b'));
    const catalog = createToolCatalog(
      [
        { key: 't', kind: 'mcp', groups: ['g'], names: ['mcp__s__t'], factory: true },
        { key: 'b', kind: 'mcp', groups: ['g'], names: ['mcp__s__b'] },
      ],
      { bindings: { b: { build } } },
    );
    const context = createToolContext<unknown>({ factories: { t: factory } });
    const schema = {
      t: { extraProperties: { project: { type: 'string' } }, extraRequired: ['project'] },
    };
    expect(catalog.buildTools(context, { include: ['g'], schema })).toEqual([
      named('t'),
      named('b'),
    ]);
    expect(factory).toHaveBeenCalledWith(context, { key: 't', schema: schema.t });
    expect(build).toHaveBeenCalledWith(context, { key: 'b', schema: undefined });
  });

  it('rejects a plain object where a context is expected', () => {
    const catalog = createToolCatalog([]);
    expect(() => catalog.toolNames({} as never, { include: [] })).toThrow(/createToolContext/);
  });
});
