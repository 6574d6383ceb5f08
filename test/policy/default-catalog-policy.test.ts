// The policy rules on the default catalog, case by case, against the checked-in
// generated/claude/policy.ts (the code an app imports) and against tables compiled fresh from
// catalog/, so a stale checked-in file cannot hide a bug.
import { describe, expect, it } from 'vitest';
import { createToolContext } from '../../plugin/runtime/context';
import { resolveDisallowedTools, resolveToolPolicy } from '../../plugin/runtime/policy';
import type { PolicyToolEntry } from '../../plugin/runtime/policy-tables';
import {
  CLAUDE_POLICY_TABLES,
  resolveClaudeDisallowedTools,
  resolveClaudeToolPolicy,
} from '../../generated/claude/policy';
import { loadDefaultCatalog } from '../support/projects';
import { DEFAULT_DISALLOWED } from '../support/default-catalog';

const ALL_CONTEXTS = [
  { workspaceHasGit: true, agentHasChannel: true },
  { workspaceHasGit: true, agentHasChannel: false },
  { workspaceHasGit: false, agentHasChannel: true },
  { workspaceHasGit: false, agentHasChannel: false },
];

/** The fields of a registry descriptor the policy reads (`PolicyToolEntry`), as plain data. */
const POLICY_FIELDS = [
  'key',
  'kind',
  'exposure',
  'names',
  'condition',
  'available',
  'pairGroup',
  'dependsOn',
  'approval',
  'restricted',
  'offer',
  'server',
  'channel',
  'namesFrom',
  'renamedFrom',
] as const satisfies readonly (keyof PolicyToolEntry)[];
const policyFields = (tool: object) =>
  JSON.parse(
    JSON.stringify(
      Object.fromEntries(POLICY_FIELDS.map((f) => [f, (tool as Record<string, unknown>)[f]])),
    ),
  );

const ON = { workspaceHasGit: true, agentHasChannel: true };

describe('the checked-in generated policy matches the catalog', () => {
  it('embeds exactly the tables compiled from catalog/, its tools being the registry descriptors', async () => {
    const { tables } = await loadDefaultCatalog();
    const { tools, ...rest } = CLAUDE_POLICY_TABLES;
    const { tools: compiledTools, ...compiledRest } = tables;
    expect(JSON.parse(JSON.stringify(rest))).toEqual(JSON.parse(JSON.stringify(compiledRest)));
    expect(tools.map(policyFields)).toEqual(compiledTools.map(policyFields));
    expect(JSON.parse(JSON.stringify(compiledTools))).toEqual(compiledTools.map(policyFields));
  });
});

describe.each([
  [
    'generated/claude/policy.ts',
    (agent: { disabledTools: string[] }, ctx: typeof ON) =>
      resolveClaudeDisallowedTools(agent, ctx),
  ],
  [
    'tables compiled from catalog/',
    async (agent: { disabledTools: string[] }, ctx: typeof ON) =>
      resolveDisallowedTools((await loadDefaultCatalog()).tables, agent, ctx),
  ],
] as const)('the policy on the default catalog via %s', (_source, resolve) => {
  it("keeps the SDK's WebSearch and WebFetch disallowed in every context, whatever is opted out (the app's own replace them)", async () => {
    for (const ctx of ALL_CONTEXTS) {
      for (const disabledTools of [[], ['Bash'], ['WebSearch', 'WebFetch'], ['mcp__docs__*']]) {
        const out = await resolve({ disabledTools }, ctx);
        expect(out).toContain('WebSearch');
        expect(out).toContain('WebFetch');
      }
    }
  });

  it('with everything on and git present, disallows exactly the disabled tools', async () => {
    expect(await resolve({ disabledTools: [] }, ON)).toEqual(DEFAULT_DISALLOWED);
  });

  it('toggling Bash off disables its whole pair group, internal members included', async () => {
    const out = await resolve({ disabledTools: ['Bash'] }, ON);
    expect(out).toEqual(expect.arrayContaining(['Bash', 'TaskOutput', 'TaskStop']));
    expect(out.filter((n) => !DEFAULT_DISALLOWED.includes(n)).sort()).toEqual([
      'Bash',
      'TaskOutput',
      'TaskStop',
    ]);
  });

  it('an opt-out naming an internal tool changes nothing', async () => {
    const base = await resolve({ disabledTools: [] }, ON);
    for (const internal of [
      'TaskOutput',
      'Agent',
      'AskUserQuestion',
      'SearchSkills',
      'mcp__skills__install_skill',
    ]) {
      expect(await resolve({ disabledTools: [internal] }, ON)).toEqual(base);
    }
  });

  it('a false condition disables every member of the pair group', async () => {
    const out = await resolve(
      { disabledTools: [] },
      { workspaceHasGit: false, agentHasChannel: true },
    );
    expect(out).toContain('EnterWorktree');
    expect(out).toContain('ExitWorktree');
    const on = await resolve({ disabledTools: [] }, ON);
    expect(on).not.toContain('EnterWorktree');
    expect(on).not.toContain('ExitWorktree');
  });

  it('a disabled MCP tool yields its mcp__server__wire name', async () => {
    expect(await resolve({ disabledTools: ['CherryCron'] }, ON)).toContain(
      'mcp__cherry-tools__cron',
    );
    expect(await resolve({ disabledTools: ['mcp__agent-memory__memory'] }, ON)).toContain(
      'mcp__agent-memory__memory',
    );
    expect(await resolve({ disabledTools: ['CherryCron'] }, ON)).not.toContain('CherryCron');
  });

  it('passes external MCP names and patterns through unchanged, once each', async () => {
    const out = await resolve(
      { disabledTools: ['mcp__docs__search_docs', 'mcp__docs__*', 'mcp__docs__*'] },
      ON,
    );
    expect(out.slice(-2)).toEqual(['mcp__docs__search_docs', 'mcp__docs__*']);
  });

  it('ignores unknown names and unknown names under the catalog-owned servers', async () => {
    const base = await resolve({ disabledTools: [] }, ON);
    // Unknown names on purpose, the one under a catalog-owned server kept on its own line.
    const disabledTools = [
      'NoSuchTool',
      'mcp__skills__nope', // tool-catalog-ignore-stale-ref: unknown on purpose
      '',
    ];
    expect(await resolve({ disabledTools }, ON)).toEqual(base);
  });

  it('switches off every user tool of a catalog server named whole or by pattern, and keeps its other tools', async () => {
    const base = await resolve({ disabledTools: [] }, ON);
    const cherryUserTools = [
      'mcp__cherry-tools__cron',
      'mcp__cherry-tools__notify',
      'mcp__cherry-tools__config',
      'mcp__cherry-tools__web_search',
      'mcp__cherry-tools__web_fetch',
      'mcp__cherry-tools__knowledge',
    ];
    for (const entry of ['mcp__cherry-tools', 'mcp__cherry-tools__*']) {
      const off = await resolve({ disabledTools: [entry] }, ON);
      expect(off.filter((n) => !base.includes(n)).sort()).toEqual([...cherryUserTools].sort());
    }
    // The skills server has only internal tools: a user cannot switch them off, and the resolver says so.
    const policy = resolveClaudeToolPolicy({ disabledTools: ['mcp__skills', 'mcp__*'] }, ON);
    expect(policy.optOuts[0]).toMatchObject({
      entry: 'mcp__skills',
      effect: 'expanded',
      keys: [],
      reason: expect.stringContaining('SearchSkills'),
    });
    expect(policy.optOuts[1]).toMatchObject({ entry: 'mcp__*', effect: 'expanded' });
    expect(policy.disallowedTools).toContain('mcp__*');
    expect(policy.disallowedTools).toContain('mcp__agent-memory__memory');
  });
});

describe('rule 6 and approvals on the default catalog', () => {
  it('a disabled in-process MCP tool leaves the ensure-list; allowedTools is the auto set minus disallowed', () => {
    const on = resolveClaudeToolPolicy({ disabledTools: [] }, ON);
    expect(on.mcpEnsureAllowed).toContain('mcp__cherry-tools__web_search');
    expect(on.allowedTools).toEqual([
      'Read',
      'Glob',
      'Grep',
      'ListMcpResourcesTool',
      'ReadMcpResourceTool',
      'ReadMcpResourceDirTool',
      'mcp__cherry-tools__web_search',
      'mcp__cherry-tools__web_fetch',
      'mcp__cherry-tools__knowledge',
      'mcp__skills__search_skills',
    ]);
    const off = resolveClaudeToolPolicy({ disabledTools: ['CherryWebSearch', 'Read'] }, ON);
    expect(off.mcpEnsureAllowed).not.toContain('mcp__cherry-tools__web_search');
    expect(off.mcpEnsureAllowed).toHaveLength(on.mcpEnsureAllowed.length - 1);
    expect(off.allowedTools).not.toContain('mcp__cherry-tools__web_search');
    expect(off.allowedTools).not.toContain('Read');
    expect(off.disallowedTools).toEqual(
      expect.arrayContaining(['mcp__cherry-tools__web_search', 'Read']),
    );
  });

  it('search_skills is auto-approved and install_skill follows the permission mode', () => {
    const { allowedTools, mcpEnsureAllowed } = resolveClaudeToolPolicy({ disabledTools: [] }, ON);
    expect(allowedTools).toContain('mcp__skills__search_skills');
    expect(allowedTools).not.toContain('mcp__skills__install_skill');
    expect(mcpEnsureAllowed).toContain('mcp__skills__install_skill');
  });

  it("the assistant-mode overlay blocks AskUserQuestion without touching the agent's settings", () => {
    const out = resolveClaudeDisallowedTools({ disabledTools: [] }, ON, {
      overlay: ['AskUserQuestion'],
    });
    expect(out).toContain('AskUserQuestion');
    expect(resolveClaudeDisallowedTools({ disabledTools: [] }, ON)).not.toContain(
      'AskUserQuestion',
    );
  });

  it('missing conditions are treated as false unless the caller opts into allowing them', () => {
    expect(resolveClaudeDisallowedTools({ disabledTools: [] }, {} as never)).toContain(
      'EnterWorktree',
    );
    expect(resolveClaudeDisallowedTools(null, { workspaceHasGit: 'yes' } as never)).toContain(
      'EnterWorktree',
    );
    expect(
      resolveClaudeDisallowedTools(undefined, {} as never, { missingConditions: 'allow' }),
    ).not.toContain('EnterWorktree');
    expect(
      resolveClaudeDisallowedTools(undefined, { workspaceHasGit: false } as never, {
        missingConditions: 'allow',
      }),
    ).toContain('EnterWorktree');
  });

  it('reads conditions from the per-invocation context, each predicate evaluated once', () => {
    let calls = 0;
    const workspaceHasGit = () => {
      calls++;
      return false;
    };
    const ctx = createToolContext({ predicates: { workspaceHasGit, agentHasChannel: true } });
    const policy = resolveClaudeToolPolicy({ disabledTools: [] }, ctx);
    resolveClaudeDisallowedTools({ disabledTools: [] }, ctx);
    expect(policy.disallowedTools).toContain('ExitWorktree');
    expect(calls).toBe(1);
    expect(
      resolveToolPolicy(
        CLAUDE_POLICY_TABLES,
        { disabledTools: [] },
        createToolContext({ predicates: { workspaceHasGit: () => true } }),
      ).disallowedTools,
    ).not.toContain('ExitWorktree');
  });
});
