// Canonical JSON and the hashes the MCP lock records: one text per JSON value whatever its key
// order or spacing, so a hash changes only when what a model sees of a tool's schema changes.
import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted by UTF-16 code units (the order of RFC 8785), no whitespace, arrays
 * in their order, numbers and strings as `JSON.stringify` writes them. Keys whose value is undefined
 * are dropped, as `JSON.stringify` drops them. A non-finite number, a BigInt or a cycle is not JSON
 * and throws: tool schemas arrive as parsed JSON, so none can hold one.
 */
export function canonicalJson(value: unknown): string {
  const open = new Set<object>();
  const write = (v: unknown): string => {
    if (v === null) return 'null';
    switch (typeof v) {
      case 'string':
      case 'boolean':
        return JSON.stringify(v);
      case 'number':
        if (!Number.isFinite(v)) throw new TypeError(`canonicalJson: ${v} is not a JSON number`);
        return JSON.stringify(v);
      case 'object': {
        if (open.has(v)) throw new TypeError('canonicalJson: the value refers to itself');
        open.add(v);
        const text = Array.isArray(v)
          ? `[${v.map((x) => (x === undefined ? 'null' : write(x))).join(',')}]`
          : `{${Object.keys(v)
              .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
              .sort()
              .map((k) => `${JSON.stringify(k)}:${write((v as Record<string, unknown>)[k])}`)
              .join(',')}}`;
        open.delete(v);
        return text;
      }
      default:
        throw new TypeError(`canonicalJson: a ${typeof v} is not JSON`);
    }
  };
  return write(value);
}

/** `sha256:<hex>` of a text, as the lock writes hashes. */
const sha256 = (text: string) => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;

/** Keywords whose value is a set of names: their order carries no meaning. */
const SET_KEYWORDS = new Set(['required']);
/** Keywords holding a map of subschemas, one subschema, or a list of subschemas. */
const MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const ONE_KEYWORDS = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
]);
const LIST_KEYWORDS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);

/**
 * A JSON schema with `required` sorted and without repeats, in every subschema; nothing else
 * changes. Only keyword positions are walked, so a property that is named `required` is left alone,
 * and `enum` keeps its order on purpose (a reordered enum is a change a reviewer may want to see).
 */
function normalizeSchema(schema: unknown): unknown {
  const walk = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(walk);
    if (s === null || typeof s !== 'object') return s;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s)) {
      if (SET_KEYWORDS.has(k) && Array.isArray(v)) out[k] = [...new Set(v)].sort();
      else if (MAP_KEYWORDS.has(k) && v !== null && typeof v === 'object' && !Array.isArray(v))
        out[k] = Object.fromEntries(Object.entries(v).map(([name, sub]) => [name, walk(sub)]));
      else if (ONE_KEYWORDS.has(k)) out[k] = walk(v);
      else if (LIST_KEYWORDS.has(k) && Array.isArray(v)) out[k] = v.map(walk);
      else out[k] = v;
    }
    return out;
  };
  return walk(schema);
}

/** The hash of everything a model sees of a schema (descriptions included); the order of `required` does not count. */
export const schemaHash = (schema: unknown) => sha256(canonicalJson(normalizeSchema(schema ?? {})));
