// The naming rules of the catalog language: the runtime names a declaration yields (SDK bare names,
// `mcp__<server>__<wire>` for in-process MCP, `mcp__<channel>__<wire>` for external channels, an
// explicit list when one builder yields several tools, none for `[]`, mirrored or resolved names),
// the names the SDK would mangle, and the context field each condition is read from.

/** Characters the SDK keeps in an MCP server or tool name; anything else is rewritten. */
export const MCP_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
/** Whether the SDK would rewrite `name` (or split it at an inner `__`). */
export const isMangled = (name: string) => !MCP_NAME_PATTERN.test(name) || name.includes('__');
export const mcpName = (server: string, wire: string) => `mcp__${server}__${wire}`;

/** The context field a condition is read from: `workspace-has-git` → `workspaceHasGit`; `canQueryThemis` stays. */
export const conditionField = (name: string) =>
  name.replace(/[^A-Za-z0-9]+([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase()).replace(/^[^A-Za-z_$]+/, '');

export interface NamingFields {
  readonly kind?: unknown;
  readonly name?: unknown;
  readonly server?: unknown;
  readonly wire?: unknown;
  readonly channel?: unknown;
  readonly wires?: unknown;
  readonly fullNames?: unknown;
}

/** Wire names written in an explicit list; entries already of the form `mcp__…` are kept as they are. */
export function expandFullName(entry: string, kind: unknown, namespace: unknown): string {
  if (kind === 'sdk' || entry.startsWith('mcp__') || typeof namespace !== 'string') return entry;
  return mcpName(namespace, entry);
}

export function staticRuntimeNames(key: string, d: NamingFields): string[] {
  const namespace = d.kind === 'mcp' ? d.server : d.kind === 'external' ? d.channel : undefined;
  if (Array.isArray(d.fullNames)) {
    return d.fullNames.filter((n): n is string => typeof n === 'string').map((n) => expandFullName(n, d.kind, namespace));
  }
  if (d.fullNames !== undefined) return [];
  switch (d.kind) {
    case 'sdk':
      return [typeof d.name === 'string' ? d.name : key];
    case 'mcp':
      return typeof d.server === 'string' ? [mcpName(d.server, typeof d.wire === 'string' ? d.wire : key)] : [];
    case 'external':
      return typeof d.channel === 'string' && Array.isArray(d.wires)
        ? d.wires.filter((w): w is string => typeof w === 'string').map((w) => mcpName(d.channel as string, w))
        : [];
    default:
      return [];
  }
}
