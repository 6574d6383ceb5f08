// Edge cases of the policy runtime that the default-catalog and property tests do not pin down: name
// ownership, MCP name parsing, condition values, signature stability, derived closures, rule texts.
import { describe, expect, it } from 'vitest';
import { closePolicyTables } from '../../plugin/model/policy-tables';
import {
  conditionHolds,
  markDisallowedTools,
  policySignature,
  resolveDisallowedTools,
  resolveToolPolicy,
} from '../../plugin/runtime/policy';
import { explainTool } from '../../plugin/runtime/policy-explain';
import {
  expandClosure,
  mcpServerOf,
  preparePolicy,
  type PolicyTables,
  type PolicyToolEntry,
} from '../../plugin/runtime/policy-tables';

const tool = (t: Partial<PolicyToolEntry> & { key: string }): PolicyToolEntry => ({
  kind: 'sdk',
  exposure: 'user',
  names: [t.key],
  dependsOn: [],
  approval: 'permission-mode',
  ...t,
});
const bare = (tools: PolicyToolEntry[], extra: Partial<PolicyTables> = {}): PolicyTables => ({
  catalog: 'unit',
  tools,
  conditions: [{ name: 'has-git', field: 'hasGit' }],
  servers: ['own'],
  ...extra,
});

describe('mcpServerOf', () => {
  it('reads the server of full names and patterns only', () => {
    expect(mcpServerOf('mcp__docs__search')).toBe('docs');
    expect(mcpServerOf('mcp__docs__*')).toBe('docs');
    expect(mcpServerOf('mcp__cherry-tools__a__b')).toBe('cherry-tools'); // tool-catalog-ignore-stale-ref: a wire holding '__' on purpose
    expect(mcpServerOf('mcp__docs')).toBeUndefined();
    expect(mcpServerOf('mcp____x')).toBeUndefined();
    expect(mcpServerOf('Bash')).toBeUndefined();
    expect(mcpServerOf('xmcp__docs__a')).toBeUndefined();
  });
});

describe('conditionHolds', () => {
  it('only true holds by default; missing holds only when allowed', () => {
    expect([true, false, undefined].map((v) => conditionHolds(v))).toEqual([true, false, false]);
    expect([true, false, undefined].map((v) => conditionHolds(v, 'allow'))).toEqual([
      true,
      false,
      true,
    ]);
    expect([true, false, undefined].map((v) => conditionHolds(v, 'disallow'))).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe('preparePolicy', () => {
  it('prepares each tables object once and gives a name yielded twice to the first tool', () => {
    const tables = bare([
      tool({ key: 'A', names: ['shared', 'a'] }),
      tool({ key: 'B', names: ['shared', 'b', 'b'] }),
      tool({ key: 'C', names: ['A'] }),
    ]);
    const p = preparePolicy(tables);
    expect(preparePolicy(tables)).toBe(p);
    expect(p.names).toEqual([['shared', 'a'], ['b'], []]);
    expect(p.indexOf.get('shared')).toBe(0);
    expect(p.indexOf.get('A')).toBe(0);
    expect(resolveDisallowedTools(tables, { disabledTools: ['C'] }, {})).toEqual([]);
    expect(resolveDisallowedTools(tables, { disabledTools: ['b'] }, {})).toEqual(['b']);
  });

  it('keeps the first of two tools with one key (hand-written tables) and survives unknown dependencies', () => {
    const tables = bare([
      tool({ key: 'A', names: ['a1'] }),
      tool({ key: 'A', names: ['a2'] }),
      tool({ key: 'B', exposure: 'internal', dependsOn: ['Ghost', 'A'] }),
    ]);
    expect(resolveDisallowedTools(tables, { disabledTools: ['A'] }, {})).toEqual(['a1', 'B']);
    expect(resolveDisallowedTools(tables, { disabledTools: ['a2'] }, {})).toEqual(['a2']);
    expect(resolveDisallowedTools(closePolicyTables(tables), { disabledTools: ['A'] }, {})).toEqual(
      ['a1', 'B'],
    );
  });

  it('derives closures the tables leave out, the same as the build side computes them', () => {
    const tools = [
      tool({ key: 'Off', exposure: 'disabled' }),
      tool({ key: 'Gone', available: false, exposure: 'internal' }),
      tool({ key: 'Checked', available: { appCheck: 'isOn' }, exposure: 'internal' }),
      tool({ key: 'Offered', available: 'has-git' }),
      tool({ key: 'Git', exposure: 'conditional', condition: 'has-git', pairGroup: 'g' }),
      tool({ key: 'Mate', exposure: 'internal', pairGroup: 'g' }),
      tool({ key: 'User', dependsOn: ['Mate'] }),
      tool({ key: 'Needs', exposure: 'internal', dependsOn: ['Off'] }),
    ];
    const derived = bare(tools);
    const built = closePolicyTables(derived);
    expect(built.alwaysDisallowed).toEqual(['Off', 'Gone', 'Needs']);
    expect(built.whenConditionFails).toEqual({ 'has-git': ['Offered', 'Git', 'Mate', 'User'] });
    expect(built.whenOptedOut).toEqual({ Offered: ['Offered'], User: ['User'] });
    for (const ctx of [{}, { hasGit: true }, { hasGit: false }]) {
      for (const disabledTools of [[], ['User'], ['Mate'], ['Git'], ['Offered'], ['Checked']]) {
        expect(resolveDisallowedTools(derived, { disabledTools }, ctx)).toEqual(
          resolveDisallowedTools(built, { disabledTools }, ctx),
        );
      }
    }
    expect(resolveDisallowedTools(derived, null, { hasGit: true })).toEqual([
      'Off',
      'Gone',
      'Needs',
    ]);
  });

  it('uses the closures the tables carry rather than re-deriving them', () => {
    const tables = {
      ...bare([tool({ key: 'A' }), tool({ key: 'B' })]),
      alwaysDisallowed: ['B'],
      whenConditionFails: {},
      whenOptedOut: { A: ['A', 'B'] },
    };
    expect(resolveDisallowedTools(tables, { disabledTools: [] }, {})).toEqual(['B']);
    expect(resolveDisallowedTools(tables, { disabledTools: ['A'] }, {})).toEqual(['A', 'B']);
    expect(resolveDisallowedTools({ ...tables, alwaysDisallowed: ['Missing'] }, null, {})).toEqual(
      [],
    );
  });

  it('expandClosure walks spread edges and returns ascending indices', () => {
    const spread = [
      Int32Array.from([2]),
      Int32Array.from([]),
      Int32Array.from([1, 0]),
      Int32Array.from([0]),
    ];
    expect(Array.from(expandClosure([0], spread, 4))).toEqual([0, 1, 2]);
    expect(Array.from(expandClosure([3], spread, 4))).toEqual([0, 1, 2, 3]);
    expect(Array.from(expandClosure([], spread, 4))).toEqual([]);
  });
});

describe('resolve inputs', () => {
  const tables = closePolicyTables(
    bare([
      tool({ key: 'A', kind: 'mcp', names: ['mcp__own__a'], approval: 'auto' }),
      tool({ key: 'B' }),
    ]),
  );

  it('ignores non-string opt-outs, records ignored names in order, and says what each entry did', () => {
    const policy = resolveToolPolicy(
      tables,
      { disabledTools: [42 as never, 'mcp__own__*', 'Nope', 'mcp__other__x', 'mcp__other__x'] },
      {},
    );
    expect(policy.disallowedTools).toEqual(['mcp__own__a', 'mcp__other__x']);
    expect(policy.ignoredOptOuts).toEqual(['Nope']);
    expect(policy.optOuts.map((o) => [o.entry, o.effect])).toEqual([
      ['mcp__own__*', 'expanded'],
      ['Nope', 'ignored'],
      ['mcp__other__x', 'passed-through'],
      ['mcp__other__x', 'passed-through'],
    ]);
    expect(policy.optOuts[0]!.keys).toEqual(['A']);
    expect(policy.allowedTools).toEqual([]);
    expect(policy.mcpEnsureAllowed).toEqual([]);
  });

  it('passes overlay names through once, after the opt-outs, and blocks catalog tools it names', () => {
    expect(
      resolveDisallowedTools(
        tables,
        { disabledTools: ['mcp__x__y'] },
        {},
        { overlay: ['mcp__x__y', 'Extra', 7 as never, 'Extra', 'mcp__own__a'] },
      ),
    ).toEqual(['mcp__own__a', 'mcp__x__y', 'Extra']);
  });

  it('marks exactly the disallowed tools', () => {
    expect(
      Array.from(markDisallowedTools(tables, { disabledTools: ['B'] }, {}).disallowed),
    ).toEqual([0, 1]);
  });
});

describe('policySignature', () => {
  const lists = {
    disallowedTools: ['WebSearch', 'Bash'],
    allowedTools: ['Read'],
    mcpEnsureAllowed: ['mcp__a__b'],
  };

  it('is a pinned, stable value: a changed hash would re-key every warm session after an upgrade', () => {
    expect(policySignature(lists)).toBe(
      policySignature({
        disallowedTools: ['Bash', 'WebSearch', 'Bash'],
        allowedTools: ['Read'],
        mcpEnsureAllowed: ['mcp__a__b'],
      }),
    );
    expect(policySignature(lists)).toMatch(/^tp1-[0-9a-f]{14}$/);
    expect(policySignature({ disallowedTools: [], allowedTools: [] })).toBe(
      policySignature({ disallowedTools: [], allowedTools: [], mcpEnsureAllowed: [] }),
    );
    expect(policySignature(lists)).toBe('tp1-0fe4c3709c7ebd');
  });

  it('changes when a name moves between lists or any list changes', () => {
    const base = policySignature(lists);
    expect(policySignature({ ...lists, disallowedTools: ['WebSearch'] })).not.toBe(base);
    expect(policySignature({ ...lists, allowedTools: [] })).not.toBe(base);
    expect(policySignature({ ...lists, mcpEnsureAllowed: [] })).not.toBe(base);
    expect(
      policySignature({
        disallowedTools: ['WebSearch', 'Bash', 'Read'],
        allowedTools: [],
        mcpEnsureAllowed: ['mcp__a__b'],
      }),
    ).not.toBe(base);
    expect(
      policySignature({
        disallowedTools: ['WebSearch\nBash'],
        allowedTools: ['Read'],
        mcpEnsureAllowed: ['mcp__a__b'],
      }),
    ).not.toBe(base);
  });
});

describe('explain rule texts', () => {
  const tables = closePolicyTables(
    bare([
      tool({ key: 'Plain', kind: 'mcp', names: ['mcp__own__plain'], approval: 'auto' }),
      tool({ key: 'Gone', exposure: 'internal', available: false }),
      tool({ key: 'Solo', exposure: 'internal', pairGroup: 'g' }),
      tool({ key: 'Leaf', exposure: 'internal', dependsOn: ['Gone'] }),
    ]),
  );
  const explain = (key: string, disabledTools: string[] = []) =>
    explainTool(tables, key, { disabledTools }, {})!;
  const details = (key: string, disabledTools: string[] = []) =>
    Object.fromEntries(
      explain(key, disabledTools).rules.map((r) => [r.rule, [r.disallows, r.detail]]),
    );

  it('describes every rule for an allowed user MCP tool', () => {
    expect(details('Plain')).toEqual({
      'rule 1': [false, 'exposure user'],
      'rule 2': [undefined, 'not an internal tool'],
      'rule 3': [undefined, 'no condition'],
      'rule 4': [false, 'not opted out'],
      'rule 5': [undefined, 'no pair group'],
      dependsOn: [undefined, 'no dependencies'],
      overlay: [undefined, 'not named by the overlay'],
      'rule 6': [false, 'kept in the MCP ensure-list'],
      approval: [undefined, 'auto-approved: in allowedTools'],
      caller: [false, 'no caller leaves it out'],
      restricted: [false, 'not restricted'],
      'opt-out pattern': [false, 'no server pattern covers it'],
      runtime: [
        false,
        'direct in runtime configuration default (nothing recorded: counted as direct)',
      ],
    });
    expect(details('Plain', ['Plain']).approval).toEqual([
      undefined,
      'auto-approved, but disallowed',
    ]);
    expect(details('Plain', ['mcp__own__plain'])['rule 4']).toEqual([
      true,
      "opted out by 'mcp__own__plain'",
    ]);
    expect(explain('Plain', ['Plain']).preApproved).toBe(false);
  });

  it('explains available: false and the dependency on it', () => {
    expect(explain('Gone').summary).toBe('Gone: disallowed — available is false');
    expect(details('Gone')['rule 1']).toEqual([true, 'exposure internal, available: false']);
    expect(explain('Leaf').summary).toBe(
      'Leaf: disallowed — depends on Gone: Gone is never available',
    );
    expect(details('Solo')['rule 5']).toEqual([
      false,
      'pair group g: no other member is disallowed',
    ]);
    expect(explain('Solo').names).toEqual(['Solo']);
    expect(explain('Solo').exposure).toBe('internal');
  });
});
