// save_memory: stores a fact about the space (core).
import { z } from 'zod';
import { appTool, type ThemisToolContext } from '../../generated/themis';

export function buildSaveMemoryTool(context: ThemisToolContext) {
  const { space } = context.data;
  return appTool({
    name: 'save_memory',
    description: 'Stores a fact about this space for later conversations',
    input: z.object({ fact: z.string() }),
    execute: ({ fact }) => `Saved to ${space.id}: ${fact}`,
  });
}
