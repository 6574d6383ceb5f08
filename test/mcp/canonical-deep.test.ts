// Canonical JSON and schema normalization, written without recursion: the same text as the plain
// recursive definition for any JSON value, any depth a parser accepts (100,000 levels), and summaries
// that stop — at their depth limit and at their visit budget — however a schema is shaped.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, normalizeSchema, schemaHash } from '../../plugin/mcp/canonical-json';
import { MORE_PATH, summarizeSchema } from '../../plugin/mcp/schema-summary';

/** The definition, recursively: keys sorted, `undefined` members dropped, array holes `null`. */
function reference(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v))
    return `[${v.map((x) => (x === undefined ? 'null' : reference(x))).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${reference(o[k])}`)
    .join(',')}}`;
}

const KEYWORDS = [
  'properties',
  'items',
  'anyOf',
  'required',
  'type',
  'enum',
  'not',
  '$defs',
  'x',
  '__proto__',
];
/** Schema-like values: objects keyed by keywords (and a few other names), arrays, scalars. */
const schema = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 1 }),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYWORDS), tie('node'), { maxKeys: 4 }),
    fc.array(fc.constantFrom('b', 'a', 'c', 'a')).map((required) => ({ required })),
  ),
})).node;

describe('canonical JSON without recursion', () => {
  it('writes what the recursive definition writes, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(canonicalJson(v)).toBe(reference(v));
      }),
      { numRuns: 1000 },
    );
  });

  it('normalizes a schema as the recursive walk does: `required` sorted and unique at keyword positions only', () => {
    const walk = (s: unknown): unknown => {
      if (Array.isArray(s)) return s.map(walk);
      if (s === null || typeof s !== 'object') return s;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s)) {
        const value =
          k === 'required' && Array.isArray(v)
            ? [...new Set(v)].sort((a, b) => {
                const [x, y] = [a, b].map((e) => (typeof e === 'string' ? e : reference(e)));
                return x! < y! ? -1 : x! > y! ? 1 : 0;
              })
            : (k === 'properties' || k === '$defs') &&
                v !== null &&
                typeof v === 'object' &&
                !Array.isArray(v)
              ? Object.fromEntries(Object.entries(v).map(([n, sub]) => [n, walk(sub)]))
              : k === 'items' || k === 'not'
                ? walk(v)
                : k === 'anyOf' && Array.isArray(v)
                  ? v.map(walk)
                  : v;
        Object.defineProperty(out, k, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    };
    fc.assert(
      fc.property(schema, (s) => {
        expect(reference(normalizeSchema(s))).toBe(reference(walk(s)));
      }),
      { numRuns: 1000 },
    );
  });

  it('hashes a value 100,000 levels deep, and a change at the bottom changes the hash', () => {
    const deep = (leaf: unknown) =>
      JSON.parse(`${'{"items":'.repeat(100_000)}${JSON.stringify(leaf)}${'}'.repeat(100_000)}`);
    expect(schemaHash(deep({ type: 'string' }))).not.toBe(schemaHash(deep({ type: 'number' })));
    expect(canonicalJson(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toHaveLength(
      200_000,
    );
  });
});

describe('summaries of schemas shaped to explode', () => {
  it('stop at the visit budget when shared $refs multiply the paths, and say so', () => {
    // Each level's two properties point at the next level: 2^25 paths within the depth limit.
    const $defs = Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => [
        `l${i}`,
        {
          type: 'object',
          properties: { a: { $ref: `#/$defs/l${i + 1}` }, b: { $ref: `#/$defs/l${i + 1}` } },
        },
      ]),
    );
    const summary = summarizeSchema({
      type: 'object',
      $defs,
      properties: { root: { $ref: '#/$defs/l0' } },
    });
    expect(summary[MORE_PATH]).toEqual({
      type: 'more than 20000 subschemas; the hash covers the rest',
    });
    expect(Object.keys(summary).length).toBeLessThanOrEqual(20_002);
  });

  it('stop at the depth limit for items nested thousands deep', () => {
    const items = JSON.parse(
      `${'{"type":"array","items":'.repeat(3000)}{"type":"string"}${'}'.repeat(3000)}`,
    );
    const summary = summarizeSchema({ type: 'object', properties: { x: items } });
    expect(summary.x!.type).toBe(`${'array<'.repeat(21)}…${'>'.repeat(21)}`);
  });
});
