// Ready-to-paste declarations for tools an MCP server has and the catalog lacks. A new tool is
// declared `disabled`: nothing is granted until someone classifies it.
import { nameProblem } from '../language/naming.js';
import type { CatalogModel } from '../model/catalog-model.js';
import { tsKey, tsString } from '../text/escape.js';
import { labelFromName } from './declaration.js';

/** The first sentence of a server's tool description, short enough for one catalog line. */
function shortDescription(text: string | undefined): string | undefined {
  const first = text
    ?.replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s/)[0];
  if (!first) return undefined;
  return first.length <= 100 ? first : `${first.slice(0, 99)}…`;
}

/** A key no tool of the catalog has yet: the wire name itself, else prefixed with the server. */
export function freeKey(wire: string, server: string, taken: ReadonlySet<string>): string {
  for (const key of [wire, `${server}_${wire}`]) if (!taken.has(key) && nameProblem(key) === undefined) return key;
  for (let i = 2; ; i++) if (!taken.has(`${server}_${wire}_${i}`)) return `${server}_${wire}_${i}`;
}

/**
 * One line to paste into a `.tools({...})` call for `wire` on `server`: an in-process tool
 * (`kind: 'mcp'`) or a fixed wire of an external channel (`kind: 'external'`).
 */
export function mcpDeclaration(
  model: CatalogModel,
  server: string,
  kind: 'server' | 'channel',
  wire: string,
  description: string | undefined,
  key: string,
): string {
  const fields =
    kind === 'server'
      ? [`kind: 'mcp'`, `server: ${tsString(server)}`]
      : [`kind: 'external'`, `channel: ${tsString(server)}`, `wires: [${tsString(wire)}]`];
  if (kind === 'server' && key !== wire) fields.push(`wire: ${tsString(wire)}`);
  const category = model.categories[0]?.name;
  if (category !== undefined) fields.push(`category: ${tsString(category)}`);
  fields.push(`exposure: 'disabled'`, `label: ${tsString(labelFromName(wire.replace(/-/g, '_')))}`);
  const summary = shortDescription(description);
  if (summary) fields.push(`description: ${tsString(summary)}`);
  return `${tsKey(key)}: { ${fields.join(', ')} },`;
}
