// `mcp-tools.lock.json`: what was reviewed of each MCP server — the client capabilities it was
// listed with, each tool's schema hashes and a readable summary of its input — in deterministic bytes.
import { jsonValueOffset, lineColumnAt } from '../text/json-position.js';
import { canonicalJson, schemaHash } from './canonical-json.js';
import { boundedValue } from './json-depth.js';
import { lockProblem } from './lock-validation.js';
import type { ListedServer, ListedTool } from './list-tools.js';
import { CONSTRAINT_KEYWORDS, summarizeSchema, type SchemaSummary } from './schema-summary.js';

export const LOCK_VERSION = 1;

export interface LockedTool {
  readonly inputSchemaHash: string;
  readonly outputSchemaHash?: string;
  /** The tool's hints (read-only, destructive, …): policy tables rely on them. */
  readonly annotations?: Readonly<Record<string, unknown>>;
  /** One entry per property: what a review diff shows. Descriptions are left out; the hash covers them. */
  readonly properties: SchemaSummary;
}

export interface LockedServer {
  readonly transport: 'stdio' | 'http' | 'sse' | 'sdk';
  /** The server's `serverInfo`. */
  readonly server?: { readonly name: string; readonly version: string };
  /** What the client declared; a server may list other tools to a client that declares more. */
  readonly clientCapabilities: Readonly<Record<string, unknown>>;
  readonly tools: Readonly<Record<string, LockedTool>>;
}

export interface McpLock {
  readonly lockfileVersion: typeof LOCK_VERSION;
  readonly servers: Readonly<Record<string, LockedServer>>;
}

/** The lock cannot be read; the message says why and where. */
export class LockError extends Error {
  override name = 'LockError';
}

const sortedKeys = <T>(o: Readonly<Record<string, T>>): Record<string, T> =>
  Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]!]),
  );

export function lockTool(tool: ListedTool): LockedTool {
  return {
    inputSchemaHash: schemaHash(tool.inputSchema),
    ...(tool.outputSchema ? { outputSchemaHash: schemaHash(tool.outputSchema) } : {}),
    ...(tool.annotations && Object.keys(tool.annotations).length > 0
      ? { annotations: boundedValue(tool.annotations) as LockedTool['annotations'] }
      : {}),
    properties: summarizeSchema(tool.inputSchema),
  };
}

export function lockServer(
  listed: ListedServer,
  transport: LockedServer['transport'],
  clientCapabilities: Readonly<Record<string, unknown>>,
): LockedServer {
  const tools = Object.fromEntries(
    [...listed.tools]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((t) => [t.name, lockTool(t)]),
  );
  return {
    transport,
    ...(listed.serverInfo ? { server: listed.serverInfo } : {}),
    clientCapabilities,
    tools,
  };
}

// Each property summary reads best with its type first: this order, then anything else by name.
const SUMMARY_ORDER: readonly string[] = [
  'type',
  'required',
  'enum',
  ...CONSTRAINT_KEYWORDS,
  'additionalProperties',
  'default',
];
const rank = (k: string) =>
  SUMMARY_ORDER.includes(k) ? SUMMARY_ORDER.indexOf(k) : SUMMARY_ORDER.length;

function summaryLine(info: Readonly<Record<string, unknown>>): string {
  const keys = Object.keys(info).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(info[k])}`).join(',')}}`;
}

/**
 * The lock's text: two-space indents, LF, a final newline, servers, tools and properties sorted.
 * `server`, `clientCapabilities`, `annotations` and each property summary stay on one line, so a
 * review diff shows one line per changed property.
 */
export function formatLock(lock: McpLock): string {
  const lines = ['{', `  "lockfileVersion": ${lock.lockfileVersion},`];
  const servers = sortedKeys(lock.servers);
  const serverNames = Object.keys(servers);
  if (serverNames.length === 0) lines.push('  "servers": {}');
  else lines.push('  "servers": {');
  serverNames.forEach((name, si) => {
    const s = servers[name]!;
    lines.push(
      `    ${JSON.stringify(name)}: {`,
      `      "transport": ${JSON.stringify(s.transport)},`,
    );
    if (s.server) lines.push(`      "server": ${canonicalJson(s.server)},`);
    lines.push(`      "clientCapabilities": ${canonicalJson(s.clientCapabilities)},`);
    const tools = sortedKeys(s.tools);
    const toolNames = Object.keys(tools);
    lines.push(toolNames.length === 0 ? '      "tools": {}' : '      "tools": {');
    toolNames.forEach((toolName, ti) => {
      const t = tools[toolName]!;
      lines.push(
        `        ${JSON.stringify(toolName)}: {`,
        `          "inputSchemaHash": ${JSON.stringify(t.inputSchemaHash)},`,
      );
      if (t.outputSchemaHash)
        lines.push(`          "outputSchemaHash": ${JSON.stringify(t.outputSchemaHash)},`);
      if (t.annotations) lines.push(`          "annotations": ${canonicalJson(t.annotations)},`);
      const paths = Object.keys(t.properties).sort();
      if (paths.length === 0) lines.push('          "properties": {}');
      else {
        lines.push('          "properties": {');
        for (const [pi, p] of paths.entries())
          lines.push(
            `            ${JSON.stringify(p)}: ` +
              `${summaryLine(t.properties[p] as unknown as Record<string, unknown>)}` +
              `${pi < paths.length - 1 ? ',' : ''}`,
          );
        lines.push('          }');
      }
      lines.push(`        }${ti < toolNames.length - 1 ? ',' : ''}`);
    });
    if (toolNames.length > 0) lines.push('      }');
    lines.push(`    }${si < serverNames.length - 1 ? ',' : ''}`);
  });
  if (serverNames.length > 0) lines.push('  }');
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `file:line:col` of where JSON.parse stopped, from its message (`… in JSON at position 12`), or of the end. */
function syntaxErrorAt(text: string, message: string, shownPath: string): string {
  const position = /at position (\d+)/.exec(message)?.[1];
  const { line, column } = lineColumnAt(
    text,
    position === undefined ? text.length : Number(position),
  );
  return `${shownPath}:${line}:${column}`;
}

/** Reads a lock's text; anything it cannot use is a LockError that says what is wrong with it, and where. */
export function parseLock(text: string, shownPath: string): McpLock {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    throw new LockError(
      `${syntaxErrorAt(text, message, shownPath)}: the lock is not valid JSON (` +
        `${message.replace(/ in JSON at position \d+.*$/, '')}); restore it from ` +
        `version control, or write it again with tool-catalog drift --mcp --update.`,
    );
  }
  if (!isObject(data) || data.lockfileVersion !== LOCK_VERSION)
    throw new LockError(
      `${shownPath} is not an MCP tools lock of version ${LOCK_VERSION}; write ` +
        `it again with tool-catalog drift --mcp --update.`,
    );
  const problem = lockProblem(data);
  if (problem) {
    // A missing field is shown at the member that lacks it.
    let offset = jsonValueOffset(text, problem.path, problem.at);
    for (let path = problem.path; offset === undefined && path.length > 0; ) {
      path = path.slice(0, -1);
      offset = jsonValueOffset(text, path, 'key');
    }
    const { line, column } = lineColumnAt(text, offset ?? 0);
    throw new LockError(
      `${shownPath}:${line}:${column}: ${problem.message}; write it again with ` +
        `tool-catalog drift --mcp --update` +
        `${problem.server === undefined ? '' : ` ${problem.server}`}.`,
    );
  }
  return data as unknown as McpLock;
}
