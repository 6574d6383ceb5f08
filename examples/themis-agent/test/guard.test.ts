// The generated PreToolUse guard, in the SDK's hook shape: restricted external tools are denied
// (the SDK does not enforce allowedTools for external MCP servers), it fails closed, it reads a
// live settings snapshot, and it denies prompting tools on a headless turn.
import type {
  HookCallbackMatcher,
  HookInput,
  Options,
  PreToolUseHookInput,
  SyncHookJSONOutput,
} from '@anthropic-ai/claude-agent-sdk';
import type { Options as OldestOptions } from 'claude-agent-sdk-oldest';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createThemisToolGuard, THEMIS_RESTRICTED_TOOL_NAMES } from '../generated/themis';
import { agentSession } from '../app/callers/agent-service';
import { messagingSession } from '../app/callers/messaging-agent';
import { analyst, conversation, emptyQueue, guest, teamSpace } from './fixtures';
import { listedTools } from './mcp-client';

const input = (tool_name: string, permission_mode?: string): PreToolUseHookInput => ({
  hook_event_name: 'PreToolUse',
  session_id: 's',
  transcript_path: '/tmp/t',
  cwd: '/tmp',
  tool_name,
  tool_input: {},
  tool_use_id: 'tu_1',
  ...(permission_mode ? { permission_mode } : {}),
});

/** Runs the matcher's hooks the way the SDK does and returns the PreToolUse decision. */
async function decide(matcher: HookCallbackMatcher, hookInput: HookInput) {
  const outputs = await Promise.all(
    matcher.hooks.map((hook) => hook(hookInput, 'tu_1', { signal: new AbortController().signal })),
  );
  const denial = outputs
    .map((o) => (o as SyncHookJSONOutput).hookSpecificOutput)
    .find((o) => o?.hookEventName === 'PreToolUse');
  return denial && 'permissionDecision' in denial
    ? { decision: denial.permissionDecision, reason: denial.permissionDecisionReason }
    : { decision: undefined };
}

describe('the generated PreToolUse guard', () => {
  it('has the SDK shape: a HookCallbackMatcher for options.hooks.PreToolUse', () => {
    expectTypeOf(createThemisToolGuard({ context: {} })).toExtend<HookCallbackMatcher>();
    const { options } = agentSession({ space: teamSpace, user: analyst, conversation });
    expectTypeOf(options).toExtend<Options>();
    // The oldest SDK the project supports takes the same options (its types, not only the pinned SDK's).
    expectTypeOf(options).toExtend<OldestOptions>();
    expect(options.hooks.PreToolUse).toHaveLength(1);
    // SDK 0.3.333 blocks the call when a hook fails (`onFailure`); the guard also fails closed itself.
    expect(options.hooks.PreToolUse[0]).toMatchObject({ onFailure: 'block' });
  });

  it('denies a restricted external tool, which the session keeps out of allowedTools and puts in disallowedTools', async () => {
    const { options } = agentSession({ space: teamSpace, user: analyst, conversation });
    // The full agent mirrors every metabase tool, the restricted ones too: the session still leaves them out.
    expect(options.allowedTools).not.toContain('mcp__metabase__delete_card');
    expect(options.disallowedTools).toEqual(
      expect.arrayContaining([...THEMIS_RESTRICTED_TOOL_NAMES]),
    );
    const matcher = options.hooks.PreToolUse[0]!;
    const result = await decide(matcher, input('mcp__metabase__delete_card'));
    expect(result.decision).toBe('deny');
    expect(result.reason).toMatch(/restricted/);
    expect(await decide(matcher, input('mcp__metabase__search'))).toEqual({ decision: undefined });
    expect(THEMIS_RESTRICTED_TOOL_NAMES).toEqual([
      'mcp__metabase__delete_card',
      'mcp__metabase__delete_dashboard',
      'mcp__metabase__execute_write_query',
    ]);
  });

  it("denies what the session does not offer: another caller's trigger, a tool of no catalog server", async () => {
    const { options } = agentSession({ space: teamSpace, user: analyst, conversation });
    const matcher = options.hooks.PreToolUse[0]!;
    expect((await decide(matcher, input('mcp__themis__trigger_pr_review'))).decision).toBe('deny');
    expect((await decide(matcher, input('mcp__flights__book'))).reason).toMatch(/does not declare/);
    expect(
      (await decide(matcher, input('mcp__themis__query_themis_data'))).decision,
    ).toBeUndefined();
  });

  it('denies an external tool the caller did not allow (messaging gets only the restricted variants)', async () => {
    const { options } = messagingSession(
      { space: teamSpace, user: guest, messageQueue: emptyQueue() },
      { headless: false },
    );
    const matcher = options.hooks.PreToolUse[0]!;
    expect((await decide(matcher, input('mcp__sentry__resolve_issue'))).decision).toBe('deny');
    expect((await decide(matcher, input('mcp__sentry__list_issues'))).decision).toBeUndefined();
  });

  it('fails closed: when its own logic throws, the call is denied', async () => {
    const matcher = createThemisToolGuard({
      disallowed: () => {
        throw new Error('settings store unavailable');
      },
    });
    const result = await decide(matcher, input('mcp__themis__save_memory'));
    expect(result.decision).toBe('deny');
    expect(result.reason).toMatch(/settings store unavailable/);
  });

  it('reads a live snapshot of the settings: a tool switched off mid-session is denied without a new session', async () => {
    let disabled: string[] = [];
    const { options } = agentSession(
      { space: teamSpace, user: analyst, conversation },
      { disabledTools: () => disabled },
    );
    const matcher = options.hooks.PreToolUse[0]!;
    expect((await decide(matcher, input('mcp__themis__save_memory'))).decision).toBeUndefined();
    disabled = ['mcp__themis__save_memory'];
    const denied = await decide(matcher, input('mcp__themis__save_memory'));
    expect(denied.decision).toBe('deny');
    expect(denied.reason).toMatch(/current tool settings/);
    // A tool switched on again is allowed again, still without a new session.
    disabled = [];
    expect((await decide(matcher, input('mcp__themis__save_memory'))).decision).toBeUndefined();
  });

  it('does not offer a tool switched off when the session starts: not built, not allowed, disallowed for subagents too', async () => {
    const { options } = agentSession(
      { space: teamSpace, user: analyst, conversation },
      { disabledTools: () => ['mcp__themis__query_themis_data'] },
    );
    expect(options.allowedTools).not.toContain('mcp__themis__query_themis_data');
    expect(options.disallowedTools).toContain('mcp__themis__query_themis_data');
    expect(options.agents?.researcher?.tools).toEqual([
      'mcp__themis__get_pr_info',
      'mcp__themis__get_pr_diff',
      'mcp__themis__get_pr_files',
    ]);
    expect((await listedTools(options.mcpServers.themis)).map((t) => t.name)).not.toContain(
      'query_themis_data',
    );
    expect(
      (await decide(options.hooks.PreToolUse[0]!, input('mcp__themis__query_themis_data')))
        .decision,
    ).toBe('deny');
  });

  it('lets a headless messaging turn call only what allowedTools pre-approves when the mode needs a responder', async () => {
    const headless = messagingSession({
      space: teamSpace,
      user: guest,
      messageQueue: emptyQueue(),
    });
    const interactive = messagingSession(
      { space: teamSpace, user: guest, messageQueue: emptyQueue() },
      { headless: false, permissionMode: 'default' },
    );
    expect(interactive.options.permissionMode).toBe('default');
    expect('permissionMode' in headless.options).toBe(false);
    // Pre-approved: the SDK will not prompt, so a headless turn may run it.
    expect(
      (
        await decide(
          headless.options.hooks.PreToolUse[0]!,
          input('mcp__themis__save_memory', 'default'),
        )
      ).decision,
    ).toBeUndefined();
  });

  it('denies a prompting tool on a headless turn whose permission mode needs a responder', async () => {
    // Not pre-approved (no allowedTools), so in 'default' mode it would wait for an answer no one can give.
    const matcher = createThemisToolGuard({ headless: true, context: {} });
    expect((await decide(matcher, input('mcp__themis__save_memory', 'default'))).decision).toBe(
      'deny',
    );
    expect(
      (await decide(matcher, input('mcp__themis__save_memory', 'bypassPermissions'))).decision,
    ).toBeUndefined();
    expect((await decide(matcher, input('mcp__themis__save_memory'))).decision).toBe('deny');
    const interactive = createThemisToolGuard({ headless: false, context: {} });
    expect(
      (await decide(interactive, input('mcp__themis__save_memory', 'default'))).decision,
    ).toBeUndefined();
    // Pre-approved through allowedTools: the SDK will not prompt, so a headless turn may run it.
    const preApproved = createThemisToolGuard({
      headless: true,
      context: {},
      allowedTools: ['mcp__themis__save_memory'],
    });
    expect(
      (await decide(preApproved, input('mcp__themis__save_memory', 'default'))).decision,
    ).toBeUndefined();
  });
});
