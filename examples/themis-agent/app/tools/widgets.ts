// show_widget: renders a widget in the web chat (chat_only).
import { tool } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';
import type { ThemisToolContext } from '../../generated/themis';
import { textResult } from './text-result';

export function buildShowWidgetTool(context: ThemisToolContext) {
  const conversation = context.data.conversation?.id ?? 'none';
  return tool(
    'show_widget',
    'Shows a widget in the chat',
    { kind: z.enum(['chart', 'table']), title: z.string() },
    async ({ kind, title }) => textResult(`${kind} '${title}' shown in ${conversation}`),
  );
}
