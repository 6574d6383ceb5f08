// enqueue_followup: queues a follow-up on the invocation's message queue (core, needs a queue).
import { tool } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';
import type { ThemisToolContext } from '../../generated/themis';
import { textResult } from './text-result';

export function buildFollowupTool(context: ThemisToolContext) {
  const queue = context.data.messageQueue;
  if (!queue)
    throw new Error('enqueue_followup is built only when the context has a message queue');
  return tool(
    'enqueue_followup',
    'Queues a follow-up message',
    { text: z.string() },
    async ({ text }) => {
      queue.push(text);
      return textResult('queued');
    },
  );
}
