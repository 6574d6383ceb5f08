// get_pr_info, get_pr_diff, get_pr_files: one builder, three tools (names listed in the catalog).
import { z } from 'zod';
import { appTool, type ThemisToolContext } from '../../generated/themis';

export function buildPullRequestTools(_context: ThemisToolContext) {
  const pr = z.object({ repo: z.string(), number: z.number().int() });
  return [
    appTool({
      name: 'get_pr_info',
      description: 'Reads a pull request',
      input: pr,
      execute: ({ repo, number }) => `${repo}#${number}`,
    }),
    appTool({
      name: 'get_pr_diff',
      description: "Reads a pull request's diff",
      input: pr,
      execute: ({ repo, number }) => `diff of ${repo}#${number}`,
    }),
    appTool({
      name: 'get_pr_files',
      description: "Lists a pull request's files",
      input: pr,
      execute: ({ repo, number }) => `files of ${repo}#${number}`,
    }),
  ];
}
