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

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const HASH = /^sha256:[0-9a-f]{64}$/;
const TRANSPORTS = ['stdio', 'http', 'sse', 'sdk'];
const SERVER_FIELDS = ['transport', 'server', 'clientCapabilities', 'tools'];
const TOOL_FIELDS = ['inputSchemaHash', 'outputSchemaHash', 'annotations', 'properties'];
const SUMMARY_FIELDS = [
  'type',
  'required',
  'enum',
  ...CONSTRAINT_KEYWORDS,
  'additionalProperties',
  'default',
];

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
  v === undefined
    ? `${what} is missing (it must be ${expected})`
    : `${what} must be ${expected}, not ${shown(v)}`;

class Found extends Error {
  constructor(readonly problem: LockProblem) {
    super(problem.message);
  }
}

/** What a key path names, for a message: `server 'docs', tool 'search', property 'q': "type"`. */
function label(path: JsonPath): string {
  if (path.length === 0) return 'the lock';
  if (path.length === 1) return `"${path[0]}"`;
  const [, server, second, tool, fourth, property, ...rest] = path.map(String);
  const field = (parts: readonly string[]) => (parts.length > 0 ? `: "${parts.join('.')}"` : '');
  if (second !== 'tools' || tool === undefined)
    return `server '${server}'${field(path.slice(2).map(String))}`;
  if (fourth !== 'properties' || property === undefined)
    return `server '${server}', tool '${tool}'${field(path.slice(4).map(String))}`;
  return `server '${server}', tool '${tool}', property '${property}'${field(rest)}`;
}

/** Walks one lock; the first problem ends the walk. Paths and messages are only built for it. */
function checkLock(data: unknown): void {
  let server: string | undefined;
  const fail = (path: JsonPath, message: string, at?: 'key'): never => {
    throw new Found({
      path,
      message,
      ...(at ? { at } : {}),
      ...(server === undefined ? {} : { server }),
    });
  };
  const object = (
    v: unknown,
    path: () => JsonPath,
    fields?: readonly string[],
  ): Record<string, unknown> => {
    if (!isObject(v)) fail(path(), must(label(path()), 'an object', v));
    const record = v as Record<string, unknown>;
    if (fields)
      for (const k in record)
        if (!fields.includes(k))
          fail([...path(), k], `${label(path())} has a field "${k}" the lock does not have`, 'key');
    return record;
  };
  const shallow = (v: unknown, path: () => JsonPath) => {
    if (nestsDeeperThan(v, MAX_VALUE_DEPTH))
      fail(path(), `${label(path())} nests deeper than ${MAX_VALUE_DEPTH} levels`);
  };
  const text = (v: unknown, path: () => JsonPath) => {
    if (typeof v !== 'string') fail(path(), must(label(path()), 'a string', v));
  };
  const hash = (v: unknown, path: () => JsonPath) => {
    if (typeof v !== 'string' || !HASH.test(v))
      fail(path(), must(label(path()), '"sha256:" and 64 hex digits', v));
  };

  // The version is checked before: here it is 1.
  const root = object(data, () => [], ['lockfileVersion', 'servers']);
  const servers = object(root.servers, () => ['servers']);
  for (const [name, raw] of Object.entries(servers)) {
    server = name;
    const at = (...rest: (string | number)[]) => ['servers', name, ...rest];
    const entry = object(raw, () => at(), SERVER_FIELDS);
    if (!TRANSPORTS.includes(entry.transport as string))
      fail(
        at('transport'),
        must(label(at('transport')), `one of ${TRANSPORTS.join(', ')}`, entry.transport),
      );
    if (entry.server !== undefined) {
      const info = object(entry.server, () => at('server'), ['name', 'version']);
      text(info.name, () => at('server', 'name'));
      text(info.version, () => at('server', 'version'));
    }
    object(entry.clientCapabilities, () => at('clientCapabilities'));
    shallow(entry.clientCapabilities, () => at('clientCapabilities'));
    const tools = object(entry.tools, () => at('tools'));
    for (const [toolName, rawTool] of Object.entries(tools)) {
      const t = (...rest: (string | number)[]) => at('tools', toolName, ...rest);
      const tool = object(rawTool, () => t(), TOOL_FIELDS);
      hash(tool.inputSchemaHash, () => t('inputSchemaHash'));
      if (tool.outputSchemaHash !== undefined)
        hash(tool.outputSchemaHash, () => t('outputSchemaHash'));
      if (tool.annotations !== undefined) {
        object(tool.annotations, () => t('annotations'));
        shallow(tool.annotations, () => t('annotations'));
      }
      const properties = object(tool.properties, () => t('properties'));
      for (const [property, rawSummary] of Object.entries(properties)) {
        const p = (...rest: (string | number)[]) => t('properties', property, ...rest);
        const summary = object(rawSummary, () => p(), SUMMARY_FIELDS);
        if (typeof summary.type !== 'string' || summary.type === '')
          fail(p('type'), must(label(p('type')), 'a type name such as "string"', summary.type));
        if (summary.required !== undefined && summary.required !== true)
          fail(
            p('required'),
            `${label(p('required'))} is true or left out, not ${shown(summary.required)}`,
          );
        if (summary.enum !== undefined && !Array.isArray(summary.enum))
          fail(p('enum'), must(label(p('enum')), 'an array', summary.enum));
        if (summary.additionalProperties !== undefined && summary.additionalProperties !== false)
          fail(
            p('additionalProperties'),
            `${label(p('additionalProperties'))} is false or left out, not ${shown(summary.additionalProperties)}`,
          );
        for (const k in summary)
          if (typeof summary[k] === 'object') shallow(summary[k], () => p(k));
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
