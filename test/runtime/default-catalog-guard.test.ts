// The guard wired to the default Claude catalog: it reads a live snapshot of the agent's
// settings through the policy's resolveClaudeDisallowedTools, so a tool switched off mid-session is
// denied without rebuilding the session, and it denies install_skill on no-responder headless turns.
import type { HookCallbackMatcher, HookInput, Options } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  createClaudeToolContext,
  createClaudeToolGuard,
  resolveClaudeDisallowedTools,
  resolveClaudeToolPolicy,
} from '../../generated/claude';

const input = (tool_name: string, permission_mode?: string): HookInput => ({
  hook_event_name: 'PreToolUse',
  session_id: 's',
  transcript_path: '/tmp/t',
  cwd: '/tmp',
  tool_name,
  tool_input: {},
  tool_use_id: 'tu',
  ...(permission_mode ? { permission_mode } : {}),
});

async function decision(
  matcher: HookCallbackMatcher,
  hookInput: HookInput,
): Promise<string | undefined> {
  const [hook] = matcher.hooks;
  const output = await hook!(hookInput, 'tu', { signal: new AbortController().signal });
  const specific = 'hookSpecificOutput' in output ? output.hookSpecificOutput : undefined;
  return specific?.hookEventName === 'PreToolUse' ? specific.permissionDecision : undefined;
}

/** What the app keeps per agent and edits while a session runs (its `disabledTools` setting). */
function agentStore() {
  let agent = { disabledTools: [] as string[] };
  return {
    current: () => agent,
    disable: (...names: string[]) =>
      (agent = { disabledTools: [...agent.disabledTools, ...names] }),
  };
}

describe('the Claude catalog guard over the live policy', () => {
  const context = createClaudeToolContext({
    predicates: { workspaceHasGit: false, agentHasChannel: true },
  });

  it('denies a tool switched off mid-session, with its pair group, without a new session', async () => {
    const store = agentStore();
    const guard = createClaudeToolGuard({
      disallowed: () => resolveClaudeDisallowedTools(store.current(), context),
    });
    expectTypeOf(guard).toExtend<HookCallbackMatcher>();
    const options: Options = {
      disallowedTools: resolveClaudeDisallowedTools(store.current(), context),
      hooks: { PreToolUse: [guard] },
    };
    expect(options.disallowedTools).not.toContain('Bash');
    expect(await decision(guard, input('Bash'))).toBeUndefined();
    store.disable('Bash');
    expect(await decision(guard, input('Bash'))).toBe('deny');
    expect(await decision(guard, input('TaskOutput'))).toBe('deny');
    expect(await decision(guard, input('Read'))).toBeUndefined();
  });

  it('denies what the policy always or conditionally disallows', async () => {
    const guard = createClaudeToolGuard({
      disallowed: () => resolveClaudeDisallowedTools(agentStore().current(), context),
    });
    expect(await decision(guard, input('WebSearch'))).toBe('deny');
    expect(await decision(guard, input('EnterWorktree'))).toBe('deny');
  });

  it('denies install_skill on a headless turn whose mode needs a responder', async () => {
    const store = agentStore();
    const policy = resolveClaudeToolPolicy(store.current(), context);
    const guard = createClaudeToolGuard({
      headless: true,
      allowedTools: policy.allowedTools,
      disallowed: () => resolveClaudeDisallowedTools(store.current(), context),
    });
    expect(await decision(guard, input('mcp__skills__install_skill', 'default'))).toBe('deny');
    expect(await decision(guard, input('mcp__skills__install_skill', 'acceptEdits'))).toBe('deny');
    expect(
      await decision(guard, input('mcp__skills__install_skill', 'bypassPermissions')),
    ).toBeUndefined();
    // search_skills is auto-approved (read-only): it never waits for a responder.
    expect(await decision(guard, input('mcp__skills__search_skills', 'default'))).toBeUndefined();
    const interactive = createClaudeToolGuard({ headless: false, context });
    expect(
      await decision(interactive, input('mcp__skills__install_skill', 'default')),
    ).toBeUndefined();
  });

  it('fails closed when the settings snapshot cannot be read', async () => {
    const guard = createClaudeToolGuard({
      disallowed: () =>
        resolveClaudeDisallowedTools(
          (() => {
            throw new Error('db locked');
          })(),
          context,
        ),
    });
    expect(await decision(guard, input('Read'))).toBe('deny');
  });
});
