// enqueue_followup: queues a follow-up on the invocation's message queue (core, needs a queue).
import { z } from 'zod';
import { appTool, type ThemisToolContext } from '../../generated/themis';

export function buildFollowupTool(context: ThemisToolContext) {
  const queue = context.data.messageQueue;
  if (!queue)
    throw new Error('enqueue_followup is built only when the context has a message queue');
  return appTool({
    name: 'enqueue_followup',
    description: 'Queues a follow-up message',
    input: z.object({ text: z.string() }),
    execute: ({ text }) => {
      queue.push(text);
      return 'queued';
    },
  });
}
