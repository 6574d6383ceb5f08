// personal_tasks: the user's own task list, only in a personal space (chat_only, one-off check).
import { tool } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';
import type { ThemisToolContext } from '../../generated/themis';
import { textResult } from './text-result';

export function buildPersonalTaskTool(context: ThemisToolContext) {
  const { user } = context.data;
  return tool(
    'personal_tasks',
    "Manages the user's personal tasks",
    { action: z.enum(['list', 'add']), title: z.string().optional() },
    async ({ action }) => textResult(`${action} for ${user.id}`),
  );
}
