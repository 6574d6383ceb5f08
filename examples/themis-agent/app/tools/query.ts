// query_themis_data: a read-only query over the space's data (core, needs canQueryThemis). Written
// once as an app tool: the Claude Agent SDK's in-process server and the AI SDK's tool set both take it.
import { z } from 'zod';
import { appTool, type ThemisToolContext } from '../../generated/themis';

export function buildQueryTool(context: ThemisToolContext) {
  const { space } = context.data;
  return appTool({
    name: 'query_themis_data',
    description: "Runs a read-only query over the space's data",
    input: z.object({ query: z.string(), limit: z.number().int().optional() }),
    execute: ({ query }) => `rows for "${query}" in ${space.id}`,
  });
}
