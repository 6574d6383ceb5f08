// Every rule finding of explainTool, pinned for each state a tool can be in (found by mutation
// testing: the texts and verdicts of each rule are part of what `explain` promises to say).
import { describe, expect, it } from 'vitest';
import { closePolicyTables } from '../../plugin/model/policy-tables';
import { explainTool } from '../../plugin/runtime/policy-explain';
import type { PolicyToolEntry } from '../../plugin/runtime/policy-tables';

const tool = (t: Partial<PolicyToolEntry> & { key: string }): PolicyToolEntry => ({
  kind: 'sdk',
  exposure: 'internal',
  names: [t.key],
  dependsOn: [],
  approval: 'permission-mode',
  ...t,
});
const tables = closePolicyTables({
  catalog: 'rules',
  conditions: [{ name: 'has-git', field: 'hasGit' }],
  servers: ['own'],
  tools: [
    tool({ key: 'Off', exposure: 'disabled' }),
    tool({ key: 'Relay', pairGroup: 'g', dependsOn: ['Off'] }),
    tool({ key: 'Root', exposure: 'user', pairGroup: 'g' }),
    tool({ key: 'Target', pairGroup: 'g' }),
    tool({
      key: 'Git',
      exposure: 'user',
      condition: 'has-git',
      kind: 'mcp',
      names: ['mcp__own__git'],
      approval: 'auto',
    }),
    tool({ key: 'Ghost', exposure: 'user', condition: 'undeclared' }),
    tool({ key: 'Helper', exposure: 'user' }),
    tool({ key: 'Uses', dependsOn: ['Helper', 'Nowhere'] }),
    tool({ key: 'Both', dependsOn: ['Helper', 'Git'] }),
    tool({ key: 'Mate', pairGroup: 'h' }),
    tool({ key: 'Lead', pairGroup: 'h', dependsOn: ['Off'] }),
    tool({ key: 'Follower', pairGroup: 'h', dependsOn: ['Lead'] }),
    tool({ key: 'Ask', pairGroup: 'o' }),
    tool({ key: 'AskMate', pairGroup: 'o' }),
    tool({ key: 'OffMate', pairGroup: 'd' }),
    tool({ key: 'OffInGroup', exposure: 'disabled', pairGroup: 'd' }),
  ],
});
const explain = (
  key: string,
  disabledTools: unknown[] = [],
  ctx: object = { hasGit: true },
  overlay?: string[],
) =>
  explainTool(
    tables,
    key,
    { disabledTools: disabledTools as string[] },
    ctx,
    overlay ? { overlay } : {},
  )!;
/** What came after the policy rules: the caller, `restricted`, an opt-out pattern, the runtime. */
const SESSION_RULES = ['caller', 'restricted', 'opt-out pattern', 'runtime'];
/** The policy rules' findings (the session's are checked on their own below). */
const findings = (e: ReturnType<typeof explain>) =>
  Object.fromEntries(
    e.rules
      .filter((r) => !SESSION_RULES.includes(r.rule))
      .map((r) => [r.rule, [r.disallows, r.detail]]),
  );
const sessionFindings = (e: ReturnType<typeof explain>) =>
  Object.fromEntries(
    e.rules
      .filter((r) => SESSION_RULES.includes(r.rule))
      .map((r) => [r.rule, [r.disallows, r.detail]]),
  );

describe('explain findings, rule by rule', () => {
  it('an internal tool in a pair group: root causes before relays', () => {
    const e = explain('Target', ['Root']);
    expect(e.reasons).toEqual([
      "pair group g: Root is opted out ('Root' in disabledTools)",
      'pair group g: Relay depends on Off: Off is always disabled',
    ]);
    expect(findings(e)).toEqual({
      'rule 1': [false, 'exposure internal'],
      'rule 2': [false, 'internal: never disallowed on its own'],
      'rule 3': [undefined, 'no condition'],
      'rule 4': [undefined, 'not a user tool'],
      'rule 5': [
        true,
        "pair group g: Root is opted out ('Root' in disabledTools); pair group g: Relay depends on Off: Off is always disabled",
      ],
      dependsOn: [undefined, 'no dependencies'],
      overlay: [undefined, 'not named by the overlay'],
      approval: [undefined, 'follows the permission mode'],
    });
    expect(e.preApproved).toBe(false);
  });

  it('a user tool gated by a condition: opt-outs listed, condition true is not a reason', () => {
    const e = explain('Git', ['Git', 'mcp__own__git', 42]);
    expect(e.reasons).toEqual([
      "opted out by disabledTools entry 'Git'",
      "opted out by disabledTools entry 'mcp__own__git'",
    ]);
    expect(findings(e)).toMatchObject({
      'rule 3': [false, 'condition has-git is true'],
      'rule 4': [true, "opted out by 'Git', 'mcp__own__git'"],
      'rule 6': [true, 'dropped from the MCP ensure-list'],
      approval: [undefined, 'auto-approved, but disallowed'],
    });
    expect(findings(explain('Git', [], { hasGit: false }))['rule 3']).toEqual([
      true,
      'condition has-git is false',
    ]);
    expect(explain('Git').preApproved).toBe(true);
    expect(findings(explain('Helper'))).not.toHaveProperty('rule 6');
  });

  it('a condition the tables do not declare is reported but decides nothing', () => {
    const e = explain('Ghost', ['Ghost']);
    expect(e.reasons).toEqual(["opted out by disabledTools entry 'Ghost'"]);
    expect(findings(e)['rule 3']).toEqual([
      false,
      'condition undeclared is not set (treated as false)',
    ]);
    expect(explain('Ghost').allowed).toBe(true);
  });

  it('names non-user opt-outs as ignored, and only the tools they name', () => {
    expect(findings(explain('Target', ['Target', 'Relay']))['rule 4']).toEqual([
      undefined,
      "not a user tool: opt-out 'Target' ignored",
    ]);
    expect(findings(explain('Relay', ['Target', 'Relay', 'Relay']))['rule 4']).toEqual([
      undefined,
      "not a user tool: opt-out 'Relay', 'Relay' ignored",
    ]);
  });

  it('dependencies: allowed and unknown ones are no reason; disallowed ones are', () => {
    expect(findings(explain('Uses'))).toMatchObject({
      dependsOn: [false, 'every dependency (Helper, Nowhere) is allowed'],
    });
    const e = explain('Uses', ['Helper']);
    expect(e.summary).toBe(
      "Uses: disallowed — depends on Helper: Helper is opted out ('Helper' in disabledTools)",
    );
    expect(findings(e).dependsOn).toEqual([
      true,
      "depends on Helper: Helper is opted out ('Helper' in disabledTools)",
    ]);
    const both = explainTool(
      tables,
      'Uses',
      { disabledTools: ['Helper'] },
      { hasGit: true },
      { overlay: ['Uses'] },
    )!;
    expect(findings(both).dependsOn).toEqual([
      true,
      "depends on Helper: Helper is opted out ('Helper' in disabledTools)",
    ]);
    expect(both.reasons).toEqual([
      "blocked by the overlay ('Uses')",
      "depends on Helper: Helper is opted out ('Helper' in disabledTools)",
    ]);
  });

  it('never explains a tool by a chain that runs back through itself', () => {
    // Lead and Follower share pair group h and Follower depends on Lead: Lead's only cause is Off.
    expect(explain('Lead').reasons).toEqual(['depends on Off: Off is always disabled']);
    expect(explain('Mate').reasons).toEqual([
      'pair group h: Lead depends on Off: Off is always disabled',
    ]);
  });

  it('the overlay: named tools only, and their pair group relays it', () => {
    const ask = explain('Ask', [], { hasGit: true }, ['Ask']);
    expect(findings(ask).overlay).toEqual([true, 'named by the overlay']);
    expect(explain('AskMate', [], { hasGit: true }, ['Ask']).reasons).toEqual([
      'pair group o: Ask is blocked by the overlay',
    ]);
    expect(explain('Target', ['Root'], { hasGit: true }, ['Ask']).reasons).not.toContain(
      "blocked by the overlay ('Ask')",
    );
    expect(findings(explain('Target', ['Root'], { hasGit: true }, ['Ask'])).overlay).toEqual([
      undefined,
      'not named by the overlay',
    ]);
  });

  it('keeps pair-group and dependency causes apart, and each rule to its own reasons', () => {
    const follower = findings(explain('Follower'));
    expect(follower['rule 5']).toEqual([
      true,
      'pair group h: Lead depends on Off: Off is always disabled',
    ]);
    expect(follower.dependsOn).toEqual([
      true,
      'depends on Lead: Lead depends on Off: Off is always disabled',
    ]);
    expect(findings(explain('Both', ['Helper'], { hasGit: false })).dependsOn).toEqual([
      true,
      "depends on Helper: Helper is opted out ('Helper' in disabledTools); depends on Git: Git's condition has-git is false",
    ]);
    const gitOff = findings(explain('Git', [], { hasGit: false }));
    expect(gitOff['rule 4']).toEqual([false, 'not opted out']);
    expect(gitOff.overlay).toEqual([undefined, 'not named by the overlay']);
    expect(explain('Helper').preApproved).toBe(false);
  });

  it('a disabled sibling is named as such', () => {
    expect(explain('OffMate').summary).toBe(
      'OffMate: disallowed — pair group d: OffInGroup is always disabled',
    );
  });

  it('a tool the policy allows: the session rules say what came after, down to the runtime', () => {
    const e = explain('Helper');
    expect(e).toMatchObject({ allowed: true, state: 'direct' });
    expect(sessionFindings(e)).toEqual({
      caller: [false, 'no caller leaves it out'],
      restricted: [false, 'not restricted'],
      'opt-out pattern': [false, 'no server pattern covers it'],
      runtime: [
        false,
        'direct in runtime configuration default (nothing recorded: counted as direct)',
      ],
    });
  });

  it('a tool the policy disallows: the session rules are not reached', () => {
    const e = explain('Off');
    expect(e).toMatchObject({ allowed: false, state: 'absent', absentBy: 'policy' });
    expect(sessionFindings(e)).toMatchObject({
      runtime: [undefined, 'not reached: the session leaves it out'],
    });
  });

  it('an internal in-process tool an mcp__* opt-out covers, though the policy rules leave it allowed', () => {
    const own = closePolicyTables({
      catalog: 'pattern',
      conditions: [],
      servers: ['own'],
      tools: [tool({ key: 'Pin', kind: 'mcp', names: ['mcp__own__pin'] })],
    });
    const e = explainTool(own, 'Pin', { disabledTools: ['mcp__*'] }, {})!;
    expect(e).toMatchObject({ allowed: false, state: 'absent', absentBy: 'opt-out pattern' });
    expect(findings(e)['rule 2']).toEqual([false, 'internal: never disallowed on its own']);
    expect(e.summary).toBe(
      "Pin: disallowed — covered by the opt-out 'mcp__*', which reaches every tool of its server",
    );
    expect(sessionFindings(e)['opt-out pattern']).toEqual([
      true,
      "covered by the opt-out 'mcp__*', which reaches every tool of its server",
    ]);
  });
});
