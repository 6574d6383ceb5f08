// normaliseOptOuts, the one reading of an opt-out list: keys switched off, entries handed on as
// written, entries that change nothing (with a reason and a suggestion), earlier names migrated —
// and the generated validate/migrate helpers of the default catalog, which call it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { migrateClaudeOptOuts, validateClaudeOptOuts } from '../../generated/claude';
import { closePolicyTables } from '../../plugin/model/policy-tables';
import { normaliseOptOuts } from '../../plugin/runtime/read-opt-outs';
import { serverPattern } from '../../plugin/runtime/opt-outs';
import { preparePolicy } from '../../plugin/runtime/policy-tables';

const p = preparePolicy(
  closePolicyTables({
    catalog: 'demo',
    tools: [
      {
        key: 'Bash',
        kind: 'sdk',
        exposure: 'user',
        names: ['Bash'],
        pairGroup: 'bash',
        dependsOn: [],
        approval: 'auto',
      },
      {
        key: 'Output',
        kind: 'sdk',
        exposure: 'internal',
        names: ['TaskOutput'],
        pairGroup: 'bash',
        dependsOn: [],
        approval: 'auto',
      },
      {
        key: 'Search',
        kind: 'mcp',
        exposure: 'user',
        names: ['mcp__app__search'],
        server: 'app',
        dependsOn: [],
        approval: 'auto',
      },
      {
        key: 'Pin',
        kind: 'mcp',
        exposure: 'internal',
        names: ['mcp__app__pin'],
        server: 'app',
        dependsOn: [],
        approval: 'auto',
      },
      {
        key: 'Issues',
        kind: 'external',
        exposure: 'user',
        names: ['mcp__sentry__list_issues'],
        channel: 'sentry',
        dependsOn: [],
        approval: 'auto',
      },
      {
        key: 'Linear',
        kind: 'external',
        exposure: 'user',
        names: [],
        channel: 'linear',
        namesFrom: 'mirror',
        dependsOn: [],
        approval: 'auto',
      },
    ],
    conditions: [],
    servers: ['app'],
    channels: ['sentry', 'linear'],
  }),
);

describe('normaliseOptOuts', () => {
  it('switches user tools off by key, runtime name and pattern; hands external entries on as written', () => {
    const read = normaliseOptOuts(p, [
      'mcp__app__search',
      'Bash',
      'mcp__linear__create_issue',
      'mcp__sentry',
      'mcp__*',
    ]);
    expect(read.keys).toEqual(['Bash', 'Search']);
    expect(read.patterns).toEqual(['mcp__linear__create_issue', 'mcp__sentry', 'mcp__*']);
    expect(read.unknown).toEqual([]);
    expect(read.migrated).toEqual([]);
    // A pattern over the catalog's own server switches its user tools, and is not handed on.
    expect(normaliseOptOuts(p, ['mcp__app__*'])).toMatchObject({ keys: ['Search'], patterns: [] });
  });

  it('reports each entry that changes nothing, with a reason and a suggestion', () => {
    const read = normaliseOptOuts(p, [
      'Bahs',
      'TaskOutput',
      'mcp__app__serch',
      'mcp__sentry__delete',
      'mcp__docs',
      'Ba*',
      7,
    ]);
    expect(read.keys).toEqual([]);
    expect(read.patterns).toEqual([]);
    expect(read.unknown).toEqual([
      {
        entry: 'Bahs',
        reason: 'no tool of the catalog has this key or runtime name',
        suggestion: 'Bash',
      },
      {
        entry: 'TaskOutput',
        key: 'Output',
        reason:
          "'Output' is not a user tool: internal, conditional and disabled tools are not switched by users; it goes with Bash (pair group bash)",
        suggestion: 'Bash',
      },
      {
        entry: 'mcp__app__serch',
        reason: "no tool of the catalog's server 'app' has this name",
        suggestion: 'mcp__app__search',
      },
      { entry: 'mcp__sentry__delete', reason: "no tool of the channel 'sentry' has this name" },
      expect.objectContaining({
        entry: 'mcp__docs',
        reason: expect.stringContaining("declares no MCP server or channel 'docs'"),
      }),
      {
        entry: 'Ba*',
        reason:
          'only MCP servers can be switched off by pattern (mcp__<server>, mcp__<server>__*, mcp__*)',
        suggestion: 'Bash',
      },
      { entry: '7', reason: 'an opt-out must be a string, not a number' },
    ]);
  });

  it('hands on entries under servers the app connects itself', () => {
    expect(
      normaliseOptOuts(p, ['mcp__docs', 'mcp__docs__x'], { otherServers: ['docs'] }),
    ).toMatchObject({
      patterns: ['mcp__docs', 'mcp__docs__x'],
      unknown: [],
    });
    expect(normaliseOptOuts(p, ['mcp__anything__x'], { otherServers: 'all' }).patterns).toEqual([
      'mcp__anything__x',
    ]);
    expect(normaliseOptOuts(p, null)).toEqual({
      keys: [],
      patterns: [],
      unknown: [],
      migrated: [],
    });
  });
});

describe('the generated helpers of the default catalog', () => {
  it('validateClaudeOptOuts names each entry that changes nothing', () => {
    expect(validateClaudeOptOuts(['Bash', 'Bassh', 'CherryCron'])).toEqual([
      {
        entry: 'Bassh',
        reason: 'no tool of the catalog has this key or runtime name',
        suggestion: 'Bash',
      },
    ]);
  });

  it("migrateClaudeOptOuts moves entries under the server's former name claw to cherry-tools", () => {
    expect(migrateClaudeOptOuts(['mcp__claw__cron', 'mcp__claw__*', 'Read'])).toEqual({
      optOuts: ['CherryCron', 'mcp__cherry-tools__*', 'Read'],
      changes: [
        {
          from: 'mcp__claw__cron',
          to: 'CherryCron',
          why: "the server 'claw' is now 'cherry-tools': mcp__cherry-tools__cron is CherryCron",
        },
        {
          from: 'mcp__claw__*',
          to: 'mcp__cherry-tools__*',
          why: "the server 'claw' is now 'cherry-tools'",
        },
      ],
      unknown: [],
    });
  });
});

describe('serverPattern', () => {
  /** The rule as written: `mcp__*`; `mcp__<server>`; `mcp__<server>__*`; a server holds no `__` and no `*`. */
  function byTheRule(entry: string): string | undefined {
    if (entry === 'mcp__*') return '*';
    if (!entry.startsWith('mcp__')) return undefined;
    const rest = entry.slice(5);
    const server = rest.endsWith('__*') ? rest.slice(0, -3) : rest;
    if (server === '' || server.includes('__')) return undefined;
    return rest.endsWith('__*') || !server.includes('*') ? server : undefined;
  }

  it('reads an entry in place as the rule says, for any mix of the characters that matter (property)', () => {
    const entry = fc
      .array(fc.constantFrom('m', 'c', 'p', '_', '*', 'a', 'mcp__', '__', '__*'), { maxLength: 10 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(entry, (e) => {
        expect(serverPattern(e)).toBe(byTheRule(e));
      }),
      { numRuns: 20_000 },
    );
    expect(serverPattern('mcp__docs')).toBe('docs');
    expect(serverPattern('mcp__docs__*')).toBe('docs');
    expect(serverPattern('mcp__docs__search')).toBeUndefined();
  });
});
