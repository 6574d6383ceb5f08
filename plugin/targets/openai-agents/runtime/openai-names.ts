// How the OpenAI Agents SDK names the catalog's tools: an MCP tool (in-process or of an MCP server the
// app connects) by its bare wire name, with every character other than a letter or a digit turned
// into `_` (the SDK's rule for function tool names: `get-issue` is sent as `get_issue`); a subagent
// by its name under the same rule; a Claude runtime built-in not at all.
import { namespaceOf } from '../../../runtime/index.js';

/** The name the SDK sends the model for a tool named `name` (what its `tool()` does to a name). */
export const openAIToolName = (name: string): string =>
  name.replace(/\s/g, '_').replace(/[^a-zA-Z0-9]/g, '_');

/**
 * The OpenAI Agents SDK's name for a runtime name: `mcp__cherry-tools__cron` → `cron`; undefined
 * for a Claude built-in (`Bash`), which the SDK does not have.
 */
export function openAINameOf(runtimeName: string): string | undefined {
  const namespace = namespaceOf(runtimeName);
  if (namespace === undefined) return undefined;
  return openAIToolName(runtimeName.slice(`mcp__${namespace}__`.length));
}
