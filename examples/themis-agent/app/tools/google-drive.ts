// google_drive_bundle: one search tool per connected Drive folder, so its names depend on the
// context and are resolved at toolNames time (`fullNames: { resolve }`).
import { tool } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';
import type { ThemisToolContext } from '../../generated/themis';
import { textResult } from './text-result';

const folderTool = (folder: string) => `gdrive_search_${folder}`;

/** Wire names; toolNames qualifies them as `mcp__themis__<name>`. */
export function googleDriveToolNames(context: ThemisToolContext): string[] {
  return (context.data.user.driveFolders ?? []).map(folderTool);
}

export function buildGoogleDriveTools(context: ThemisToolContext) {
  return (context.data.user.driveFolders ?? []).map((folder) =>
    tool(
      folderTool(folder),
      `Searches the Drive folder ${folder}`,
      { query: z.string() },
      async ({ query }) => textResult(`${folder}: ${query}`),
    ),
  );
}
