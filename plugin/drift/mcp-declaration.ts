// Ready-to-paste declarations for tools an MCP server has and the catalog lacks. A new tool is
// declared `disabled`: nothing is granted until someone classifies it. Each is checked by the
// catalog language's own rules before it is offered, so what is pasted is always valid.
import { isMangledWire } from '../language/naming.js';
import type { CatalogModel } from '../model/catalog-model.js';
import { tsKey, tsString } from '../text/escape.js';
import { validateTools } from '../validate/validate-tools.js';
import type { VocabularyNames } from '../validate/validate-vocabulary.js';
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

/** A declaration to paste, or why the tool cannot be declared as the server names it. */
export type Suggestion =
  | { readonly key: string; readonly declaration: string }
  | { readonly problem: string };

/** Keys tried for a new tool: the wire name itself, then prefixed with the server, then numbered. */
function* keys(wire: string, server: string, taken: ReadonlySet<string>): Generator<string> {
  for (const key of [wire, `${server}_${wire}`]) if (!taken.has(key)) yield key;
  for (let i = 2; i < 100; i++)
    if (!taken.has(`${server}_${wire}_${i}`)) yield `${server}_${wire}_${i}`;
}

/** The declaration's fields, in the order it is written. */
function fieldsOf(
  model: CatalogModel,
  server: string,
  kind: 'server' | 'channel',
  wire: string,
  description: string | undefined,
  key: string,
): [string, unknown][] {
  const fields: [string, unknown][] =
    kind === 'server'
      ? [
          ['kind', 'mcp'],
          ['server', server],
        ]
      : [
          ['kind', 'external'],
          ['channel', server],
          ['wires', [wire]],
        ];
  if (kind === 'server' && key !== wire) fields.push(['wire', wire]);
  const category = model.categories[0]?.name;
  if (category !== undefined) fields.push(['category', category]);
  fields.push(['exposure', 'disabled'], ['label', labelFromName(wire.replace(/-/g, '_')) || wire]);
  const summary = shortDescription(description);
  if (summary) fields.push(['description', summary]);
  return fields;
}

const written = (v: unknown): string =>
  Array.isArray(v) ? `[${v.map((x) => tsString(String(x))).join(', ')}]` : tsString(String(v));

/**
 * One line to paste into a `.tools({...})` call for `wire` on `server` — an in-process tool (`kind:
 * 'mcp'`) or a fixed wire of an external channel (`kind: 'external'`) — under a key no tool has, that
 * the catalog's rules accept; or, when no key helps, why the tool cannot be declared.
 */
export function suggestDeclaration(
  model: CatalogModel,
  vocabulary: VocabularyNames,
  server: string,
  kind: 'server' | 'channel',
  wire: string,
  description: string | undefined,
  taken: ReadonlySet<string>,
): Suggestion {
  if (isMangledWire(wire))
    return {
      problem:
        'the SDK rewrites tool names with characters other than letters, digits, ' +
        "'_' and '-', so the catalog cannot name it; ask the server's authors to rename it.",
    };
  let last: string | undefined;
  // The server's description is a help, not a need: without it when the rules refuse it.
  for (const key of keys(wire, server, taken))
    for (const withDescription of [description, undefined]) {
      const fields = fieldsOf(model, server, kind, wire, withDescription, key);
      const problems = validateTools(
        [{ key, declaration: Object.fromEntries(fields), file: '(suggested declaration)' }],
        vocabulary,
      );
      if (problems.length === 0)
        return {
          key,
          declaration: `${tsKey(key)}: { ${fields.map(([f, v]) => `${f}: ${written(v)}`).join(', ')} },`,
        };
      last = problems[0]!.message;
    }
  return { problem: `no declaration of it passes the catalog's rules: ${last}` };
}
