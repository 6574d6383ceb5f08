// Bundle entries (`fullNames: []`) stand for the tools their builder builds: the session keeps those
// tools on their server where the entry's policy allows it, pre-approves them for the caller and lets
// the guard through; where the policy does not (the bundle's condition false, an overlay, a caller
// without its group) they are not served, and the guard denies them. Read back from the in-process
// server the way the runtime reads it.
import type { HookCallbackMatcher, PreToolUseHookInput } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { chatSession } from '../app/callers/chat-tool-configuration';
import { messagingSession } from '../app/callers/messaging-agent';
import type { Space } from '../app/domain';
import { analyst, conversation, emptyQueue, guest, teamSpace } from './fixtures';
import { listedTools } from './mcp-client';

const SKILLS = ['mcp__themis__load_skill_resources'];
const AUTOMATIONS = ['mcp__themis__list_automations', 'mcp__themis__run_automation'];

const space = (skills: boolean, automations: boolean): Space => ({
  ...teamSpace,
  features: { skills, automations },
});

async function denial(matcher: HookCallbackMatcher, tool_name: string) {
  const hookInput: PreToolUseHookInput = {
    hook_event_name: 'PreToolUse',
    session_id: 's',
    transcript_path: '/tmp/t',
    cwd: '/tmp',
    tool_name,
    tool_input: {},
    tool_use_id: 'tu',
  };
  const output = await matcher.hooks[0]!(hookInput, 'tu', { signal: new AbortController().signal });
  const specific = 'hookSpecificOutput' in output ? output.hookSpecificOutput : undefined;
  return specific?.hookEventName === 'PreToolUse' && specific.permissionDecision === 'deny'
    ? specific.permissionDecisionReason
    : undefined;
}

/** The themis server's tools as the runtime lists them, by runtime name. */
const served = async (options: { mcpServers: Record<string, unknown> }) =>
  (await listedTools(options.mcpServers.themis as never)).map((t) => `mcp__themis__${t.name}`);

describe('bundle tools in a session', () => {
  it('are served, pre-approved and let through where the policy allows both bundles', async () => {
    const { options } = chatSession({ space: space(true, true), user: analyst, conversation });
    const bundles = [...SKILLS, ...AUTOMATIONS];
    expect(await served(options)).toEqual(expect.arrayContaining(bundles));
    expect(options.allowedTools).toEqual(expect.arrayContaining(bundles));
    for (const name of bundles) {
      expect(options.disallowedTools).not.toContain(name);
      expect(await denial(options.hooks.PreToolUse[0]!, name)).toBeUndefined();
    }
    // Subagents get only their own tools: no bundle is among them.
    for (const agent of Object.values(options.agents ?? {}))
      expect(agent.tools.filter((n) => bundles.includes(n))).toEqual([]);
  });

  it("are not served where the bundle's condition is false, and the guard denies them", async () => {
    const { options } = chatSession({ space: space(false, true), user: analyst, conversation });
    const tools = await served(options);
    expect(tools).toEqual(expect.arrayContaining(AUTOMATIONS));
    expect(tools).not.toContain(SKILLS[0]);
    expect(await denial(options.hooks.PreToolUse[0]!, SKILLS[0]!)).toBe(
      "'mcp__themis__load_skill_resources' is not a tool of the catalog's in-process server 'themis'.",
    );
  });

  it('are not served where an overlay switches the bundle off: disallowed, and denied by the guard', async () => {
    const { options } = chatSession(
      { space: space(true, true), user: analyst, conversation },
      { disabledTools: () => ['automations_bundle'] },
    );
    const tools = await served(options);
    expect(tools).toContain(SKILLS[0]);
    for (const name of AUTOMATIONS) {
      expect(tools).not.toContain(name);
      expect(options.allowedTools).not.toContain(name);
      expect(options.disallowedTools).toContain(name);
      expect(await denial(options.hooks.PreToolUse[0]!, name)).toBe(
        `'${name}' is disallowed by the agent's current tool settings.`,
      );
    }
  });

  it('are not served to a caller whose groups do not hold the bundle', async () => {
    const { options } = messagingSession({
      space: space(true, true),
      user: guest,
      messageQueue: emptyQueue(),
    });
    const tools = await served(options);
    for (const name of [...SKILLS, ...AUTOMATIONS]) {
      expect(tools).not.toContain(name);
      expect(await denial(options.hooks.PreToolUse[0]!, name)).toBeDefined();
    }
  });
});
