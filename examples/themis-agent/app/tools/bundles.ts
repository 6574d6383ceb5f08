// skills_bundle and automations_bundle: built for the MCP server, their names decided by these builders,
// so the catalog declares `fullNames: []`; the session offers what they build as each bundle's policy says.
import { tool } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';
import type { ThemisToolContext } from '../../generated/themis';
import { textResult } from './text-result';

export function buildSkillsBundle(context: ThemisToolContext) {
  return tool(
    'load_skill_resources',
    'Loads the resources of a space skill',
    { skill: z.string() },
    async ({ skill }) => textResult(`${skill} in ${context.data.space.id}`),
  );
}

export function buildAutomationsBundle(_context: ThemisToolContext) {
  return [
    tool('list_automations', 'Lists the automations of the space', {}, async () =>
      textResult('[]'),
    ),
    tool('run_automation', 'Runs an automation', { id: z.string() }, async ({ id }) =>
      textResult(`ran ${id}`),
    ),
  ];
}
