// The legacy tool names the installed Claude Agent SDK still accepts (`Task` → `Agent`): its own
// exported table, the one `verify --update` records in the runtime-surface lock.
import { LEGACY_TOOL_NAME_ALIASES } from '@anthropic-ai/claude-agent-sdk';

/** `{ Task: 'Agent', KillShell: 'TaskStop', … }` as the installed SDK exports it. */
export function runtimeLegacyAliases(): Readonly<Record<string, string>> {
  return LEGACY_TOOL_NAME_ALIASES;
}
