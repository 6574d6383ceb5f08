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
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createThemisToolGuard, THEMIS_RESTRICTED_TOOL_NAMES } from '../generated/themis';
import { agentSession } from '../app/callers/agent-service';
import { messagingSession } from '../app/callers/messaging-agent';
import { analyst, conversation, emptyQueue, guest, teamSpace } from './fixtures';

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
    expectTypeOf(createThemisToolGuard()).toExtend<HookCallbackMatcher>();
    const { options } = agentSession({ space: teamSpace, user: analyst, conversation });
    expectTypeOf(options).toExtend<Options>();
    expect(options.hooks.PreToolUse).toHaveLength(1);
  });

  it('denies a restricted external tool even though the full agent mirrored it into allowedTools', async () => {
    const { options } = agentSession({ space: teamSpace, user: analyst, conversation });
    expect(options.allowedTools).toContain('mcp__metabase__delete_card');
    const matcher = options.hooks.PreToolUse![0]!;
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

  it('denies an external tool the caller did not allow (messaging gets only the restricted variants)', async () => {
    const { options } = messagingSession(
      { space: teamSpace, user: guest, messageQueue: emptyQueue() },
      { headless: false },
    );
    const matcher = options.hooks.PreToolUse![0]!;
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
    const matcher = options.hooks.PreToolUse![0]!;
    expect((await decide(matcher, input('mcp__themis__save_memory'))).decision).toBeUndefined();
    disabled = ['mcp__themis__save_memory'];
    expect((await decide(matcher, input('mcp__themis__save_memory'))).decision).toBe('deny');
  });

  it('denies a prompting tool on a headless turn whose permission mode needs a responder', async () => {
    // Not pre-approved (no allowedTools), so in 'default' mode it would wait for an answer no one can give.
    const matcher = createThemisToolGuard({ headless: true });
    expect((await decide(matcher, input('mcp__themis__save_memory', 'default'))).decision).toBe('deny');
    expect((await decide(matcher, input('mcp__themis__save_memory', 'bypassPermissions'))).decision).toBeUndefined();
    expect((await decide(matcher, input('mcp__themis__save_memory'))).decision).toBe('deny');
    const interactive = createThemisToolGuard({ headless: false });
    expect((await decide(interactive, input('mcp__themis__save_memory', 'default'))).decision).toBeUndefined();
    // Pre-approved through allowedTools: the SDK will not prompt, so a headless turn may run it.
    const preApproved = createThemisToolGuard({ headless: true, allowedTools: ['mcp__themis__save_memory'] });
    expect((await decide(preApproved, input('mcp__themis__save_memory', 'default'))).decision).toBeUndefined();
  });
});
