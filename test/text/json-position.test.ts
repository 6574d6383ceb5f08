// Where a value sits in a JSON text: the offset of any key path, the last of a repeated key (as
// JSON.parse keeps), the key itself when asked, and a value a hundred thousand levels deep.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonValueOffset, lineColumnAt, type JsonPath } from '../../plugin/text/json-position';

/** Every path of a value, with the value there. */
function paths(value: unknown, at: (string | number)[] = []): [JsonPath, unknown][] {
  const here: [JsonPath, unknown][] = [[at, value]];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => paths(v, [...at, i]))];
  if (value !== null && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...at, k]))];
  return here;
}

describe('jsonValueOffset', () => {
  it('finds where every value of a JSON text starts', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const text = JSON.stringify(value);
        for (const [path, expected] of paths(JSON.parse(text)))
          expect(text.slice(jsonValueOffset(text, path))).toMatch(
            new RegExp(`^${escapeRegExp(JSON.stringify(expected))}`),
          );
      }),
      { numRuns: 300 },
    );
    const pretty = JSON.stringify({ a: [1, { b: 'x' }] }, null, 2);
    expect(lineColumnAt(pretty, jsonValueOffset(pretty, ['a', 1, 'b'])!)).toEqual({
      line: 5,
      column: 12,
    });
  });

  it('takes the last of a repeated key, points at a key when asked, and says undefined for a path not there', () => {
    const text = '{"a": 1, "b": {"c": [10, {"d": "x"}]}, "a": 2}';
    expect(text.slice(jsonValueOffset(text, ['a'])!)).toMatch(/^2}/);
    expect(text.slice(jsonValueOffset(text, ['b', 'c', 1, 'd'])!)).toMatch(/^"x"/);
    expect(text.slice(jsonValueOffset(text, ['b', 'c'], 'key')!)).toMatch(/^"c"/);
    expect(jsonValueOffset(text, ['b', 'e'])).toBeUndefined();
    expect(lineColumnAt('ab\ncd\nef', 7)).toEqual({ line: 3, column: 2 });
  });

  it('finds a value a hundred thousand levels deep', () => {
    const depth = 100_000;
    const text = `${'['.repeat(depth)}"here"${']'.repeat(depth)}`;
    expect(
      jsonValueOffset(
        text,
        Array.from({ length: depth }, () => 0),
      ),
    ).toBe(depth);
  });
});

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
