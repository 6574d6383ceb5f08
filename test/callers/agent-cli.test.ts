// `resolve --agent` and `explain --agent` on the themis example: a subagent's offer within the
// caller's, why a tool is not its own, and the AgentDefinition the session hands the SDK for it.
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { repoPath } from '../support/paths';

const themis = repoPath('examples/themis-agent');
const cli = (...argv: string[]) => runCli(argv, themis);

describe('resolve --agent', () => {
  it("prints the subagent's offer and its definition, within what the caller is offered", async () => {
    const run = await cli(
      'resolve',
      '--caller',
      'CHAT',
      '--agent',
      'researcher',
      '--ctx',
      'canQueryThemis=true',
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('catalog themis; subagent researcher;');
    expect(run.stdout).toContain(
      'what subagent researcher is offered:\n  direct (4):\n    mcp__themis__query_themis_data\n    mcp__themis__get_pr_info\n',
    );
    expect(run.stdout).toContain('what the SDK receives (agents.researcher):\ntools (4):\n');
    // Without the condition the session leaves query_themis_data out, so the subagent cannot have it.
    const json = JSON.parse(
      (
        await cli(
          'resolve',
          '--json',
          '--caller',
          'CHAT',
          '--agent',
          'researcher',
          '--ctx',
          'canQueryThemis=false',
        )
      ).stdout,
    );
    expect(json.offered.find((o: { key: string }) => o.key === 'query_themis_data')).toMatchObject({
      state: 'absent',
      absentBy: 'policy',
    });
    expect(json.definition.tools).toEqual([
      'mcp__themis__get_pr_info',
      'mcp__themis__get_pr_diff',
      'mcp__themis__get_pr_files',
    ]);
    expect(json.definition.disallowedTools).toContain('mcp__themis__query_themis_data');
  });

  it('names the declared subagents when --agent names another', async () => {
    const run = await cli('resolve', '--agent', 'researcer');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      "--agent 'researcer': catalog 'themis' declares the subagents researcher, release. Did you mean 'researcher'?",
    );
  });
});

describe('explain --agent', () => {
  it("says a tool the session offers is not among the subagent's tools", async () => {
    const run = await cli(
      'explain',
      'save_memory',
      '--json',
      '--caller',
      'CHAT',
      '--agent',
      'researcher',
    );
    const x = JSON.parse(run.stdout);
    expect(x).toMatchObject({ state: 'absent', absentBy: 'subagent', allowed: false });
    expect(x.rules.find((r: { rule: string }) => r.rule === 'subagent')).toMatchObject({
      disallows: true,
      detail: "not among the tools of subagent 'researcher'",
    });
    const own = JSON.parse(
      (await cli('explain', 'get_pr_info', '--json', '--agent', 'researcher')).stdout,
    );
    expect(own).toMatchObject({ state: 'direct', allowed: true });
    expect(own.rules.find((r: { rule: string }) => r.rule === 'subagent').disallows).toBe(false);
  });
});
