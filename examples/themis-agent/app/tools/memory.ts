// save_memory: stores a fact about the space (core).
import { tool } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';
import type { ThemisToolContext } from '../../generated/themis';
import { textResult } from './text-result';

export function buildSaveMemoryTool(context: ThemisToolContext) {
  const { space } = context.data;
  return tool(
    'save_memory',
    'Stores a fact about this space for later conversations',
    { fact: z.string() },
    async ({ fact }) => textResult(`Saved to ${space.id}: ${fact}`),
  );
}
