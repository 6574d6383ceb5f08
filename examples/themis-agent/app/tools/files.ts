// create_file: creates a downloadable file in the web chat (chat_only).
import { z } from 'zod';
import { appTool, type ThemisToolContext } from '../../generated/themis';

export function buildCreateFileTool(_context: ThemisToolContext) {
  return appTool({
    name: 'create_file',
    description: 'Creates a file the user can download',
    input: z.object({ name: z.string(), content: z.string() }),
    execute: ({ name }) => `created ${name}`,
  });
}
