// The runtime PreToolUse guard: decisions in the SDK's shape, fail-closed on any error, and the
// rule order (restricted, live-disallowed, outside allowedTools, headless prompting). Each case here
// gives the guard an offer that allows everything, so only the rule under test can deny
// (guard-fails-closed.test.ts covers what it denies without that proof).
import { describe, expect, it } from 'vitest';
import {
  createPreToolUseGuard,
  type GuardHookInput,
  type PreToolUseGuardOptions,
} from '../../plugin/runtime';

/** A session offer that allows every tool. */
const everything = () => ({ offered: true }) as const;

async function decide(options: PreToolUseGuardOptions, input: GuardHookInput | null) {
  const [hook] = createPreToolUseGuard({ isOffered: everything, ...options }).hooks;
  return hook!(input as GuardHookInput, 'tu', { signal: new AbortController().signal });
}
const pre = (tool_name: unknown, permission_mode?: string): GuardHookInput => ({
  hook_event_name: 'PreToolUse',
  tool_name,
  ...(permission_mode ? { permission_mode } : {}),
});
const denied = (r: object) =>
  (r as { hookSpecificOutput?: { permissionDecision?: string } }).hookSpecificOutput
    ?.permissionDecision === 'deny';

describe('createPreToolUseGuard', () => {
  it('denies restricted names and whole restricted channels; passes everything else to the SDK', async () => {
    const options = { restricted: ['mcp__mb__delete'], restrictedChannels: ['danger'] };
    expect(await decide(options, pre('mcp__mb__delete'))).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason:
          "'mcp__mb__delete' is restricted by the tool catalog and is never allowed.",
      },
    });
    expect(denied(await decide(options, pre('mcp__danger__anything')))).toBe(true);
    expect(await decide(options, pre('mcp__mb__search'))).toEqual({});
  });

  it('fails closed on malformed input: no tool name, no input, or an event name other than PreToolUse', async () => {
    for (const hook_event_name of ['PostToolUse', 'pretooluse', undefined, ''])
      expect(
        denied(await decide({}, { hook_event_name, tool_name: 'Read' } as never)),
        String(hook_event_name),
      ).toBe(true);
    expect(await decide({}, pre('Read'))).toEqual({});
    expect(denied(await decide({}, pre(undefined)))).toBe(true);
    expect(denied(await decide({}, null))).toBe(true);
  });

  it('denies when a callback throws, even when the error logger throws too', async () => {
    const seen: unknown[] = [];
    const boom = () => {
      throw new Error('boom');
    };
    expect(
      denied(await decide({ disallowed: boom, onError: (e) => seen.push(e) }, pre('Bash'))),
    ).toBe(true);
    expect(seen).toHaveLength(1);
    expect(denied(await decide({ disallowed: boom, onError: boom }, pre('Bash')))).toBe(true);
    expect(
      denied(await decide({ allowedTools: boom, guardedChannels: ['ch'] }, pre('mcp__ch__t'))),
    ).toBe(true);
  });

  it('reads disallowed names on every call', async () => {
    let off: string[] = [];
    const [hook] = createPreToolUseGuard({
      isOffered: everything,
      disallowed: () => new Set(off),
    }).hooks;
    const signal = new AbortController().signal;
    expect(await hook!(pre('Bash'), 'a', { signal })).toEqual({});
    off = ['Bash'];
    expect(denied(await hook!(pre('Bash'), 'b', { signal }))).toBe(true);
  });

  it('checks guarded channels against allowedTools only when allowedTools is given', async () => {
    const options = { guardedChannels: ['sentry'], allowedTools: ['mcp__sentry__list_issues'] };
    expect(await decide(options, pre('mcp__sentry__list_issues'))).toEqual({});
    expect(denied(await decide(options, pre('mcp__sentry__resolve_issue')))).toBe(true);
    expect(
      await decide({ guardedChannels: ['sentry'] }, pre('mcp__sentry__resolve_issue')),
    ).toEqual({});
    expect(await decide(options, pre('mcp__other__x'))).toEqual({});
  });

  it('denies prompting tools on headless turns unless the mode needs no responder', async () => {
    const base = { promptingTools: ['mcp__skills__install_skill'], headless: () => true };
    for (const mode of ['default', 'acceptEdits', 'plan', 'auto', undefined])
      expect(denied(await decide(base, pre('mcp__skills__install_skill', mode)))).toBe(true);
    for (const mode of ['bypassPermissions', 'dontAsk'])
      expect(await decide(base, pre('mcp__skills__install_skill', mode))).toEqual({});
    expect(
      await decide(
        { ...base, permissionMode: () => 'bypassPermissions' },
        pre('mcp__skills__install_skill'),
      ),
    ).toEqual({});
    expect(await decide(base, pre('mcp__skills__search_skills', 'default'))).toEqual({});
  });
});
