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
  it('prints the caller offer: names, factories, app checks, unavailable tools, servers of offered tools', async () => {
    const { code, stdout, stderr } = await cli(
      fixture,
      'resolve',
      '--caller',
      'AGENT',
      '--ctx',
      'has-git=true',
      '--ctx',
      'canQuery=true',
      '--disabled',
      'Bash',
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(
      stdout,
    ).toBe(`catalog ops; caller AGENT (groups core, ops, external); context: has-git=true, canQuery=true, docsReady=not set (false)
disallowedTools (3):
  Bash
  mcp__tools__old_tool
  mcp__tools__never_on
allowedTools (caller AGENT's tool names) (4):
  Bash
  mcp__tools__read_notes
  mcp__memory__save_memory
  EnterWorktree
offered tools (5):
  Bash           Bash (also disallowed: the SDK removes it)
  read_notes     mcp__tools__read_notes
  save_memory    mcp__memory__save_memory
  EnterWorktree  EnterWorktree
  sentry_all     names mirrored from channel sentry's registry at run time
needs a caller-supplied factory (not known to the CLI: offered only if AGENT passes one) (0):
  (none)
needs the app's availability check (not run by the CLI) (1):
  personal  offered only if the app's isPersonal returns true at run time
not offered: in AGENT's groups but unavailable (3):
  old_tool     exposure is disabled
  never_on     available is false
  docs_bundle  condition docsReady is not set (false)
MCP servers (of the offered in-process tools): tools (read_notes); memory (save_memory)
opt-outs: what each --disabled entry did (1):
  Bash  switched off Bash
signature: ${JSON.parse((await cli(fixture, 'resolve', '--json', '--caller', 'AGENT', '--ctx', 'has-git=true', '--ctx', 'canQuery=true', '--disabled', 'Bash')).stdout).signature}
`);
  });

  it('--json: a caller without the groups of a server lists no such server; predicates read from --ctx', async () => {
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
    expect(narrow.caller).toEqual({
      name: 'NARROW',
      groups: ['ops'],
      offered: [
        {
          key: 'docs_bundle',
          names: [],
          detail: 'no names (fullNames: []): built, discovered by the SDK',
          disallowed: false,
        },
      ],
      needsFactory: [],
      needsRuntimeCheck: [],
      unavailable: [
        { key: 'save_memory', names: ['mcp__memory__save_memory'], detail: 'condition canQuery is false' },
        { key: 'EnterWorktree', names: ['EnterWorktree'], detail: 'condition has-git is not set (false)' },
        { key: 'never_on', names: ['mcp__tools__never_on'], detail: 'available is false' },
      ],
    });
    expect(narrow.allowedTools).toEqual([]);
    // docs_bundle has no names but its builder still runs: its server is mounted.
    expect(narrow.mcpServers).toEqual([{ name: 'tools', tools: ['docs_bundle'], allowedTools: [] }]);
    expect(narrow.disallowedTools).toEqual([
      'mcp__memory__save_memory',
      'EnterWorktree',
      'mcp__tools__old_tool',
      'mcp__tools__never_on',
    ]);

    const chat = JSON.parse(
      (await cli(fixture, 'resolve', '--json', '--caller', 'CHAT', '--ctx', 'canQuery=true')).stdout,
    );
    expect(chat.allowedTools).toEqual(['Bash', 'mcp__tools__read_notes', 'mcp__memory__save_memory']);
    expect(chat.caller.needsFactory).toEqual([
      { key: 'trigger_review', names: ['mcp__tools__trigger_review'], detail: 'needs a caller-supplied factory' },
    ]);
    expect(chat.caller.needsRuntimeCheck.map((t: { key: string }) => t.key)).toEqual(['personal']);
    expect(chat.mcpServers.map((s: { name: string }) => s.name)).toEqual(['tools', 'memory']);
    // The caller's allowedTools change the signature; the policy's pre-approved list is kept apart.
    const plain = JSON.parse((await cli(fixture, 'resolve', '--json', '--ctx', 'canQuery=true')).stdout);
    expect(chat.signature).not.toBe(plain.signature);
    expect(chat.preApprovedTools).toEqual(plain.allowedTools);
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
    const lines = stdout.split('\n');
    expect(lines[0]).toBe(
      'catalog themis; caller MESSAGING (groups core, sentry_messaging, metabase_messaging); context: canQueryThemis=true, sentryConfigured=true, linearConfigured=not set (false), metabaseConfigured=not set (false), skillsEnabled=not set (false), automationsEnabled=not set (false), googleDriveAvailable=not set (false), hasMessageQueue=false',
    );
    expect(stdout).toContain(`allowedTools (caller MESSAGING's tool names) (7):
  mcp__themis__save_memory
  mcp__themis__query_themis_data
  mcp__themis__get_pr_info
  mcp__themis__get_pr_diff
  mcp__themis__get_pr_files
  mcp__sentry__list_issues
  mcp__sentry__get_issue
offered tools (4):
  save_memory        mcp__themis__save_memory
  query_themis_data  mcp__themis__query_themis_data
  get_pr_info        mcp__themis__get_pr_info, mcp__themis__get_pr_diff, mcp__themis__get_pr_files
  sentry_messaging   mcp__sentry__list_issues, mcp__sentry__get_issue
needs a caller-supplied factory (not known to the CLI: offered only if MESSAGING passes one) (0):
  (none)
needs the app's availability check (not run by the CLI) (0):
  (none)
not offered: in MESSAGING's groups but unavailable (2):
  enqueue_followup    condition hasMessageQueue is false
  metabase_messaging  condition metabaseConfigured is not set (false)
MCP servers (of the offered in-process tools): themis (save_memory, query_themis_data, get_pr_info)
`);
  });

  it('CHAT lists its trigger factories and the personal-space check instead of guessing them', async () => {
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
    expect(out.caller.offered.map((t: { key: string }) => t.key)).toEqual([
      'show_widget',
      'create_file',
      'google_drive_bundle',
      'skills_bundle',
      'Skill',
      'save_memory',
      'get_pr_info',
    ]);
    expect(out.caller.offered[2].detail).toBe('names resolved at run time by googleDriveToolNames');
    expect(out.caller.needsFactory.map((t: { key: string }) => t.key)).toEqual([
      'trigger_pr_review',
      'trigger_code_generation',
    ]);
    expect(out.caller.needsRuntimeCheck).toEqual([
      {
        key: 'personal_tasks',
        names: ['mcp__themis__personal_tasks'],
        detail: "offered only if the app's isPersonalSpace returns true at run time",
      },
    ]);
    expect(out.allowedTools).toEqual([
      'mcp__themis__show_widget',
      'mcp__themis__create_file',
      'Skill',
      'mcp__themis__save_memory',
      'mcp__themis__get_pr_info',
      'mcp__themis__get_pr_diff',
      'mcp__themis__get_pr_files',
    ]);
    expect(out.mcpServers).toEqual([
      {
        name: 'themis',
        tools: ['show_widget', 'create_file', 'google_drive_bundle', 'skills_bundle', 'save_memory', 'get_pr_info'],
        allowedTools: [
          'mcp__themis__show_widget',
          'mcp__themis__create_file',
          'mcp__themis__save_memory',
          'mcp__themis__get_pr_info',
          'mcp__themis__get_pr_diff',
          'mcp__themis__get_pr_files',
        ],
      },
    ]);
  });
});

describe('explain --caller', () => {
  it('says when the tool is in none of the caller groups, and how it fares when it is', async () => {
    const notIn = await cli(themis, 'explain', 'show_widget', '--caller', 'FULL_AGENT');
    expect(notIn.code).toBe(0);
    expect(notIn.stdout.split('\n').slice(0, 2)).toEqual([
      'show_widget: allowed',
      "  caller FULL_AGENT: not offered — show_widget is in no group of FULL_AGENT (its groups: chat_only; FULL_AGENT's groups: core, linear, sentry_full, metabase_full)",
    ]);
    const line = async (...argv: string[]) => (await cli(themis, 'explain', ...argv)).stdout.split('\n')[1];
    expect(await line('trigger_pr_review', '--caller', 'CHAT')).toBe(
      "  caller CHAT: needs a caller-supplied factory — in CHAT's group triggers; offered only if CHAT passes one (the CLI cannot know)",
    );
    expect(await line('query_themis_data', '--caller', 'MESSAGING', '--ctx', 'canQueryThemis=false')).toBe(
      "  caller MESSAGING: not offered — in MESSAGING's group core, but condition canQueryThemis is false",
    );
    expect(await line('linear', '--caller', 'FULL_AGENT', '--ctx', 'linearConfigured=true')).toBe(
      "  caller FULL_AGENT: offered — in FULL_AGENT's group linear; names mirrored from channel linear's registry at run time",
    );
    expect(await line('personal_tasks', '--caller', 'CHAT')).toBe(
      "  caller CHAT: offered only if the app's isPersonalSpace returns true at run time — in CHAT's group chat_only",
    );
    expect(await line('save_memory', '--caller', 'CHAT')).toBe("  caller CHAT: offered — in CHAT's group core");
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
      groups: ['ops'],
      state: 'offered',
      offered: true,
      summary: "caller NARROW: offered — in NARROW's group ops",
    });
    expect(out.allowed).toBe(true);
    const json = JSON.parse((await cli(fixture, 'explain', 'read_notes', '--json', '--caller', 'NARROW')).stdout);
    expect(json.caller).toMatchObject({ state: 'not-in-groups', offered: false });
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
    ]);
    expect(out.caller.needsFactory.map((t: { key: string }) => t.key)).toEqual([
      'trigger_pr_review',
      'trigger_code_generation',
    ]);
    const bad = await runBin(['resolve', '--caller', 'ADMIN'], themis);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('its callers are: FULL_AGENT, CHAT, MESSAGING, CHANNEL_MENTION.');
  });
});
