// get_pr_info, get_pr_diff, get_pr_files: one builder, three tools (names listed in the catalog).
import { tool } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';
import type { ThemisToolContext } from '../../generated/themis';
import { textResult } from './text-result';

export function buildPullRequestTools(_context: ThemisToolContext) {
  const pr = { repo: z.string(), number: z.number().int() };
  return [
    tool('get_pr_info', 'Reads a pull request', pr, async ({ repo, number }) =>
      textResult(`${repo}#${number}`),
    ),
    tool('get_pr_diff', "Reads a pull request's diff", pr, async ({ repo, number }) =>
      textResult(`diff of ${repo}#${number}`),
    ),
    tool('get_pr_files', "Lists a pull request's files", pr, async ({ repo, number }) =>
      textResult(`files of ${repo}#${number}`),
    ),
  ];
}
