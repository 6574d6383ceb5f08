// Canonical JSON and schema hashes (one text whatever the key order), per-property summaries
// (nested objects, arrays, unions, $ref), and the field-level changes drift reports between two.
import { describe, expect, it } from 'vitest';
import { canonicalJson, schemaHash } from '../../plugin/mcp/canonical-json';
import { summarizeSchema } from '../../plugin/mcp/schema-summary';
import { describeChange, schemaChanges } from '../../plugin/drift/schema-changes';

const object = (
  properties: Record<string, unknown>,
  required: string[] = [],
  extra: Record<string, unknown> = {},
) => ({
  type: 'object',
  properties,
  required,
  ...extra,
});
const changes = (before: unknown, after: unknown) =>
  schemaChanges(summarizeSchema(before), summarizeSchema(after)).map(
    (c) => `${c.severity} ${describeChange(c)}`,
  );

describe('canonical JSON and schema hashes', () => {
  it('writes one text whatever the key order or spacing', () => {
    expect(canonicalJson({ b: 1e21, a: [null, 1.5, { y: 'é', x: -0 }], skipped: undefined })).toBe(
      '{"a":[null,1.5,{"x":0,"y":"é"}],"b":1e+21}',
    );
    expect(schemaHash(JSON.parse('{ "type": "object", "properties": { "b": {}, "a": {} } }'))).toBe(
      schemaHash({ properties: { a: {}, b: {} }, type: 'object' }),
    );
  });

  it("ignores the order of 'required' but not of an enum, and counts descriptions", () => {
    const base = object({ a: { type: 'string', enum: ['x', 'y'] }, b: { type: 'string' } }, [
      'a',
      'b',
    ]);
    expect(schemaHash({ ...base, required: ['b', 'a', 'a'] })).toBe(schemaHash(base));
    expect(
      schemaHash(
        object({ a: { type: 'string', enum: ['y', 'x'] }, b: { type: 'string' } }, ['a', 'b']),
      ),
    ).not.toBe(schemaHash(base));
    expect(
      schemaHash(
        object(
          {
            a: { type: 'string', enum: ['x', 'y'], description: 'now described' },
            b: { type: 'string' },
          },
          ['a', 'b'],
        ),
      ),
    ).not.toBe(schemaHash(base));
  });

  it('writes a number JSON cannot hold as JSON.stringify does, and refuses what is not JSON', () => {
    // A server's 1e400 parses as Infinity: it hashes as the null JSON.stringify writes, never a crash.
    expect(canonicalJson(JSON.parse('{"max":1e400,"min":-1e400}'))).toBe('{"max":null,"min":null}');
    expect(canonicalJson({ n: Number.NaN })).toBe(JSON.stringify({ n: Number.NaN }));
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow('refers to itself');
    expect(() => canonicalJson({ n: 1n })).toThrow('a bigint is not JSON');
  });
});

describe('property summaries', () => {
  it('flattens nested objects, array items, unions of objects and local $refs', () => {
    const schema = {
      type: 'object',
      required: ['filters'],
      additionalProperties: false,
      properties: {
        filters: {
          type: 'object',
          required: ['tag'],
          properties: { tag: { type: 'string' }, since: { type: 'string', format: 'date-time' } },
        },
        rows: { type: 'array', items: { $ref: '#/$defs/row' } },
        mode: { anyOf: [{ const: 'fast' }, { const: 'deep' }] },
        target: {
          oneOf: [
            { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } },
            { type: 'null' },
          ],
        },
        size: { type: ['integer', 'number'], default: 10 },
      },
      $defs: { row: { type: 'object', properties: { id: { type: 'string' } } } },
    };
    expect(summarizeSchema(schema)).toEqual({
      '(root)': { type: 'object', additionalProperties: false },
      filters: { type: 'object', required: true },
      'filters.since': { type: 'string', format: 'date-time' },
      'filters.tag': { type: 'string', required: true },
      mode: { type: 'string', enum: ['fast', 'deep'] },
      rows: { type: 'array<object>' },
      'rows[].id': { type: 'string' },
      size: { type: 'number', default: 10 },
      target: { type: 'null|object' },
      'target|0.id': { type: 'integer', minimum: 1 },
    });
  });

  it('stops at a recursive $ref', () => {
    const tree = {
      type: 'object',
      properties: { root: { $ref: '#/$defs/node' } },
      $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } },
    };
    expect(summarizeSchema(tree)).toEqual({
      root: { type: 'object' },
      'root.child': { type: 'ref:#/$defs/node' },
    });
  });
});

describe('field-level schema changes', () => {
  it('an added required property, a removed one, and an added optional one', () => {
    expect(
      changes(
        object({ a: { type: 'string' }, gone: { type: 'boolean' } }, ['a']),
        object({ a: { type: 'string' }, must: { type: 'integer' }, may: { type: 'string' } }, [
          'a',
          'must',
        ]),
      ),
    ).toEqual([
      'breaking gone: removed (was optional boolean)',
      'compatible may: added (optional string)',
      'breaking must: added (required integer)',
    ]);
  });

  it('type changes, widening or not, and required becoming optional or the reverse', () => {
    expect(
      changes(
        object({ a: { type: 'integer' }, b: { type: 'string' }, c: { type: 'string' } }, ['a']),
        object({ a: { type: 'number' }, b: { type: 'boolean' }, c: { type: ['string', 'null'] } }, [
          'b',
        ]),
      ),
    ).toEqual([
      'compatible a: type integer → number',
      'compatible a: now optional (was required)',
      'breaking b: type string → boolean',
      'breaking b: now required (was optional)',
      'compatible c: type string → null|string',
    ]);
  });

  it('enum values added, removed, reordered, introduced and dropped', () => {
    const before = object({
      kind: { enum: ['a', 'b'] },
      order: { enum: ['x', 'y'] },
      open: { type: 'string', enum: ['p'] },
      free: { type: 'string' },
    });
    const after = object({
      kind: { enum: ['a', 'c'] },
      order: { enum: ['y', 'x'] },
      open: { type: 'string' },
      free: { type: 'string', enum: ['q'] },
    });
    expect(changes(before, after)).toEqual([
      'breaking free: now limited to "q"',
      'compatible kind: enum gains "c"',
      'breaking kind: enum loses "b"',
      'compatible open: no longer limited to "p"',
      'info order: enum reordered ("x", "y" → "y", "x")',
    ]);
  });

  it('names nested paths, and does not repeat the children of an added or removed object', () => {
    const before = object({
      options: object({ level: { type: 'integer', maximum: 9 }, mtime: { type: 'string' } }),
      old: object({ x: { type: 'string' } }),
    });
    const after = object({
      options: object({ level: { type: 'integer', maximum: 6 }, strategy: { type: 'string' } }, [
        'strategy',
      ]),
      files: { type: 'array', items: object({ path: { type: 'string' } }) },
    });
    expect(changes(before, after)).toEqual([
      'compatible files: added (optional array<object>)',
      'breaking old: removed (was optional object)',
      'breaking options.level: maximum 9 → 6',
      'breaking options.mtime: removed (was optional string)',
      'breaking options.strategy: added (required string)',
    ]);
  });

  it('defaults and a closed root, and nothing for the same schema written differently', () => {
    expect(
      changes(
        object({ n: { type: 'number', default: 1 } }),
        object({ n: { type: 'number', default: 2 } }, [], { additionalProperties: false }),
      ),
    ).toEqual([
      'breaking (root): no longer accepts properties it does not list',
      'info n: default 1 → 2',
    ]);
    expect(
      changes(object({ a: { type: 'string' }, b: { type: 'string' } }, ['a', 'b']), {
        required: ['b', 'a'],
        properties: { b: { type: 'string' }, a: { type: 'string' } },
        type: 'object',
      }),
    ).toEqual([]);
  });
});
