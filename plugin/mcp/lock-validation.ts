// Checks a parsed MCP lock field by field against what `drift --mcp --update` writes, so that a lock
// edited by hand, merged badly or tampered with is one clear message naming the field, never a crash later.
import type { JsonPath } from '../text/json-position.js';
import { MAX_VALUE_DEPTH, nestsDeeperThan } from './json-depth.js';
import { CONSTRAINT_KEYWORDS } from './schema-summary.js';

/** What is wrong, at which key path; `at: 'key'` points at the member's name rather than its value. */
export interface LockProblem {
  readonly path: JsonPath;
  readonly at?: 'key';
  readonly message: string;
  /** The server whose entry it is, for the command that writes it again. */
  readonly server?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const HASH = /^sha256:[0-9a-f]{64}$/;
const TRANSPORTS = ['stdio', 'http', 'sse', 'sdk'];
const SERVER_FIELDS = ['transport', 'server', 'clientCapabilities', 'tools'];
const TOOL_FIELDS = ['inputSchemaHash', 'outputSchemaHash', 'annotations', 'properties'];
const SUMMARY_FIELDS = ['type', 'required', 'enum', ...CONSTRAINT_KEYWORDS, 'additionalProperties', 'default'];

/** A value as a message shows it: short, and never the whole of a large one. */
function shown(v: unknown): string {
  if (v === null || typeof v !== 'object') {
    const text = JSON.stringify(v) ?? String(v);
    return text.length > 40 ? `${text.slice(0, 39)}…` : text;
  }
  return Array.isArray(v) ? 'an array' : 'an object';
}

/** `"type" must be a string, not 5`, or `"type" is missing (it must be a string)`. */
const must = (what: string, expected: string, v: unknown) =>
  v === undefined ? `${what} is missing (it must be ${expected})` : `${what} must be ${expected}, not ${shown(v)}`;

class Found extends Error {
  constructor(readonly problem: LockProblem) {
    super(problem.message);
  }
}

/** Walks one lock; the first problem ends the walk. */
function checkLock(data: unknown): void {
  let server: string | undefined;
  const fail = (path: JsonPath, message: string, at?: 'key'): never => {
    throw new Found({ path, message, ...(at ? { at } : {}), ...(server === undefined ? {} : { server }) });
  };
  const where = (path: JsonPath) => {
    const [, name, , tool, , property] = path;
    const parts = [`server '${name}'`, tool === undefined ? '' : `tool '${tool}'`];
    if (property !== undefined) parts.push(`property '${property}'`);
    return parts.filter(Boolean).join(', ');
  };
  const object = (v: unknown, path: JsonPath, what: string, fields?: readonly string[]): Record<string, unknown> => {
    if (!isObject(v)) fail(path, must(what, 'an object', v));
    const record = v as Record<string, unknown>;
    const unknown = fields && Object.keys(record).find((k) => !fields.includes(k));
    if (unknown !== undefined)
      fail([...path, unknown], `${what} has a field "${unknown}" the lock does not have`, 'key');
    return record;
  };
  const value = (v: unknown, path: JsonPath, what: string) => {
    if (nestsDeeperThan(v, MAX_VALUE_DEPTH)) fail(path, `${what} nests deeper than ${MAX_VALUE_DEPTH} levels`);
  };
  const text = (v: unknown, path: JsonPath, what: string) => {
    if (typeof v !== 'string') fail(path, must(what, 'a string', v));
  };
  const hash = (v: unknown, path: JsonPath, what: string) => {
    if (typeof v !== 'string' || !HASH.test(v)) fail(path, must(what, '"sha256:" and 64 hex digits', v));
  };

  // The version is checked before: here it is 1.
  const root = object(data, [], 'the lock', ['lockfileVersion', 'servers']);
  const servers = object(root.servers, ['servers'], '"servers"');
  for (const [name, raw] of Object.entries(servers)) {
    server = name;
    const at = ['servers', name];
    const entry = object(raw, at, `server '${name}'`, SERVER_FIELDS);
    if (!TRANSPORTS.includes(entry.transport as string))
      fail(
        [...at, 'transport'],
        must(`server '${name}': "transport"`, `one of ${TRANSPORTS.join(', ')}`, entry.transport),
      );
    if (entry.server !== undefined) {
      const info = object(entry.server, [...at, 'server'], `server '${name}': "server"`, ['name', 'version']);
      text(info.name, [...at, 'server', 'name'], `server '${name}': "server.name"`);
      text(info.version, [...at, 'server', 'version'], `server '${name}': "server.version"`);
    }
    object(entry.clientCapabilities, [...at, 'clientCapabilities'], `server '${name}': "clientCapabilities"`);
    value(entry.clientCapabilities, [...at, 'clientCapabilities'], `server '${name}': "clientCapabilities"`);
    const tools = object(entry.tools, [...at, 'tools'], `server '${name}': "tools"`);
    for (const [toolName, rawTool] of Object.entries(tools)) {
      const toolAt = [...at, 'tools', toolName];
      const tool = object(rawTool, toolAt, where(toolAt), TOOL_FIELDS);
      hash(tool.inputSchemaHash, [...toolAt, 'inputSchemaHash'], `${where(toolAt)}: "inputSchemaHash"`);
      if (tool.outputSchemaHash !== undefined)
        hash(tool.outputSchemaHash, [...toolAt, 'outputSchemaHash'], `${where(toolAt)}: "outputSchemaHash"`);
      if (tool.annotations !== undefined) {
        object(tool.annotations, [...toolAt, 'annotations'], `${where(toolAt)}: "annotations"`);
        value(tool.annotations, [...toolAt, 'annotations'], `${where(toolAt)}: "annotations"`);
      }
      const properties = object(tool.properties, [...toolAt, 'properties'], `${where(toolAt)}: "properties"`);
      for (const [property, rawSummary] of Object.entries(properties)) {
        const p = [...toolAt, 'properties', property];
        const summary = object(rawSummary, p, where(p), SUMMARY_FIELDS);
        if (typeof summary.type !== 'string' || summary.type === '')
          fail([...p, 'type'], must(`${where(p)}: "type"`, 'a type name such as "string"', summary.type));
        if (summary.required !== undefined && summary.required !== true)
          fail([...p, 'required'], `${where(p)}: "required" is true or left out, not ${shown(summary.required)}`);
        if (summary.enum !== undefined && !Array.isArray(summary.enum))
          fail([...p, 'enum'], must(`${where(p)}: "enum"`, 'an array', summary.enum));
        if (summary.additionalProperties !== undefined && summary.additionalProperties !== false)
          fail(
            [...p, 'additionalProperties'],
            `${where(p)}: "additionalProperties" is false or left out, not ${shown(summary.additionalProperties)}`,
          );
        for (const [k, v] of Object.entries(summary)) value(v, [...p, k], `${where(p)}: "${k}"`);
      }
    }
  }
}

/** The first thing in `data` that a lock written by `drift --mcp --update` could not hold, or undefined. */
export function lockProblem(data: unknown): LockProblem | undefined {
  try {
    checkLock(data);
    return undefined;
  } catch (error) {
    if (error instanceof Found) return error.problem;
    throw error;
  }
}
