// The config's `targets`, resolved: the default, the AI SDK's major read from the `ai` package installed
// where the config is (or pinned), and each problem with its code and the entry it points at.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveTargets } from '../../plugin/load/targets-config';
import { removeTempDirs, tempDir } from '../support/files';
import { REPO } from '../support/paths';

afterAll(removeTempDirs);

describe('resolveTargets', () => {
  it('defaults to the Claude Agent SDK alone', () => {
    expect(resolveTargets(undefined, REPO)).toEqual({
      targets: [{ name: 'claude-agent-sdk' }],
      problems: [],
    });
  });

  it('reads the major of the installed ai package, or takes the pinned one', () => {
    const installed = resolveTargets(['claude-agent-sdk', 'ai-sdk'], path.join(REPO, 'examples'));
    expect(installed.problems).toEqual([]);
    expect(installed.targets[1]).toEqual({
      name: 'ai-sdk',
      major: 7,
      majorFrom: expect.stringMatching(/^ai 7\.\d+\.\d+ installed$/),
    });
    expect(resolveTargets(['ai-sdk@6'], REPO).targets).toEqual([
      { name: 'ai-sdk', major: 6, majorFrom: 'pinned in the config' },
    ]);
  });

  it('says what is wrong: no ai installed, an unsupported major, an unknown or repeated target', async () => {
    const bare = await tempDir('targets');
    expect(resolveTargets(['ai-sdk'], bare).problems).toEqual([
      {
        code: 'TC320',
        element: 0,
        message:
          "The target 'ai-sdk' compiles for the installed major version of 'ai', which is not installed here; install it, or pin the major: 'ai-sdk@7'.",
      },
    ]);
    expect(
      resolveTargets(
        ['claude-agent-sdk', 'claude-agent-sdk@2', 'ai-sdk@8', 'ai-sdk', 'cladue-agent-sdk'],
        REPO,
      ).problems.map((p) => [p.code, p.element, p.message]),
    ).toEqual([
      ['TC002', 1, "'targets' names 'claude-agent-sdk' twice; keep one."],
      [
        'TC320',
        2,
        "'ai-sdk@8': the ai-sdk target supports ai 6 and 7; pin one of them ('ai-sdk@7'), or write 'ai-sdk' for the installed major.",
      ],
      [
        'TC002',
        4,
        '"cladue-agent-sdk" is not a target; use one of: claude-agent-sdk, ai-sdk, openai-agents. Did you mean \'claude-agent-sdk\'?',
      ],
    ]);
    expect(resolveTargets([], REPO).problems[0]!.code).toBe('TC002');
  });
});
