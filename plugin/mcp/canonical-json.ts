// Canonical JSON and the hashes the MCP lock records: one text per JSON value whatever its key
// order or spacing, so a hash changes only when what a model sees of a tool's schema changes.
import { createHash } from 'node:crypto';

/** An own, enumerable property, even when the key is `__proto__` (an assignment would set the prototype instead). */
function define(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * JSON with object keys sorted by UTF-16 code units (the order of RFC 8785), no whitespace, arrays
 * in their order, numbers and strings as `JSON.stringify` writes them. Keys whose value is undefined
 * are dropped and non-finite numbers are `null`, as `JSON.stringify` writes them. A BigInt, a
 * function or a cycle is not JSON and throws: tool schemas arrive as parsed JSON, so none can hold
 * one. Written without recursion, so any depth a JSON parser accepts can be hashed.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const open = new Set<object>();
  /** One open array or object: its keys (objects only) and the next member to write. */
  const stack: { readonly node: object; readonly keys?: readonly string[]; index: number }[] = [];
  const write = (v: unknown): void => {
    if (v === null) {
      out.push('null');
      return;
    }
    switch (typeof v) {
      case 'string':
      case 'boolean':
        out.push(JSON.stringify(v));
        return;
      case 'number':
        // `null` for a non-finite number, as JSON.stringify writes it: a server's 1e400 parses as Infinity.
        out.push(JSON.stringify(v));
        return;
      case 'object': {
        if (open.has(v)) throw new TypeError('canonicalJson: the value refers to itself');
        open.add(v);
        if (Array.isArray(v)) {
          out.push('[');
          stack.push({ node: v, index: 0 });
        } else {
          const record = v as Record<string, unknown>;
          out.push('{');
          stack.push({
            node: v,
            keys: Object.keys(record)
              .filter((k) => record[k] !== undefined)
              .sort(),
            index: 0,
          });
        }
        return;
      }
      default:
        throw new TypeError(`canonicalJson: a ${typeof v} is not JSON`);
    }
  };
  write(value);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const size = frame.keys ? frame.keys.length : (frame.node as unknown[]).length;
    if (frame.index === size) {
      out.push(frame.keys ? '}' : ']');
      stack.pop();
      open.delete(frame.node);
      continue;
    }
    const i = frame.index++;
    if (i > 0) out.push(',');
    if (frame.keys) {
      const key = frame.keys[i]!;
      out.push(`${JSON.stringify(key)}:`);
      write((frame.node as Record<string, unknown>)[key]);
    } else {
      const item = (frame.node as unknown[])[i];
      write(item === undefined ? null : item);
    }
  }
  return out.join('');
}

/** `sha256:<hex>` of a text, as the lock writes hashes. */
export const sha256 = (text: string) =>
  `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;

/** Keywords whose value is a set of names: their order carries no meaning. */
const SET_KEYWORDS = new Set(['required']);
/** Keywords holding a map of subschemas, one subschema, or a list of subschemas. */
const MAP_KEYWORDS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);
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

/** Names in code-unit order; anything else a server put in a set (not valid, but possible) by its canonical text. */
function bySetOrder(a: unknown, b: unknown): number {
  const x = typeof a === 'string' ? a : canonicalJson(a);
  const y = typeof b === 'string' ? b : canonicalJson(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * A JSON schema with `required` sorted and without repeats, in every subschema; nothing else
 * changes. Only keyword positions are walked, so a property that is named `required` is left alone,
 * and `enum` keeps its order on purpose (a reordered enum is a change a reviewer may want to see).
 * Written without recursion: a schema nested thousands of levels deep is normalized like any other.
 */
export function normalizeSchema(schema: unknown): unknown {
  const root = { value: undefined as unknown };
  // Each entry: a subschema still to normalize, and the slot its copy goes into.
  const work: [source: unknown, target: object, key: string | number][] = [[schema, root, 'value']];
  const later = (source: unknown, target: object, key: string | number) => {
    define(target, key, undefined); // keeps the keys in their order
    work.push([source, target, key]);
  };
  while (work.length > 0) {
    const [s, target, slot] = work.pop()!;
    if (Array.isArray(s)) {
      const copy: unknown[] = new Array(s.length);
      define(target, slot, copy);
      for (const [i, x] of s.entries()) later(x, copy, i);
      continue;
    }
    if (s === null || typeof s !== 'object') {
      define(target, slot, s);
      continue;
    }
    const out: Record<string, unknown> = {};
    define(target, slot, out);
    for (const [k, v] of Object.entries(s)) {
      if (SET_KEYWORDS.has(k) && Array.isArray(v)) define(out, k, [...new Set(v)].sort(bySetOrder));
      else if (MAP_KEYWORDS.has(k) && v !== null && typeof v === 'object' && !Array.isArray(v)) {
        const map: Record<string, unknown> = {};
        define(out, k, map);
        for (const [name, sub] of Object.entries(v)) later(sub, map, name);
      } else if (ONE_KEYWORDS.has(k)) later(v, out, k);
      else if (LIST_KEYWORDS.has(k) && Array.isArray(v)) {
        const list: unknown[] = new Array(v.length);
        define(out, k, list);
        for (const [i, x] of v.entries()) later(x, list, i);
      } else define(out, k, v);
    }
  }
  return root.value;
}

/** The hash of everything a model sees of a schema (descriptions included); the order of `required` does not count. */
export const schemaHash = (schema: unknown) => sha256(canonicalJson(normalizeSchema(schema ?? {})));
