// personal_tasks: the user's own task list, only in a personal space (chat_only, one-off check).
import { z } from 'zod';
import { appTool, type ThemisToolContext } from '../../generated/themis';

export function buildPersonalTaskTool(context: ThemisToolContext) {
  const { user } = context.data;
  return appTool({
    name: 'personal_tasks',
    description: "Manages the user's personal tasks",
    input: z.object({ action: z.enum(['list', 'add']), title: z.string().optional() }),
    execute: ({ action }) => `${action} for ${user.id}`,
  });
}
