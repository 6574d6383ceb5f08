// show_widget: renders a widget in the web chat (chat_only).
import { z } from 'zod';
import { appTool, type ThemisToolContext } from '../../generated/themis';

export function buildShowWidgetTool(context: ThemisToolContext) {
  const conversation = context.data.conversation?.id ?? 'none';
  return appTool({
    name: 'show_widget',
    description: 'Shows a widget in the chat',
    input: z.object({ kind: z.enum(['chart', 'table']), title: z.string() }),
    execute: ({ kind, title }) => `${kind} '${title}' shown in ${conversation}`,
  });
}
