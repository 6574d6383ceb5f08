// The `resolve`, `explain` and `report` commands on the default catalog: in-process through
// runCli (the code the binary runs) and once through the real `tool-catalog` binary.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBin, runCli } from '../support/cli';
import { uniqueArtifactDir } from '../support/files';
import { REPO } from '../support/paths';
import { DEFAULT_DISALLOWED } from '../support/default-catalog';

const cli = (...argv: string[]) => runCli(argv, REPO);

let outDir: string | undefined;
afterAll(() => outDir && rmSync(outDir, { recursive: true, force: true }));

describe('resolve', () => {
  it('--json prints what the SDK receives, conditions missing treated as false', async () => {
    const { code, stdout } = await cli('resolve', '--json');
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out.context).toEqual({ 'workspace-has-git': null, 'agent-has-channel': null });
    // In catalog order: the disabled tools, and the worktree tools whose condition is not given.
    expect(out.disallowedTools).toEqual(
      [
        ...DEFAULT_DISALLOWED.slice(0, 12),
        'EnterWorktree',
        'ExitWorktree',
        ...DEFAULT_DISALLOWED.slice(12),
      ].sort((a, b) => out.disallowedTools.indexOf(a) - out.disallowedTools.indexOf(b)),
    );
    expect(out.disallowedTools).toHaveLength(DEFAULT_DISALLOWED.length + 2);
    // Every tool, with how the model is offered it in the default runtime configuration.
    expect(out.runtime).toMatchObject({
      name: 'desktop',
      recorded: 'Claude Code 2.1.333 (SDK 0.3.333)',
      toolSearch: true,
    });
    const state = (key: string) => out.offered.find((o: { key: string }) => o.key === key);
    expect(state('Read')).toMatchObject({ state: 'direct' });
    expect(state('TaskCreate')).toMatchObject({ state: 'deferred' });
    expect(state('TaskOutput')).toMatchObject({ state: 'absent', absentBy: 'runtime' });
    expect(state('EnterWorktree')).toMatchObject({ state: 'absent', absentBy: 'policy' });
    expect(out.allowedTools).toContain('mcp__skills__search_skills');
    expect(out.mcpServers.map((s: { name: string }) => s.name)).toEqual([
      'cherry-tools',
      'agent-memory',
      'skills',
    ]);
    expect(out.signature).toMatch(/^tp1-[0-9a-f]{14}$/);
  });

  it('accepts conditions by catalog name and by context field, and repeated --disabled', async () => {
    const { stdout } = await cli(
      'resolve',
      '--json',
      '--ctx',
      'workspace-has-git=true',
      '--ctx',
      'agentHasChannel=false',
      '--disabled',
      'Bash',
      '--disabled',
      'mcp__docs__*',
      '--disabled',
      'Agent',
      '--other-server',
      'docs',
    );
    const out = JSON.parse(stdout);
    expect(out.context).toEqual({ 'workspace-has-git': true, 'agent-has-channel': false });
    expect(out.disallowedTools).not.toContain('EnterWorktree');
    expect(out.disallowedTools).toEqual(
      expect.arrayContaining(['Bash', 'TaskOutput', 'TaskStop', 'mcp__docs__*']),
    );
    expect(out.ignoredOptOuts).toEqual(['Agent']);
    expect(out.optOuts).toEqual([
      { entry: 'Bash', effect: 'switched-off', keys: ['Bash'] },
      {
        entry: 'mcp__docs__*',
        effect: 'passed-through',
        keys: [],
        reason: expect.stringContaining(
          'the runtime removes the matching tools of an external server',
        ),
      },
      {
        entry: 'Agent',
        effect: 'ignored',
        keys: [],
        reason:
          "'Agent' is not a user tool: internal, conditional and disabled tools are not switched by users",
      },
    ]);
  });

  it('says what each opt-out did, with its reason, in the text output too', async () => {
    const { stdout } = await cli(
      'resolve',
      '--disabled',
      'mcp__*',
      '--disabled',
      'mcp__skills',
      '--disabled',
      'Agent',
    );
    expect(stdout).toContain(`opt-outs: what each --disabled entry did (3):
  mcp__*  expanded to CherryCron, CherryNotify, CherryConfig, CherryWebSearch, CherryWebFetch, CherryKnowledge, Memory — also passed through to disallowedTools for MCP servers outside the catalog; as it covers every MCP server, the session leaves out SearchSkills, InstallSkill too, although they are not user tools
  mcp__skills  expanded to no user tool — kept SearchSkills, InstallSkill: not user tools, so not switched by users
  Agent  ignored — 'Agent' is not a user tool: internal, conditional and disabled tools are not switched by users
`);
    // Nothing under `mcp__*` is offered, pre-approved or ensured: not even the internal skills tools.
    expect(stdout).toContain(
      'MCP servers: cherry-tools (0 offered), agent-memory (0 offered), skills (0 offered)',
    );
    expect(stdout).not.toContain('  mcp__skills__search_skills\n');
    expect(stdout).toMatch(
      /absent: covered by an opt-out pattern \(2\):\n {4}SearchSkills — covered by the opt-out 'mcp__\*'/,
    );
  });

  it('prints a readable list without --json', async () => {
    const { code, stdout } = await cli(
      'resolve',
      '--ctx',
      'workspace-has-git=true',
      '--overlay',
      'AskUserQuestion',
    );
    expect(code).toBe(0);
    expect(stdout).toContain('context: workspace-has-git=true, agent-has-channel=not set (false)');
    expect(stdout).toMatch(/disallowedTools \(32\):\n {2}REPL\n {2}PowerShell\n/);
    expect(stdout).toContain('  AskUserQuestion\n');
  });

  it('exits 2 with a did-you-mean on a name the catalog does not know, before computing anything', async () => {
    const cases: [string[], string][] = [
      [
        ['resolve', '--disabled', 'Bahs'],
        "--disabled 'Bahs': no tool of the catalog has this key or runtime name. Did you mean 'Bash'?",
      ],
      [
        ['explain', 'Read', '--disabled', 'Raed'],
        "--disabled 'Raed': no tool of the catalog has this key or runtime name. Did you mean 'Read'?",
      ],
      [
        ['resolve', '--overlay', 'NotATool'],
        "--overlay 'NotATool': no tool of the catalog has this key or runtime name.",
      ],
      [
        ['resolve', '--disabled', 'mcp__cherry_tools__cron'],
        "--disabled 'mcp__cherry_tools__cron': the catalog declares no MCP server or channel 'cherry_tools'; fix the name, or pass a server the app connects itself as otherServers. Did you mean 'mcp__cherry-tools__cron'?",
      ],
      [['resolve', '--ctx', 'workspace-has-gti=true'], "Did you mean 'workspace-has-git'?"],
    ];
    for (const [args, message] of cases) {
      const run = await cli(...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(message);
    }
    // A server the app connects itself is named with --other-server; a server's former name migrates.
    const other = JSON.parse(
      (await cli('resolve', '--json', '--disabled', 'mcp__docs', '--other-server', 'docs')).stdout,
    );
    expect(other.disallowedTools).toContain('mcp__docs');
    const renamed = JSON.parse(
      (await cli('resolve', '--json', '--disabled', 'mcp__claw__cron')).stdout,
    );
    expect(renamed.disabledTools).toEqual(['CherryCron']);
    expect(renamed.disallowedTools).toContain('mcp__cherry-tools__cron');
  });

  it('exits 2 on a bad --ctx, naming the conditions it knows', async () => {
    const unknown = await cli('resolve', '--ctx', 'has-git=true');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      "no condition 'has-git'; its conditions are: workspace-has-git (workspaceHasGit), agent-has-channel (agentHasChannel)",
    );
    const malformed = await cli('resolve', '--ctx', 'workspace-has-git=yes');
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('must be <condition>=true or <condition>=false');
  });
});

describe('explain', () => {
  it('says why ExitWorktree is disallowed, rule by rule', async () => {
    const { code, stdout } = await cli(
      'explain',
      'ExitWorktree',
      '--ctx',
      'workspace-has-git=false',
    );
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(
      "ExitWorktree: disallowed — condition workspace-has-git is false; pair group worktree: EnterWorktree's condition workspace-has-git is false",
    );
    expect(stdout).toMatch(
      /✗ rule 5 +pair group worktree: EnterWorktree's condition workspace-has-git is false/,
    );
    expect(stdout).toMatch(/· rule 4 +not a user tool/);
  });

  it('--json gives the explanation object; unknown tools exit 2 with a suggestion', async () => {
    const json = JSON.parse((await cli('explain', 'Bash', '--json', '--disabled', 'Bash')).stdout);
    expect(json).toMatchObject({
      key: 'Bash',
      allowed: false,
      reasons: ["opted out by disabledTools entry 'Bash'"],
    });
    const unknown = await cli('explain', 'Bsh');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      "has no tool 'Bsh' (by key or runtime name). Did you mean 'Bash'?",
    );
    expect((await cli('explain')).code).toBe(2);
  });
});

describe('report', () => {
  it('draws the Markdown matrix by category with condition columns', async () => {
    const { code, stdout } = await cli('report');
    expect(code).toBe(0);
    expect(stdout).toContain('# Exposure matrix of catalog `claude`');
    expect(stdout).toContain('## Shell');
    expect(stdout).toMatch(
      /\| `ExitWorktree` Exit worktree \| `ExitWorktree` \| conditional \| workspace-has-git \| worktree \| — \| permission-mode \| ✓ \| ✓ \| ✗ \| ✗ \|/,
    );
    expect(stdout).toContain('| bash | `Bash`, `TaskOutput`, `TaskStop` |');
  });

  it('--format html --out writes one self-contained page', async () => {
    outDir = uniqueArtifactDir('policy-cli');
    const file = path.join(outDir, 'matrix.html');
    const { code, stdout } = await cli(
      'report',
      '--format',
      'html',
      '--out',
      path.relative(REPO, file),
    );
    expect(code).toBe(0);
    expect(stdout).toContain('Wrote the HTML exposure matrix');
    const html = readFileSync(file, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<(script|link|img)\b|src=|https?:\/\//);
    expect(html).toContain('<td class="c blocked">✗</td>');
    expect(html).toContain('<code>mcp__cherry-tools__cron</code>');
    expect((html.match(/<tr>/g) ?? []).length).toBeGreaterThan(45);
  });

  it('rejects an unknown format', async () => {
    const { code, stderr } = await cli('report', '--format', 'pdf');
    expect(code).toBe(2);
    expect(stderr).toContain("--format must be md or html, got 'pdf'");
  });
});

describe('the real binary', () => {
  it('`tool-catalog resolve --json` disallows exactly the disabled tools when every condition holds', async () => {
    const run = await runBin(['resolve', '--json', '--ctx', 'workspace-has-git=true'], REPO);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.disallowedTools).toEqual(DEFAULT_DISALLOWED);
  });
});
