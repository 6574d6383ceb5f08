// The naming rules of the catalog language: the runtime names a declaration yields (SDK bare names,
// `mcp__<server>__<wire>` for in-process MCP, `mcp__<channel>__<wire>` for external channels, an
// explicit list when one builder yields several tools, none for `[]`, mirrored or resolved names),
// the names the SDK would mangle, and the context field each condition is read from.

/** Characters the SDK keeps in an MCP server or tool name; anything else is rewritten. */
const MCP_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
/**
 * Whether the SDK would rewrite a server or channel name, or misread it: it splits a runtime name at
 * `__` and takes the first part after `mcp` as the server, so a server name cannot hold `__`.
 */
export const isMangled = (name: string) => !MCP_NAME_PATTERN.test(name) || name.includes('__');
/** Whether the SDK would rewrite a wire (tool) name; `__` inside is fine, everything after the server is the tool. */
export const isMangledWire = (name: string) => !MCP_NAME_PATTERN.test(name);
export const mcpName = (server: string, wire: string) => `mcp__${server}__${wire}`;

/** The context field a condition is read from: `workspace-has-git` → `workspaceHasGit`; `canQueryThemis` stays. */
export const conditionField = (name: string) =>
  name
    .replace(/[^A-Za-z0-9]+([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase())
    .replace(/^[^A-Za-z_$]+/, '');

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
    return d.fullNames
      .filter((n): n is string => typeof n === 'string')
      .map((n) => expandFullName(n, d.kind, namespace));
  }
  if (d.fullNames !== undefined) return [];
  switch (d.kind) {
    case 'sdk':
      return [typeof d.name === 'string' ? d.name : key];
    case 'mcp':
      return typeof d.server === 'string'
        ? [mcpName(d.server, typeof d.wire === 'string' ? d.wire : key)]
        : [];
    case 'external':
      return typeof d.channel === 'string' && Array.isArray(d.wires)
        ? d.wires
            .filter((w): w is string => typeof w === 'string')
            .map((w) => mcpName(d.channel as string, w))
        : [];
    default:
      return [];
  }
}

/**
 * A generated name: the catalog's prefix, then `name`, whose first word is left out when the prefix
 * already ends with it, so no name repeats a word (`Agent` + `AgentToolSettings` → `AgentToolSettings`,
 * `SupportAgent` → `SupportAgentToolSettings`; `Claude` → `ClaudeAgentToolSettings`).
 */
export function prefixedName(prefix: string, name: string): string {
  // The word starts with a capital, so where the prefix ends with it, a word of the prefix starts.
  const first = /^[A-Z][a-z0-9]*/.exec(name)?.[0];
  return first && prefix.endsWith(first)
    ? `${prefix}${name.slice(first.length)}`
    : `${prefix}${name}`;
}

/** Words that cannot name a variable, a parameter or a type in strict-mode TypeScript. */
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else ' +
    'enum export extends false finally for function if ' +
    ('import in instanceof new null return super switch this throw true try ' +
      'typeof var void while with implements interface let ') +
    'package private protected public static yield await arguments eval'
  ).split(' '),
);

/**
 * Whether `s` can name a variable, a context field or a type (ASCII letters, digits, `_`, `$`, not
 * a reserved word).
 */
export const isIdentifierName = (s: string) =>
  /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(s) && !RESERVED.has(s);

/** An export name a generated file can import: an identifier, or `default`. */
export const isExportName = (s: string) => s === 'default' || isIdentifierName(s);

/**
 * Characters no name may hold: control characters, bidirectional overrides (a reviewer would not
 * see them), lone surrogates.
 */
const UNSEEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds.
  /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** `constructor`, `toString`, `__proto__` …: keys every object already has. */
const OBJECT_MEMBERS = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Why a declared name (a tool key, a category, a condition …) cannot be used, or undefined when it can. */
export function nameProblem(name: string): string | undefined {
  if (name === '') return 'it is empty';
  if (name.trim() !== name) return 'it starts or ends with white space';
  if (UNSEEN.test(name))
    return 'it holds a control or bidirectional-override character that a reviewer would not see';
  if (OBJECT_MEMBERS.has(name))
    return `'${name}' is a member every JavaScript object has, so typed records keyed by it break`;
  return undefined;
}

/** Why a module specifier in a `{ module, export }` reference cannot be imported, or undefined. */
export const specifierProblem = (specifier: string) =>
  specifier === ''
    ? 'it is empty'
    : // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds.
      /[\u0000-\u001f\u007f'"`\\]/.test(specifier)
      ? 'it holds a quote, a backslash or a control character'
      : undefined;
