// `resolve --caller`, `explain --caller` and the per-caller report section, through runCli (the code
// the binary runs) on the themis example and a small fixture, and once through the real binary.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin, runCli } from '../support/cli';
import { FIXTURES, REPO, repoPath } from '../support/paths';

const themis = repoPath('examples/themis-agent');
const fixture = path.join(FIXTURES, 'policy-callers');

const cli = (cwd: string, ...argv: string[]) => runCli(argv, cwd);

describe('resolve --caller on the fixture', () => {
  const agentArgs = [
    '--caller',
    'AGENT',
    '--ctx',
    'has-git=true',
    '--ctx',
    'canQuery=true',
    '--disabled',
    'Bash',
  ];

  it('prints what the caller is offered, each tool direct or absent and why, from the session computation', async () => {
    const { code, stdout, stderr } = await cli(fixture, 'resolve', ...agentArgs);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(
      'catalog ops; caller AGENT (groups core, ops, external); context: has-git=true, canQuery=true, docsReady=not set (false)',
    );
    expect(stdout).toContain(`what the model is offered:
  direct (5):
    mcp__tools__read_notes
    mcp__memory__save_memory
    EnterWorktree
    mcp__memory__personal
    sentry_all (names known at run time)
  absent: disallowed by the policy (4):
    Bash
    old_tool
    never_on
    docs_bundle
`);
    expect(
      stdout,
    ).toContain(`  offered only if the app's availability check passes (not run by the CLI) (1):
    personal
`);
  });

  it('never pre-approves or hands over a tool the same context disallows (Bash is opted out)', async () => {
    const out = JSON.parse((await cli(fixture, 'resolve', '--json', ...agentArgs)).stdout);
    expect(out.allowedTools).toEqual([
      'mcp__tools__read_notes',
      'mcp__memory__save_memory',
      'EnterWorktree',
      'mcp__memory__personal',
    ]);
    expect(out.allowedTools).not.toContain('Bash');
    expect(out.tools).toEqual(['EnterWorktree']);
    expect(out.offered.find((o: { key: string }) => o.key === 'Bash')).toMatchObject({
      state: 'absent',
      absentBy: 'policy',
    });
  });

  it('--json: a caller without the groups of a server lists none of its tools; predicates read from --ctx', async () => {
    const narrow = JSON.parse(
      (
        await cli(
          fixture,
          'resolve',
          '--json',
          '--caller',
          'NARROW',
          '--ctx',
          'canQuery=false',
          '--ctx',
          'docsReady=true',
        )
      ).stdout,
    );
    const state = (key: string) => narrow.offered.find((o: { key: string }) => o.key === key);
    expect(state('docs_bundle')).toMatchObject({ state: 'direct', names: [] });
    expect(state('save_memory')).toMatchObject({ state: 'absent', absentBy: 'policy' });
    expect(state('read_notes')).toMatchObject({ state: 'absent', absentBy: 'caller' });
    expect(narrow.allowedTools).toEqual([]);
    expect(narrow.mcpServers).toEqual([
      { name: 'tools', tools: [] },
      { name: 'memory', tools: [] },
    ]);
    // The caller's tools it does not get are disallowed too, so no subagent the runtime starts reaches them.
    expect(narrow.disallowedTools).toEqual([
      'mcp__memory__save_memory',
      'EnterWorktree',
      'mcp__tools__old_tool',
      'mcp__tools__never_on',
      'Bash',
      'mcp__tools__read_notes',
      'mcp__tools__trigger_review',
      'mcp__memory__personal',
    ]);
    const chat = JSON.parse(
      (await cli(fixture, 'resolve', '--json', '--caller', 'CHAT', '--ctx', 'canQuery=true'))
        .stdout,
    );
    expect(chat.allowedTools).toEqual([
      'Bash',
      'mcp__tools__read_notes',
      'mcp__memory__save_memory',
      'mcp__memory__personal',
    ]);
    expect(chat.assumptions).toEqual({
      appChecks: ['personal'],
      factories: ['trigger_review'],
      runtimeNamed: [],
    });
    // The caller's allowedTools change the signature.
    const plain = JSON.parse(
      (await cli(fixture, 'resolve', '--json', '--ctx', 'canQuery=true')).stdout,
    );
    expect(chat.signature).not.toBe(plain.signature);
    expect(plain.caller).toBeUndefined();
  });

  it('exits 2 on an unknown caller, listing the callers; and on --caller for a catalog without callers', async () => {
    const unknown = await cli(fixture, 'resolve', '--caller', 'FULL');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain(
      "--caller 'FULL': catalog 'ops' has no caller 'FULL'; its callers are: AGENT, CHAT, NARROW.",
    );
    const explain = await cli(fixture, 'explain', 'Bash', '--caller', 'FULL');
    expect(explain.code).toBe(2);
    expect(explain.stderr).toContain('its callers are: AGENT, CHAT, NARROW.');
    const none = await cli(REPO, 'resolve', '--caller', 'FULL_AGENT');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("--caller 'FULL_AGENT': catalog 'claude' declares no callers");
  });
});

describe('resolve --caller on the themis example', () => {
  it('MESSAGING with Sentry configured and no message queue', async () => {
    const { code, stdout } = await cli(
      themis,
      'resolve',
      '--json',
      '--caller',
      'MESSAGING',
      '--ctx',
      'canQueryThemis=true',
      '--ctx',
      'sentryConfigured=true',
      '--ctx',
      'hasMessageQueue=false',
    );
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out.allowedTools).toEqual([
      'mcp__themis__save_memory',
      'mcp__themis__query_themis_data',
      'mcp__themis__get_pr_info',
      'mcp__themis__get_pr_diff',
      'mcp__themis__get_pr_files',
      'mcp__sentry__list_issues',
      'mcp__sentry__get_issue',
      // `core` holds the Agent tool, offered while a subagent is.
      'Agent',
    ]);
    const keysIn = (state: string) =>
      out.offered
        .filter((o: { state: string }) => o.state === state)
        .map((o: { key: string }) => o.key);
    // MESSAGING does not list ToolSearch: nothing is deferred.
    expect(keysIn('deferred')).toEqual([]);
    expect(keysIn('direct')).toEqual([
      'save_memory',
      'query_themis_data',
      'get_pr_info',
      'sentry_messaging',
      'Agent',
    ]);
    const absent = (key: string) => out.offered.find((o: { key: string }) => o.key === key);
    expect(absent('enqueue_followup')).toMatchObject({ state: 'absent', absentBy: 'policy' });
    expect(absent('metabase_messaging')).toMatchObject({ state: 'absent', absentBy: 'policy' });
  });

  it('CHAT reports its trigger factories, the personal-space check and resolved names instead of guessing them', async () => {
    const out = JSON.parse(
      (
        await cli(
          themis,
          'resolve',
          '--json',
          '--caller',
          'CHAT',
          '--ctx',
          'skillsEnabled=true',
          '--ctx',
          'googleDriveAvailable=true',
        )
      ).stdout,
    );
    expect(out.assumptions).toEqual({
      appChecks: ['personal_tasks'],
      factories: ['trigger_pr_review', 'trigger_code_generation'],
      runtimeNamed: ['google_drive_bundle'],
    });
    // CHAT lists ToolSearch: with tool search on (the newest runtime), its MCP tools load on demand.
    expect(out.runtime).toMatchObject({ name: 'server', toolSearch: true });
    const state = (key: string) => out.offered.find((o: { key: string }) => o.key === key)?.state;
    expect(state('save_memory')).toBe('deferred');
    expect(state('Skill')).toBe('direct');
  });
});

describe('explain --caller', () => {
  it('says when the tool is in none of the caller groups, and how it fares when it is', async () => {
    const notIn = await cli(themis, 'explain', 'show_widget', '--caller', 'FULL_AGENT');
    expect(notIn.code).toBe(0);
    expect(notIn.stdout.split('\n').slice(0, 2)).toEqual([
      "show_widget: disallowed — not among the caller's tools",
      "  caller FULL_AGENT: not offered — show_widget is in no group of FULL_AGENT (its groups: chat_only; FULL_AGENT's groups: core, linear, sentry_full, metabase_full)",
    ]);
    const line = async (...argv: string[]) =>
      (await cli(themis, 'explain', ...argv)).stdout.split('\n')[1];
    expect(await line('trigger_pr_review', '--caller', 'CHAT')).toBe(
      "  caller CHAT: needs a caller-supplied factory — in CHAT's group triggers; offered only if CHAT passes one (the CLI cannot know)",
    );
    expect(
      await line('query_themis_data', '--caller', 'MESSAGING', '--ctx', 'canQueryThemis=false'),
    ).toBe(
      "  caller MESSAGING: not offered — in MESSAGING's group core, but condition canQueryThemis is false",
    );
    expect(await line('linear', '--caller', 'FULL_AGENT', '--ctx', 'linearConfigured=true')).toBe(
      "  caller FULL_AGENT: selected — in FULL_AGENT's group linear",
    );
    expect(await line('personal_tasks', '--caller', 'CHAT')).toBe(
      "  caller CHAT: selected — in CHAT's group chat_only; offered only if the app's availability check passes (not run by the CLI)",
    );
    expect(await line('save_memory', '--caller', 'CHAT')).toBe(
      "  caller CHAT: selected — in CHAT's group core",
    );
    // Without --caller there is no caller line.
    expect(await line('save_memory')).toMatch(/^ {2}runtime names: /);
  });

  it('--json carries the caller verdict next to the policy explanation', async () => {
    const out = JSON.parse(
      (
        await cli(
          fixture,
          'explain',
          'save_memory',
          '--json',
          '--caller',
          'NARROW',
          '--ctx',
          'canQuery=true',
          '--disabled',
          'Bash',
        )
      ).stdout,
    );
    expect(out.caller).toEqual({
      name: 'NARROW',
      summary: "caller NARROW: selected — in NARROW's group ops",
    });
    expect(out).toMatchObject({ allowed: true, state: 'direct' });
    const json = JSON.parse(
      (await cli(fixture, 'explain', 'read_notes', '--json', '--caller', 'NARROW')).stdout,
    );
    expect(json).toMatchObject({ allowed: false, state: 'absent', absentBy: 'caller' });
  });
});

describe('report with callers', () => {
  it('adds the per-caller section to the Markdown and HTML report only when the catalog declares callers', async () => {
    const md = (await cli(fixture, 'report')).stdout;
    expect(
      md,
    ).toContain(`| caller | groups | offered | needs a caller-supplied factory | needs the app's availability check |
|---|---|---|---|---|
| \`AGENT\` | core, ops, external | \`Bash\`, \`read_notes\`, \`save_memory\`, \`EnterWorktree\`, \`docs_bundle\`, \`sentry_all\` | — | \`personal\` |
| \`CHAT\` | core, triggers | \`Bash\`, \`read_notes\`, \`save_memory\` | \`trigger_review\` | \`personal\` |
| \`NARROW\` | ops | \`save_memory\`, \`EnterWorktree\`, \`docs_bundle\` | — | — |

### What each predicate removes (false on its own)

| predicate | \`AGENT\` | \`CHAT\` | \`NARROW\` |
|---|---|---|---|
| has-git | \`EnterWorktree\` | — | \`EnterWorktree\` |
| canQuery | \`save_memory\` | \`save_memory\` | \`save_memory\` |
| docsReady | \`docs_bundle\` | — | \`docs_bundle\` |
`);
    const html = (await cli(fixture, 'report', '--format', 'html')).stdout;
    expect(html).toContain('<h2>Callers (every predicate true)</h2>');
    expect(html).toContain('<tr><td>canQuery</td><td class="names"><code>save_memory</code></td>');
    const plain = await cli(REPO, 'report', '--format', 'html');
    expect(plain.stdout).not.toContain('Callers (every predicate true)');
    expect((await cli(REPO, 'report')).stdout).not.toContain('## Callers');
  });
});

describe('the real binary', () => {
  it('`tool-catalog resolve --caller CHANNEL_MENTION --json` on the themis example', async () => {
    const run = await runBin(
      ['resolve', '--json', '--caller', 'CHANNEL_MENTION', '--ctx', 'canQueryThemis=true'],
      themis,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.allowedTools).toEqual([
      'mcp__themis__save_memory',
      'mcp__themis__query_themis_data',
      'mcp__themis__get_pr_info',
      'mcp__themis__get_pr_diff',
      'mcp__themis__get_pr_files',
      'Agent',
    ]);
    expect(out.assumptions.factories).toEqual(['trigger_pr_review', 'trigger_code_generation']);
    const bad = await runBin(['resolve', '--caller', 'ADMIN'], themis);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('its callers are: FULL_AGENT, CHAT, MESSAGING, CHANNEL_MENTION.');
  });
});
