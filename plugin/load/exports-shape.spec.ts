import { describe, expect, it } from 'vitest';
import { MARK } from '../language/plain-data.js';
import { entryExports, isPlainData } from './exports-shape.js';

/** `levels` arrays, one inside the other, around a string. */
const nested = (levels: number): unknown => {
  let value: unknown = 'core';
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

describe('isPlainData', () => {
  it('accepts JSON data, including a key named __proto__ as JSON.parse makes it', () => {
    expect(isPlainData({ a: [1, 'x', true, null, { b: -0.5 }] })).toBe(true);
    expect(isPlainData(JSON.parse('{"__proto__": {"x": [1]}, "y": 2}'))).toBe(true);
  });

  it('refuses what JSON cannot hold', () => {
    expect(isPlainData({ a: Number.POSITIVE_INFINITY })).toBe(false);
    expect(isPlainData({ a: [Number.NaN] })).toBe(false);
    expect(isPlainData({ a: undefined })).toBe(false);
    expect(isPlainData({ a: () => 1 })).toBe(false);
  });

  it('refuses a mark without the fields the loader reads', () => {
    expect(isPlainData({ c: { [MARK]: 'catalog', id: 'c' } })).toBe(true);
    expect(isPlainData({ c: { [MARK]: 'catalog' } })).toBe(false);
    expect(isPlainData([{ [MARK]: 'tool-set', id: 't', catalog: { [MARK]: 'catalog' } }])).toBe(
      false,
    );
  });

  it('stops at 256 levels, however deep the value goes', () => {
    expect(isPlainData(nested(256))).toBe(true);
    expect(isPlainData(nested(258))).toBe(false);
    expect(isPlainData(nested(100_000))).toBe(false);
  });
});

describe('entryExports', () => {
  const none = () => undefined;
  it('takes exactly `count` entries of plain data', () => {
    const data = (d: unknown) => ({ data: d });
    expect(entryExports([data({ a: 1 }), data({ b: 2 })], 2, none)?.map((e) => e.exports)).toEqual([
      { a: 1 },
      { b: 2 },
    ]);
    expect(entryExports([data({ a: 1 })], 2, none)).toBeUndefined();
    expect(entryExports([data([1])], 1, none)).toBeUndefined();
    expect(entryExports([{ a: 1 }], 1, none)).toBeUndefined();
    expect(entryExports([data({ a: Number.NaN })], 1, none)).toBeUndefined();
    expect(entryExports([{ data: { a: 1 }, token: 7 }], 1, none)).toBeUndefined();
  });
  it('gives the held exports for a token the generator holds, and refuses any other', () => {
    const held = { a: 1 };
    const holds = (i: number, token: string) => (i === 0 && token === 't1' ? held : undefined);
    const [same] = entryExports([{ same: 't1' }], 1, holds)!;
    expect(same).toEqual({ exports: held, token: 't1', sent: false });
    expect(same!.exports).toBe(held);
    expect(entryExports([{ same: 't2' }], 1, holds)).toBeUndefined();
    expect(entryExports([{ data: { b: 2 }, token: 't3' }], 1, holds)).toEqual([
      { exports: { b: 2 }, token: 't3', sent: true },
    ]);
  });
});
