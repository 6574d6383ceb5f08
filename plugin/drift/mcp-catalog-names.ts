// Pure: what a catalog says one MCP server or channel serves — each wire name with the place it is
// written (for `file:line:col`), and the tools whose names on it are known only at run time.
import type { SourceLocator } from '../diagnostics/diagnostics.js';
import { expandFullName } from '../language/naming.js';
import type { RawCatalog } from '../load/load-catalog.js';
import type { CatalogModel, ToolModel } from '../model/catalog-model.js';

interface DeclaredName {
  /** The tool's name on the server (`get_pr_diff`), not the runtime name (`mcp__themis__get_pr_diff`). */
  readonly wire: string;
  readonly key: string;
  /** Where the name is written: an element of `fullNames` or `wires`, `wire`, or the tool's key. */
  readonly at: SourceLocator;
  /** The name is the tool's key (no `wire`, `wires` or `fullNames` says otherwise). */
  readonly isKey: boolean;
}

/** A tool whose names on the server cannot be listed before run time. */
export interface OpenTool {
  readonly key: string;
  /** Why, in words. */
  readonly why: string;
}

export interface CatalogNamesOnServer {
  readonly kind: 'server' | 'channel';
  readonly names: readonly DeclaredName[];
  readonly open: readonly OpenTool[];
}

/** `mcp__themis__get_pr_info` → `['themis', 'get_pr_info']`; the server holds no `__`, the wire may. */
function splitRuntimeName(name: string): [server: string, wire: string] | undefined {
  if (!name.startsWith('mcp__')) return undefined;
  const rest = name.slice('mcp__'.length);
  const cut = rest.indexOf('__');
  return cut <= 0 ? undefined : [rest.slice(0, cut), rest.slice(cut + 2)];
}

function whyOpen(tool: ToolModel): string | undefined {
  if (tool.nameSource.kind === 'resolver') return 'names resolved at run time';
  if (tool.nameSource.kind === 'mirror') return "mirrors the channel's tools";
  if (tool.names.length === 0) return 'tools discovered by the SDK';
  return undefined;
}

/** Where `runtimeName` is written in the declaration of `key`. */
function locatorOf(
  key: string,
  declaration: Record<string, unknown>,
  runtimeName: string,
  file: string,
): SourceLocator {
  const at = (path: string[], element?: number): SourceLocator => ({
    file,
    path: [key, ...path],
    scope: 'tools',
    ...(element === undefined ? {} : { element }),
  });
  const namespace = declaration.kind === 'external' ? declaration.channel : declaration.server;
  if (Array.isArray(declaration.fullNames)) {
    const i = declaration.fullNames.findIndex(
      (n) =>
        typeof n === 'string' && expandFullName(n, declaration.kind, namespace) === runtimeName,
    );
    if (i >= 0) return at(['fullNames'], i);
  }
  if (Array.isArray(declaration.wires)) {
    const wire = splitRuntimeName(runtimeName)?.[1];
    const i = declaration.wires.indexOf(wire);
    if (i >= 0) return at(['wires'], i);
  }
  if (typeof declaration.wire === 'string') return at(['wire']);
  return { file, path: [key], atKey: true, scope: 'tools' };
}

export function catalogNamesOn(
  server: string,
  model: CatalogModel,
  raw: RawCatalog,
): CatalogNamesOnServer {
  const declarations = new Map(raw.tools.map((e) => [e.key, e]));
  const names: DeclaredName[] = [];
  const open: OpenTool[] = [];
  for (const tool of model.tools) {
    const entry = declarations.get(tool.key);
    for (const runtimeName of tool.names) {
      const split = splitRuntimeName(runtimeName);
      if (!split || split[0] !== server || !entry) continue;
      const at = locatorOf(
        tool.key,
        entry.declaration as Record<string, unknown>,
        runtimeName,
        entry.file,
      );
      names.push({ wire: split[1], key: tool.key, at, isKey: at.atKey === true });
    }
    const why = tool.server === server || tool.channel === server ? whyOpen(tool) : undefined;
    if (why) open.push({ key: tool.key, why });
  }
  return { kind: model.channels.includes(server) ? 'channel' : 'server', names, open };
}
