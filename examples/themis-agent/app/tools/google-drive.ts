// google_drive_bundle: one search tool per connected Drive folder, so its names depend on the
// context and are resolved at toolNames time (`fullNames: { resolve }`).
import { z } from 'zod';
import { appTool, type ThemisToolContext } from '../../generated/themis';

const folderTool = (folder: string) => `gdrive_search_${folder}`;

/** Wire names; toolNames qualifies them as `mcp__themis__<name>`. */
export function googleDriveToolNames(context: ThemisToolContext): string[] {
  return (context.data.user.driveFolders ?? []).map(folderTool);
}

export function buildGoogleDriveTools(context: ThemisToolContext) {
  return (context.data.user.driveFolders ?? []).map((folder) =>
    appTool({
      name: folderTool(folder),
      description: `Searches the Drive folder ${folder}`,
      input: z.object({ query: z.string() }),
      execute: ({ query }) => `${folder}: ${query}`,
    }),
  );
}
