// query_themis_data: a read-only query over the space's data (core, needs canQueryThemis).
import { tool } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';
import type { ThemisToolContext } from '../../generated/themis';
import { textResult } from './text-result';

export function buildQueryTool(context: ThemisToolContext) {
  const { space } = context.data;
  return tool(
    'query_themis_data',
    "Runs a read-only query over the space's data",
    { query: z.string(), limit: z.number().int().optional() },
    async ({ query }) => textResult(`rows for "${query}" in ${space.id}`),
  );
}
