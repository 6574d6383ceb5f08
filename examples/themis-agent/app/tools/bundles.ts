// skills_bundle and automations_bundle: built for the MCP server, their names decided by these builders,
// so the catalog declares `fullNames: []`; the session offers what they build as each bundle's policy says.
import { z } from 'zod';
import { appTool, type ThemisToolContext } from '../../generated/themis';

export function buildSkillsBundle(context: ThemisToolContext) {
  return appTool({
    name: 'load_skill_resources',
    description: 'Loads the resources of a space skill',
    input: z.object({ skill: z.string() }),
    execute: ({ skill }) => `${skill} in ${context.data.space.id}`,
  });
}

export function buildAutomationsBundle(_context: ThemisToolContext) {
  return [
    appTool({
      name: 'list_automations',
      description: 'Lists the automations of the space',
      input: z.object({}),
      execute: () => '[]',
    }),
    appTool({
      name: 'run_automation',
      description: 'Runs an automation',
      input: z.object({ id: z.string() }),
      execute: ({ id }) => `ran ${id}`,
    }),
  ];
}
