// The session options the generated code hands to `query()`: built-ins exactly as the policy allows,
// in-process servers with only their allowed and known tools, and a guard wired to the same policy.
import { describe, expect, it } from 'vitest';
import { closePolicyTables } from '../../plugin/model/policy-tables';
import { sessionOptions, type SessionCatalog } from '../../plugin/runtime/session';
import type { GuardDecision, GuardHookInput } from '../../plugin/runtime/hooks';

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
      key: 'Read',
      kind: 'sdk',
      exposure: 'user',
      names: ['Read'],
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
      dependsOn: [],
      approval: 'auto',
    },
    {
      key: 'Notes',
      kind: 'mcp',
      exposure: 'internal',
      names: ['mcp__app__notes'],
      dependsOn: [],
      approval: 'permission-mode',
    },
  ],
  conditions: [{ name: 'has-git', field: 'hasGit' }],
  servers: ['app'],
});
const catalog: SessionCatalog = {
  tables,
  channels: ['linear'],
  guard: { restricted: [], restrictedChannels: [], guardedChannels: [], promptingTools: [] },
};
const named = (name: string) => ({ name });
const servers = { app: [named('search'), named('notes'), named('stray')] };
const createServer = (options: { name: string; tools: { name: string }[] }) => ({
  type: 'sdk' as const,
  name: options.name,
  tools: options.tools.map((t) => t.name),
});

async function guardSays(
  session: ReturnType<typeof sessionOptions>,
  tool: string,
  event = 'PreToolUse',
): Promise<string | undefined> {
  const hook = session.hooks.PreToolUse[0]!.hooks[0]!;
  const decision: GuardDecision = await hook(
    { hook_event_name: event, tool_name: tool } as GuardHookInput,
    undefined,
    {
      signal: new AbortController().signal,
    },
  );
  return 'hookSpecificOutput' in decision
    ? decision.hookSpecificOutput.permissionDecisionReason
    : undefined;
}

describe('sessionOptions', () => {
  it('offers exactly the allowed built-ins and builds each in-process server with only its allowed, catalogued tools', () => {
    const session = sessionOptions(catalog, {
      agent: { disabledTools: ['Search'] },
      context: { hasGit: false },
      servers,
      createServer,
    });
    expect(session.tools).toEqual(['Bash', 'Read']);
    expect(session.mcpServers).toEqual({ app: { type: 'sdk', name: 'app', tools: ['notes'] } });
    expect(session.disallowedTools).toEqual(['EnterWorktree', 'mcp__app__search']);
    expect(session.allowedTools).toEqual(['Read']);
  });

  it('expands a whole-server opt-out to its user tools, and passes the server of an app-connected server through', () => {
    const session = sessionOptions(catalog, {
      agent: { disabledTools: ['mcp__app', 'mcp__docs__*'] },
      context: { hasGit: true },
      servers,
      createServer,
      externalServers: { docs: { type: 'stdio' as const, command: 'docs-server' } },
    });
    expect(session.disallowedTools).toEqual(['mcp__app__search', 'mcp__docs__*']);
    expect(session.mcpServers.app).toEqual({ type: 'sdk', name: 'app', tools: ['notes'] });
    expect(session.ignoredOptOuts).toEqual([]);
  });

  it('reports the opt-outs that change nothing, and reads earlier names as today', () => {
    const session = sessionOptions(
      { ...catalog, tables: closePolicyTables({ ...tables, renamedServers: { old: 'app' } }) },
      {
        agent: { disabledTools: ['Bsah', 'mcp__docs__*', 'Notes', 'mcp__old__search'] },
        context: { hasGit: true },
      },
    );
    expect(session.ignoredOptOuts).toEqual([
      {
        entry: 'Bsah',
        reason: 'no tool of the catalog has this key or runtime name',
        suggestion: 'Bash',
      },
      {
        entry: 'mcp__docs__*',
        reason:
          "the catalog declares no MCP server or channel 'docs'; fix the name, or pass a server the app connects itself as otherServers",
      },
      {
        entry: 'Notes',
        key: 'Notes',
        reason:
          "'Notes' is not a user tool: internal, conditional and disabled tools are not switched by users",
      },
    ]);
    // Nothing it ignores reaches the SDK; the renamed server's tool is switched off under today's name.
    expect(session.disallowedTools).toEqual(['mcp__app__search']);
  });

  it('narrows everything to what a caller selected', () => {
    const session = sessionOptions(catalog, {
      context: { hasGit: true },
      servers,
      createServer,
      selection: { keys: ['Read', 'Notes'], names: ['Read', 'mcp__app__notes'] },
    });
    expect(session.tools).toEqual(['Read']);
    expect(session.allowedTools).toEqual(['Read', 'mcp__app__notes']);
  });

  it('guards every call the session itself would not offer', async () => {
    const session = sessionOptions(catalog, {
      agent: { disabledTools: ['mcp__docs__*'] },
      context: { hasGit: false },
      servers,
      createServer,
      externalServers: { docs: { type: 'stdio' as const, command: 'docs-server' } },
    });
    expect(await guardSays(session, 'Read')).toBeUndefined();
    expect(await guardSays(session, 'mcp__app__notes')).toBeUndefined();
    expect(await guardSays(session, 'EnterWorktree')).toContain('disallowed');
    expect(await guardSays(session, 'mcp__docs__search')).toContain("('mcp__docs__*')");
    expect(await guardSays(session, 'mcp__flights__book')).toContain('does not declare');
    // A declared channel with no tool the catalog knows: nothing proves the call allowed.
    expect(await guardSays(session, 'mcp__linear__create_issue')).toContain(
      "not a tool the catalog knows on the channel 'linear'",
    );
    expect(await guardSays(session, 'mcp__app__stray')).toContain(
      "not a tool of the catalog's in-process server 'app'",
    );
    expect(await guardSays(session, 'Read', 'pretooluse')).toContain('not a PreToolUse event');
    const open = sessionOptions(catalog, {
      context: { hasGit: false },
      guard: { otherServers: ['flights'] },
    });
    expect(await guardSays(open, 'mcp__flights__book')).toBeUndefined();
  });

  it("reads the app's live snapshot (guard.disallowed) on every call, on top of the session's own list", async () => {
    let switchedOff: unknown = [];
    const session = sessionOptions(catalog, {
      context: { hasGit: false },
      servers,
      createServer,
      guard: { disallowed: () => switchedOff as string[] },
    });
    expect(await guardSays(session, 'mcp__app__notes')).toBeUndefined();
    // The session's own list still holds while the snapshot is read.
    expect(await guardSays(session, 'EnterWorktree')).toContain('disallowed');
    switchedOff = ['mcp__app__notes'];
    expect(await guardSays(session, 'mcp__app__notes')).toContain('current tool settings');
    expect(await guardSays(session, 'Read')).toBeUndefined();
    // A catalog key (how opt-outs are stored) stands for its tool's runtime names.
    switchedOff = ['Notes'];
    expect(await guardSays(session, 'mcp__app__notes')).toContain('current tool settings');
    switchedOff = ['mcp__app__*'];
    expect(await guardSays(session, 'mcp__app__search')).toContain("('mcp__app__*')");
    // A snapshot that is not a list of names fails closed, saying what it returned.
    switchedOff = 'mcp__app__notes';
    expect(await guardSays(session, 'Read')).toMatch(
      /guard\.disallowed\(\) returned the string "mcp__app__notes"/,
    );
    // What the model is offered stays what the session computed: the snapshot only guards calls.
    expect(session.disallowedTools).not.toContain('mcp__app__notes');
  });

  it("offers a name the caller selected through a channel's mirror, though another entry that lists it is not the caller's", () => {
    const channel = {
      kind: 'external' as const,
      exposure: 'internal' as const,
      dependsOn: [],
      approval: 'auto' as const,
    };
    const mirrored = closePolicyTables({
      catalog: 'mirror',
      tools: [
        { key: 'docs_full', ...channel, channel: 'docs', namesFrom: 'mirror', names: [] },
        {
          key: 'docs_read',
          ...channel,
          channel: 'docs',
          names: ['mcp__docs__search', 'mcp__docs__get'],
        },
        {
          key: 'docs_pair',
          ...channel,
          channel: 'docs',
          names: ['mcp__docs__search', 'mcp__docs__export'],
        },
        {
          key: 'docs_write',
          ...channel,
          channel: 'docs',
          names: ['mcp__docs__delete'],
          restricted: true,
        },
      ],
      conditions: [],
      servers: [],
      channels: ['docs'],
    });
    const session = sessionOptions(
      { tables: mirrored, channels: [], guard: { restricted: ['mcp__docs__delete'] } },
      {
        context: {},
        selection: {
          keys: ['docs_full'],
          names: ['mcp__docs__search', 'mcp__docs__get', 'mcp__docs__list', 'mcp__docs__delete'],
        },
      },
    );
    // Every name of `docs_read` came through the mirror: the caller's. `docs_pair` has a name the
    // caller did not select, so it stays out, and `restricted` still wins over the mirror.
    expect(session.allowedTools).toEqual([
      'mcp__docs__search',
      'mcp__docs__get',
      'mcp__docs__list',
    ]);
    expect(session.disallowedTools).toEqual(
      expect.arrayContaining(['mcp__docs__export', 'mcp__docs__delete']),
    );
    expect(session.disallowedTools).not.toContain('mcp__docs__get');
  });

  it('needs createServer to build in-process servers', () => {
    expect(() => sessionOptions(catalog, { context: {}, servers })).toThrow(/createServer/);
  });
});

describe('an entry whose builder names its tools (fullNames: [])', () => {
  const bundled = closePolicyTables({
    catalog: 'bundled',
    tools: [
      {
        key: 'Bundle',
        kind: 'mcp',
        exposure: 'conditional',
        condition: 'has-git',
        names: [],
        server: 'app',
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
    ],
    conditions: [{ name: 'has-git', field: 'hasGit' }],
    servers: ['app', 'other'],
  });
  const bundleCatalog: SessionCatalog = { ...catalog, tables: bundled };
  const input = (hasGit: boolean, builtNames?: Record<string, string[]>) => ({
    context: { hasGit },
    servers: { app: [named('search'), named('alpha'), named('beta')] },
    createServer,
    ...(builtNames ? { builtNames } : {}),
  });
  const built = { Bundle: ['mcp__app__alpha', 'mcp__app__beta'] };

  it('serves what it built where its policy allows it, and the guard lets it through', async () => {
    const session = sessionOptions(bundleCatalog, input(true, built));
    expect(session.mcpServers.app).toMatchObject({ tools: ['search', 'alpha', 'beta'] });
    expect(session.disallowedTools).not.toContain('mcp__app__alpha');
    expect(await guardSays(session, 'mcp__app__alpha')).toBeUndefined();
  });

  it('leaves it out and disallows it where its policy does not, and the guard denies it', async () => {
    const session = sessionOptions(bundleCatalog, input(false, built));
    expect(session.mcpServers.app).toMatchObject({ tools: ['search'] });
    expect(session.disallowedTools).toEqual(
      expect.arrayContaining(['mcp__app__alpha', 'mcp__app__beta']),
    );
    expect(await guardSays(session, 'mcp__app__beta')).toBe(
      "'mcp__app__beta' is disallowed by the agent's current tool settings.",
    );
  });

  it('knows no built tool it was not told of, nor one told under another server', async () => {
    expect(sessionOptions(bundleCatalog, input(true)).mcpServers.app).toMatchObject({
      tools: ['search'],
    });
    const elsewhere = sessionOptions(bundleCatalog, input(true, { Bundle: ['mcp__other__alpha'] }));
    expect(elsewhere.mcpServers.app).toMatchObject({ tools: ['search'] });
  });
});
