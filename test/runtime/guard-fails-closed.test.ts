// The guard fails closed: each call below would reach the SDK's permission flow if the guard answered
// `{}`, and each is denied with its reason — no proof at all, a tool of an undeclared server, an
// unknown tool under the catalog's own server, a built-in the context does not allow (from the static
// tables alone), malformed callback results, and name variants. Legacy names are read as today's tool.
import { describe, expect, it } from 'vitest';
import { closePolicyTables } from '../../plugin/model/policy-tables';
import {
  createPreToolUseGuard,
  type GuardHookInput,
  type OfferAnswer,
  type PreToolUseGuardOptions,
} from '../../plugin/runtime';

const tables = closePolicyTables({
  catalog: 'demo',
  tools: [
    {
      key: 'Bash',
      kind: 'sdk',
      exposure: 'user',
      names: ['Bash'],
      dependsOn: [],
      approval: 'permission-mode',
    },
    {
      key: 'Agent',
      kind: 'sdk',
      exposure: 'user',
      names: ['Agent'],
      dependsOn: [],
      approval: 'auto',
    },
    {
      key: 'Notebook',
      kind: 'sdk',
      exposure: 'disabled',
      names: ['NotebookEdit'],
      dependsOn: [],
      approval: 'auto',
    },
    {
      key: 'Worktree',
      kind: 'sdk',
      exposure: 'conditional',
      condition: 'has-git',
      names: ['EnterWorktree'],
      dependsOn: [],
      approval: 'permission-mode',
    },
    {
      key: 'Search',
      kind: 'mcp',
      exposure: 'user',
      names: ['mcp__app__search'],
      server: 'app',
      dependsOn: [],
      approval: 'auto',
    },
    {
      key: 'Issues',
      kind: 'external',
      exposure: 'internal',
      names: ['mcp__sentry__list_issues'],
      channel: 'sentry',
      dependsOn: [],
      approval: 'auto',
    },
  ],
  conditions: [{ name: 'has-git', field: 'hasGit' }],
  servers: ['app'],
  channels: ['sentry'],
  sdkAliases: { Task: 'Agent', KillShell: 'TaskStop' },
});

/** The guard's reason for denying `tool`, or undefined when it lets the SDK decide. */
async function reasonFor(
  options: PreToolUseGuardOptions,
  tool: unknown,
): Promise<string | undefined> {
  const [hook] = createPreToolUseGuard(options).hooks;
  const decision = await hook!(
    { hook_event_name: 'PreToolUse', tool_name: tool } as GuardHookInput,
    'tu',
    {
      signal: new AbortController().signal,
    },
  );
  return 'hookSpecificOutput' in decision
    ? decision.hookSpecificOutput.permissionDecisionReason
    : undefined;
}

const withGit = { tables, context: { hasGit: true } };

describe('the guard denies what nothing proves allowed', () => {
  it('denies every call when it knows neither the offer nor the tables', async () => {
    expect(await reasonFor({}, 'Bash')).toBe(
      "the guard was given neither the session's offer (isOffered) nor the catalog's tables, so nothing proves 'Bash' allowed.",
    );
    expect(await reasonFor({ restricted: ['Other'] }, 'Read')).toContain('nothing proves');
  });

  it('lets a tool the tables allow in the context through, and only that', async () => {
    expect(await reasonFor(withGit, 'Bash')).toBeUndefined();
    expect(await reasonFor(withGit, 'EnterWorktree')).toBeUndefined();
    expect(await reasonFor(withGit, 'mcp__app__search')).toBeUndefined();
    expect(await reasonFor(withGit, 'mcp__sentry__list_issues')).toBeUndefined();
  });

  it('denies a tool of a server the catalog does not declare, unless passed through', async () => {
    expect(await reasonFor(withGit, 'mcp__flights__book')).toBe(
      "'mcp__flights__book' belongs to the MCP server 'flights', which the tool catalog does not declare.",
    );
    expect(
      await reasonFor({ ...withGit, otherServers: ['flights'] }, 'mcp__flights__book'),
    ).toBeUndefined();
    expect(
      await reasonFor({ ...withGit, otherServers: 'all' }, 'mcp__flights__book'),
    ).toBeUndefined();
  });

  it("denies an unknown tool under the catalog's own server or channel", async () => {
    expect(await reasonFor(withGit, 'mcp__app__stray')).toBe(
      "'mcp__app__stray' is not a tool of the catalog's in-process server 'app'.",
    );
    expect(await reasonFor(withGit, 'mcp__sentry__delete_project')).toContain(
      "not a tool the catalog knows on the channel 'sentry'",
    );
    // Names known only at run time (a mirrored channel) are proven by knownNames.
    expect(
      await reasonFor(
        { ...withGit, knownNames: ['mcp__sentry__delete_project'] },
        'mcp__sentry__delete_project',
      ),
    ).toBeUndefined();
  });

  it('denies a built-in the context does not allow, from the static tables, without a disallowed() callback', async () => {
    expect(await reasonFor({ tables, context: { hasGit: false } }, 'EnterWorktree')).toBe(
      "'EnterWorktree' is not allowed by the tool catalog's policy in this context.",
    );
    // A live context that has nothing yet: a condition nobody evaluated counts as false.
    expect(await reasonFor({ tables, context: () => undefined }, 'EnterWorktree')).toContain(
      "not allowed by the tool catalog's policy",
    );
    // No source of truth at all is a wiring mistake, refused when the guard is made.
    expect(() => createPreToolUseGuard({ tables, allowedTools: ['Read'] })).toThrow(
      "The tool guard of catalog 'demo' needs a source of truth for conditions: pass isOffered (the session's offer), context",
    );
    expect(await reasonFor(withGit, 'NotebookEdit')).toContain(
      "not allowed by the tool catalog's policy",
    );
    expect(await reasonFor({ ...withGit, agent: { disabledTools: ['Bash'] } }, 'Bash')).toContain(
      'not allowed',
    );
    // A live context is read on every call.
    let hasGit = false;
    const live = { tables, context: () => ({ hasGit }) };
    expect(await reasonFor(live, 'EnterWorktree')).toContain('not allowed');
    hasGit = true;
    expect(await reasonFor(live, 'EnterWorktree')).toBeUndefined();
  });

  it('denies a built-in the catalog does not have', async () => {
    expect(await reasonFor(withGit, 'WebSearch')).toBe("'WebSearch' is not a tool of the catalog.");
  });

  it('denies on a malformed disallowed() result: a string is not a list of names', async () => {
    const asString = { ...withGit, disallowed: () => 'Bash' as unknown as string[] };
    expect(await reasonFor(asString, 'Read')).toBe(
      `The tool guard failed (disallowed() returned the string "Bash" instead of a list of names), so 'Read' is denied.`,
    );
    expect(await reasonFor(asString, 'Bash')).toContain('instead of a list of names');
    expect(
      await reasonFor({ ...withGit, disallowed: () => [1] as unknown as string[] }, 'Bash'),
    ).toContain('not only names');
    expect(
      await reasonFor({ ...withGit, disallowed: () => undefined as unknown as string[] }, 'Bash'),
    ).toContain('returned undefined instead of a list of names');
    expect(
      await reasonFor({ ...withGit, disallowed: () => new Set(['Agent']) }, 'Bash'),
    ).toBeUndefined();
  });

  it('decides by isOffered when given, and denies a malformed answer', async () => {
    const offer = (answer: unknown) => ({ tables, isOffered: () => answer as OfferAnswer });
    expect(
      await reasonFor(
        offer({ offered: false, reason: "'Bash' is left out by the agent's opt-outs" }),
        'Bash',
      ),
    ).toBe("'Bash' is left out by the agent's opt-outs.");
    expect(await reasonFor(offer({ offered: true }), 'Bash')).toBeUndefined();
    // The offer is the proof: a tool the static context would not allow is let through when offered.
    expect(await reasonFor(offer({ offered: true }), 'EnterWorktree')).toBeUndefined();
    expect(await reasonFor(offer('yes'), 'Bash')).toContain(`isOffered('Bash') returned "yes"`);
    expect(await reasonFor(offer({ offered: 'true' }), 'Bash')).toContain(
      'instead of { offered: true }',
    );
    expect(await reasonFor(offer({ offered: false }), 'Bash')).toBe(
      "the session does not offer 'Bash'.",
    );
  });
});

describe('name variants are denied, not passed on', () => {
  it.each([
    [
      'bash',
      "'bash' is not 'Bash': the names differ only by case, white space or look-alike characters.",
    ],
    ['BASH', "'BASH' is not 'Bash'"],
    ['mcp__App__search', "'mcp__App__search' is not 'mcp__app__search'"],
    ['Bash ', 'holds white space or an invisible character'],
    [' Bash', 'holds white space or an invisible character'],
    ['Ba\u200bsh', 'holds white space or an invisible character'],
    ['Ｂａｓｈ', "holds compatibility characters (it reads 'Bash' once normalised)"],
    ['ﬁle', "holds compatibility characters (it reads 'file' once normalised)"],
  ])('%j', async (name, reason) => {
    // Even an offer that allows everything does not let a variant through.
    expect(await reasonFor({ ...withGit, isOffered: () => ({ offered: true }) }, name)).toContain(
      reason,
    );
    expect(await reasonFor(withGit, name)).toContain(reason);
  });
});

describe('legacy names the runtime still accepts', () => {
  it('reads Task as Agent: allowed when Agent is, denied with both names when it is not', async () => {
    expect(await reasonFor(withGit, 'Task')).toBeUndefined();
    expect(await reasonFor({ ...withGit, agent: { disabledTools: ['Agent'] } }, 'Task')).toBe(
      "'Agent' is not allowed by the tool catalog's policy in this context ('Task' is the runtime's former name of 'Agent').",
    );
    expect(await reasonFor({ ...withGit, disallowed: () => ['Agent'] }, 'Task')).toContain(
      "'Agent' is disallowed by the agent's current tool settings",
    );
    const asked: string[] = [];
    await reasonFor(
      {
        tables,
        isOffered: (name) => {
          asked.push(name);
          return { offered: true };
        },
      },
      'Task',
    );
    expect(asked).toEqual(['Agent']);
  });

  it('does not read a legacy name whose tool the catalog lacks as anything else', async () => {
    expect(await reasonFor(withGit, 'KillShell')).toBe("'KillShell' is not a tool of the catalog.");
  });
});
