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
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(0, 2), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        for (const [path, expected] of paths(JSON.parse(text))) {
          const offset = jsonValueOffset(text, path);
          expect(offset).toBeDefined();
          // The text from there parses (as a prefix) to the value at that path.
          const rest = text.slice(offset);
          const serialized = JSON.stringify(expected);
          expect(JSON.stringify(JSON.parse(rest.slice(0, findEnd(rest))))).toBe(serialized);
        }
      }),
      { numRuns: 300 },
    );
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

/** Length of the JSON value at the start of `text`. */
function findEnd(text: string): number {
  for (let end = 1; end <= text.length; end++) {
    try {
      JSON.parse(text.slice(0, end));
      if (!/^[\d.eE+-]$/.test(text[end] ?? '')) return end;
    } catch {
      // Not a whole value yet.
    }
  }
  return text.length;
}
