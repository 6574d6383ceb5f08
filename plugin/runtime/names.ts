// Runtime naming rules shared by `toolNames` and the PreToolUse guard: SDK bare names,
// `mcp__<server>__<tool>` for in-process MCP, `mcp__<channel>__<tool>` for external channels.

/** Where an app's external MCP tool names come from at `toolNames` time. */
export type ChannelRegistry =
  | { toolsFor(channel: string): Iterable<string> | null | undefined }
  | ((channel: string) => Iterable<string> | null | undefined);

export const mcpToolName = (namespace: string, tool: string) => `mcp__${namespace}__${tool}`;

/**
 * A name as written in a list or returned by a resolver: full `mcp__…` names and SDK names stay,
 * wire names get the namespace.
 */
export function qualifyName(name: string, namespace: string | undefined): string {
  if (namespace === undefined || name.startsWith('mcp__')) return name;
  return mcpToolName(namespace, name);
}

/** The channel's current tool names from the app's registry, qualified; none when the channel is not set up. */
export function mirroredNames(registry: ChannelRegistry, channel: string): string[] {
  const listed = typeof registry === 'function' ? registry(channel) : registry.toolsFor(channel);
  if (listed == null) return [];
  const out: string[] = [];
  for (const name of listed) out.push(qualifyName(name, channel));
  return out;
}

/** `mcp__sentry__list_issues` → `sentry`; undefined for SDK bare names. */
export function namespaceOf(runtimeName: string): string | undefined {
  if (!runtimeName.startsWith('mcp__')) return undefined;
  const end = runtimeName.indexOf('__', 5);
  return end < 0 ? undefined : runtimeName.slice(5, end);
}
