// The guard scopes a subagent's calls: when the hook input names the calling subagent (`agent_type`,
// with `agent_id` from a subagent), the call is decided against that subagent's share of the offer —
// in the session's guard and in the generated guard over the tables — and a subagent the catalog does
// not declare is denied. The default catalog's subagent `research` reads and searches only.
import type { HookCallbackMatcher, PreToolUseHookInput } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import {
  claudeSessionOptions,
  createClaudeToolContext,
  createClaudeToolGuard,
} from '../../generated/claude';
import { createPreToolUseGuard, type GuardHookInput } from '../../plugin/runtime/hooks';
import { preparePolicy, type PolicyTables } from '../../plugin/runtime/policy-tables';

/** A PreToolUse input as the SDK types it, from the main thread or from a subagent. */
const input = (
  tool_name: string,
  from?: { agent_type?: unknown; agent_id?: unknown },
): PreToolUseHookInput => ({
  hook_event_name: 'PreToolUse',
  session_id: 's',
  transcript_path: '/tmp/t',
  cwd: '/tmp',
  tool_name,
  tool_input: {},
  tool_use_id: 'tu',
  ...(from as { agent_type?: string; agent_id?: string }),
});

const research = { agent_type: 'research', agent_id: 'a1b2' };

/** The guard's reason for denying the call, or undefined when it lets the SDK decide. */
async function reason(matcher: HookCallbackMatcher, hookInput: PreToolUseHookInput) {
  const [hook] = matcher.hooks;
  const output = await hook!(hookInput, 'tu', { signal: new AbortController().signal });
  const specific = 'hookSpecificOutput' in output ? output.hookSpecificOutput : undefined;
  return specific?.hookEventName === 'PreToolUse' && specific.permissionDecision === 'deny'
    ? specific.permissionDecisionReason
    : undefined;
}

const context = { workspaceHasGit: true, agentHasChannel: true };

describe("the session's guard", () => {
  const guard = claudeSessionOptions({ context }).hooks.PreToolUse[0]! as HookCallbackMatcher;

  it('lets the subagent call its own tools and the main thread call the rest', async () => {
    expect(await reason(guard, input('Read', research))).toBeUndefined();
    expect(await reason(guard, input('Grep', research))).toBeUndefined();
    expect(await reason(guard, input('Bash'))).toBeUndefined();
    expect(await reason(guard, input('Agent'))).toBeUndefined();
  });

  it('denies the subagent what the session offers but not to it, Bash and the Agent tool among them, under a legacy name too', async () => {
    expect(await reason(guard, input('Bash', research))).toBe(
      "'Bash' is denied to subagent 'research': not among the tools of subagent 'research'.",
    );
    expect(await reason(guard, input('Agent', research))).toBe(
      "'Agent' is denied to subagent 'research': subagents do not start subagents.",
    );
    expect(await reason(guard, input('Task', research))).toContain(
      "('Task' is the runtime's former name of 'Agent')",
    );
  });

  it('denies the subagent a tool of its own that the session leaves out', async () => {
    const opted = claudeSessionOptions({ context, agent: { disabledTools: ['Grep'] } });
    const matcher = opted.hooks.PreToolUse[0]! as HookCallbackMatcher;
    expect(await reason(matcher, input('Grep', research))).toBe(
      "'Grep' is disallowed by the agent's current tool settings.",
    );
    expect(await reason(matcher, input('Read', research))).toBeUndefined();
  });

  it('denies every call of a subagent the catalog does not declare, and of one the input names badly', async () => {
    expect(
      await reason(guard, input('Read', { agent_type: 'general-purpose', agent_id: 'x' })),
    ).toBe(
      "'Read' is called by the subagent 'general-purpose', which the tool catalog does not declare (its subagents: research).",
    );
    // The main thread of a session started as another agent is named without agent_id.
    expect(await reason(guard, input('Read', { agent_type: 'reviewer' }))).toContain(
      "the subagent 'reviewer', which the tool catalog does not declare",
    );
    expect(await reason(guard, input('Read', { agent_id: 'x' }))).toBe(
      'the call comes from a subagent (agent_id "x") whose type the hook input does not name.',
    );
    expect(await reason(guard, input('Read', { agent_type: 7, agent_id: 'x' }))).toBe(
      "the hook input names the calling agent by 7, which is no subagent's name.",
    );
    expect(await reason(guard, input('Read', { agent_type: '', agent_id: 'x' }))).toContain(
      "which is no subagent's name",
    );
  });

  it('denies every call of a declared subagent the session does not offer', async () => {
    // Every tool of research switched off or absent: the session defines no research subagent.
    const none = claudeSessionOptions({
      context: { workspaceHasGit: false, agentHasChannel: false },
      agent: {
        disabledTools: ['Read', 'Glob', 'Grep', 'WebSearch', 'WebFetch', 'mcp__cherry-tools__*'],
      },
    });
    expect(none.agents).toBeUndefined();
    const matcher = none.hooks.PreToolUse[0]! as HookCallbackMatcher;
    // Its tools are all disallowed; one named by its key gets past that list and meets the offer.
    expect(await reason(matcher, input('Read', research))).toBe(
      "'Read' is disallowed by the agent's current tool settings.",
    );
    expect(await reason(matcher, input('CherryKnowledge', research))).toBe(
      "subagent 'research' is not offered in this session.",
    );
  });
});

describe('the generated guard over the tables', () => {
  const guard = createClaudeToolGuard({
    context: createClaudeToolContext({ predicates: context }),
  }) as HookCallbackMatcher;

  it("decides a subagent's call against its own tools, and denies an undeclared one", async () => {
    expect(await reason(guard, input('Read', research))).toBeUndefined();
    expect(await reason(guard, input('Bash', research))).toBe(
      "'Bash' is denied to subagent 'research': not among the tools of subagent 'research'.",
    );
    expect(await reason(guard, input('Bash'))).toBeUndefined();
    expect(await reason(guard, input('Read', { agent_type: 'Explore', agent_id: 'x' }))).toContain(
      "the subagent 'Explore', which the tool catalog does not declare",
    );
  });
});

describe('a catalog that declares no subagent', () => {
  const tables: PolicyTables = {
    catalog: 'plain',
    tools: ['Read', 'Bash', 'Agent'].map((key) => ({
      key,
      kind: 'sdk' as const,
      exposure: 'user' as const,
      names: [key],
      dependsOn: [],
      approval: 'auto' as const,
    })),
    conditions: [],
    servers: [],
  };
  preparePolicy(tables);
  const hook = createPreToolUseGuard({ tables, context: {} }).hooks[0]!;
  const call = async (tool: string, from: GuardHookInput) => {
    const decision = await hook({ hook_event_name: 'PreToolUse', tool_name: tool, ...from }, 'tu', {
      signal: new AbortController().signal,
    });
    return 'hookSpecificOutput' in decision
      ? decision.hookSpecificOutput.permissionDecisionReason
      : undefined;
  };

  it("gives the runtime's own subagents the session's offer, without the Agent tool", async () => {
    const builtIn = { agent_type: 'general-purpose', agent_id: 'x' };
    expect(await call('Read', builtIn)).toBeUndefined();
    expect(await call('Bash', builtIn)).toBeUndefined();
    expect(await call('Agent', builtIn)).toBe(
      "'Agent' is called by the subagent 'general-purpose': subagents do not start subagents.",
    );
    expect(await call('Agent', {})).toBeUndefined();
  });
});
