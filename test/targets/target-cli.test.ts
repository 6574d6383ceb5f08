// `resolve --target` and `explain --target`: the same offer as without the flag, in the target's names —
// what the AI SDK call is offered (wire names, subagents as tools), what it leaves out (Claude
// built-ins) — and a target the catalog does not compile for, or does not exist, is bad usage.
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { repoPath } from '../support/paths';

const THEMIS = repoPath('examples/themis-agent');

describe('resolve and explain --target', () => {
  it("resolve prints the offer in the AI SDK's names; --json gives the same", async () => {
    const args = [
      'resolve',
      '--target',
      'ai-sdk',
      '--caller',
      'MESSAGING',
      '--ctx',
      'canQueryThemis=true',
    ];
    const text = await runCli(args, THEMIS);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(
      'target ai-sdk (Vercel AI SDK): what the model is offered:\n  offered (3):\n    save_memory\n    query_themis_data\n    get_pr_info, get_pr_diff, get_pr_files\n',
    );
    expect(text.stdout).toContain(
      '  subagents, each a tool of its own (2):\n    researcher: query_themis_data, get_pr_info, get_pr_diff, get_pr_files\n',
    );
    expect(text.stdout).toMatch(
      /left out, Vercel AI SDK has no such tool \(47\): Skill, ToolSearch, Bash/,
    );
    const json = JSON.parse((await runCli([...args, '--json'], THEMIS)).stdout);
    expect(json.target).toBe('ai-sdk');
    expect(
      json.tools.filter((t: { offered: boolean }) => t.offered).map((t: { key: string }) => t.key),
    ).toEqual(['save_memory', 'query_themis_data', 'get_pr_info']);
    expect(json.leftOut).toContainEqual({
      key: 'Bash',
      why: 'a Claude runtime built-in: the Vercel AI SDK has no such tool',
    });
  });

  it('explain says how the target is offered the tool, for the session and for a subagent', async () => {
    const offered = await runCli(
      ['explain', 'query_themis_data', '--target', 'ai-sdk', '--ctx', 'canQueryThemis=true'],
      THEMIS,
    );
    expect(offered.stdout).toContain('  target ai-sdk: offered as query_themis_data\n');
    const subagent = await runCli(
      ['explain', 'save_memory', '--target', 'ai-sdk', '--agent', 'researcher'],
      THEMIS,
    );
    expect(subagent.stdout).toContain('  target ai-sdk: not offered to subagent researcher\n');
    const builtIn = await runCli(['explain', 'Bash', '--target', 'ai-sdk'], THEMIS);
    expect(builtIn.stdout).toContain(
      '  target ai-sdk: left out — a Claude runtime built-in: the Vercel AI SDK has no such tool\n',
    );
  });

  it('resolve and explain --target openai-agents give the OpenAI Agents SDK names of the same offer', async () => {
    const resolved = await runCli(
      [
        'resolve',
        '--target',
        'openai-agents',
        '--caller',
        'MESSAGING',
        '--ctx',
        'canQueryThemis=true',
      ],
      THEMIS,
    );
    expect(resolved.code).toBe(0);
    expect(resolved.stdout).toContain(
      'target openai-agents (OpenAI Agents SDK): what the model is offered:\n  offered (3):\n    save_memory\n    query_themis_data\n    get_pr_info, get_pr_diff, get_pr_files\n',
    );
    expect(resolved.stdout).toMatch(/left out, OpenAI Agents SDK has no such tool \(47\): Skill/);
    const explained = await runCli(
      [
        'explain',
        'metabase_restricted',
        '--target',
        'openai-agents',
        '--ctx',
        'metabaseConfigured=true',
      ],
      THEMIS,
    );
    expect(explained.stdout).toContain(
      '  target openai-agents: not offered (delete_card, delete_dashboard, execute_write_query) — restricted: the guard denies every call\n',
    );
  });

  it('refuses a target the catalog does not compile for, and an unknown one', async () => {
    const notCompiled = await runCli(['resolve', '--target', 'ai-sdk'], repoPath());
    expect(notCompiled.code).toBe(2);
    expect(notCompiled.stderr).toContain("add 'ai-sdk' to 'targets' of the catalog in the config");
    const unknown = await runCli(['explain', 'Bash', '--target', 'claude'], THEMIS);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("--target 'claude' is not a target");
  });
});
