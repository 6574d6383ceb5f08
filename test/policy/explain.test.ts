// explainTool: the verdict always agrees with resolveDisallowedTools, and the reasons name the rule,
// pair group, condition, opt-out or dependency that decided — on the default catalog and small fixtures.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closePolicyTables } from '../../plugin/model/policy-tables';
import { coveredBy } from '../../plugin/runtime/opt-outs';
import { resolveDisallowedTools } from '../../plugin/runtime/policy';
import { explainTool } from '../../plugin/runtime/policy-explain';
import type { PolicyToolEntry } from '../../plugin/runtime/policy-tables';
import { catalogCase } from './arbitraries';
import { loadDefaultCatalog } from '../support/projects';

const ON = { workspaceHasGit: true, agentHasChannel: true };
const rule = (e: ReturnType<typeof explainTool>, id: string) =>
  e!.rules.find((r) => r.rule === id)!;

describe('explain on the default catalog', () => {
  it('ExitWorktree: disallowed through its pair group when the workspace has no git', async () => {
    const { tables } = await loadDefaultCatalog();
    const e = explainTool(
      tables,
      'ExitWorktree',
      { disabledTools: [] },
      { workspaceHasGit: false, agentHasChannel: true },
    )!;
    expect(e.allowed).toBe(false);
    expect(e.summary).toBe(
      "ExitWorktree: disallowed — condition workspace-has-git is false; pair group worktree: EnterWorktree's condition workspace-has-git is false",
    );
    expect(rule(e, 'rule 3')).toEqual({
      rule: 'rule 3',
      disallows: true,
      detail: 'condition workspace-has-git is false',
    });
    expect(rule(e, 'rule 5').disallows).toBe(true);
    expect(rule(e, 'rule 1').disallows).toBe(false);
  });

  it('says a missing condition is treated as false', async () => {
    const { tables } = await loadDefaultCatalog();
    const e = explainTool(tables, 'EnterWorktree', { disabledTools: [] }, {})!;
    expect(e.reasons[0]).toBe('condition workspace-has-git is not set (treated as false)');
  });

  it('TaskOutput follows Bash: an internal tool disallowed by its pair group', async () => {
    const { tables } = await loadDefaultCatalog();
    const e = explainTool(tables, 'TaskOutput', { disabledTools: ['Bash', 'TaskOutput'] }, ON)!;
    expect(e.summary).toBe(
      "TaskOutput: disallowed — pair group bash: Bash is opted out ('Bash' in disabledTools)",
    );
    expect(rule(e, 'rule 2')).toMatchObject({ disallows: false });
    expect(rule(e, 'rule 4')).toEqual({
      rule: 'rule 4',
      disallows: undefined,
      detail: "not a user tool: opt-out 'TaskOutput' ignored",
    });
    expect(explainTool(tables, 'Bash', { disabledTools: ['Bash'] }, ON)!.summary).toBe(
      "Bash: disallowed — opted out by disabledTools entry 'Bash'",
    );
  });

  it('WebSearch is always disabled; Read is allowed and pre-approved', async () => {
    const { tables } = await loadDefaultCatalog();
    const web = explainTool(tables, 'WebSearch', { disabledTools: [] }, ON)!;
    expect(web.summary).toBe('WebSearch: disallowed — exposure is disabled');
    expect(rule(web, 'rule 1').disallows).toBe(true);
    const read = explainTool(tables, 'Read', { disabledTools: [] }, ON)!;
    expect(read).toMatchObject({
      allowed: true,
      state: 'direct',
      reasons: [],
      preApproved: true,
      summary: 'Read: offered direct',
    });
    expect(rule(read, 'approval').detail).toBe('auto-approved: in allowedTools');
  });

  it('finds tools by runtime name and reports rule 6 for MCP tools', async () => {
    const { tables } = await loadDefaultCatalog();
    const e = explainTool(
      tables,
      'mcp__cherry-tools__cron',
      { disabledTools: ['mcp__cherry-tools__cron'] },
      ON,
    )!;
    expect(e.key).toBe('CherryCron');
    expect(rule(e, 'rule 6')).toEqual({
      rule: 'rule 6',
      disallows: true,
      detail: 'dropped from the MCP ensure-list',
    });
    expect(explainTool(tables, 'NoSuchTool', null, ON)).toBeUndefined();
  });

  it('names the overlay when a mode blocks a tool', async () => {
    const { tables } = await loadDefaultCatalog();
    const e = explainTool(tables, 'AskUserQuestion', null, ON, { overlay: ['AskUserQuestion'] })!;
    expect(e.summary).toBe(
      "AskUserQuestion: disallowed — blocked by the overlay ('AskUserQuestion')",
    );
    expect(rule(e, 'overlay').disallows).toBe(true);
  });
});

describe('explain through dependencies', () => {
  const tool = (t: Partial<PolicyToolEntry> & { key: string }): PolicyToolEntry => ({
    kind: 'sdk',
    exposure: 'internal',
    names: [t.key],
    dependsOn: [],
    approval: 'permission-mode',
    ...t,
  });
  const tables = closePolicyTables({
    catalog: 'deps',
    conditions: [{ name: 'has-skills', field: 'hasSkills' }],
    servers: [],
    tools: [
      tool({ key: 'Search', exposure: 'user', pairGroup: 'skills' }),
      tool({
        key: 'Browse',
        pairGroup: 'skills',
        condition: 'has-skills',
        exposure: 'conditional',
      }),
      tool({ key: 'Install', dependsOn: ['Search'] }),
      tool({ key: 'Upgrade', dependsOn: ['Install'] }),
    ],
  });

  it('follows the chain back to the deciding rule', () => {
    const e = explainTool(tables, 'Upgrade', { disabledTools: ['Search'] }, { hasSkills: true })!;
    expect(e.summary).toBe(
      "Upgrade: disallowed — depends on Install: Install depends on Search: Search is opted out ('Search' in disabledTools)",
    );
    const viaGroup = explainTool(tables, 'Install', null, { hasSkills: false })!;
    expect(viaGroup.summary).toBe(
      "Install: disallowed — depends on Search: Search is in pair group skills: Browse's condition has-skills is false",
    );
    expect(
      explainTool(tables, 'Upgrade', null, { hasSkills: true })!.rules.find(
        (r) => r.rule === 'dependsOn',
      )!.detail,
    ).toBe('every dependency (Install) is allowed');
  });

  it('agrees with resolveDisallowedTools on random catalogs, with a reason for every disallowed tool (5,000 cases)', () => {
    fc.assert(
      fc.property(catalogCase, ({ tables: t, ctx, disabled, extra }) => {
        const out = resolveDisallowedTools(t, { disabledTools: disabled }, ctx, { overlay: extra });
        // A name is blocked when a disallowed entry covers it: itself, its server, or a pattern.
        const blocked = (name: string) => out.some((entry) => coveredBy(name, entry));
        for (const entry of t.tools) {
          const e = explainTool(t, entry.key, { disabledTools: disabled }, ctx, {
            overlay: extra,
          })!;
          if (entry.names.length > 0 && e.allowed === entry.names.every(blocked))
            throw new Error(`${entry.key}: explain says ${e.summary}`);
          if (!e.allowed && e.reasons.length === 0)
            throw new Error(`${entry.key}: disallowed without a reason`);
          if (e.allowed && e.reasons.length > 0)
            throw new Error(`${entry.key}: allowed with reasons`);
        }
      }),
      { numRuns: Math.min(5_000, Number(process.env.POLICY_PROPERTY_RUNS) || 5_000) },
    );
  });
});
