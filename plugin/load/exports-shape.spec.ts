import { describe, expect, it } from 'vitest';
import { MARK } from '../language/plain-data.js';
import { exportsList, isPlainData } from './exports-shape.js';

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

describe('exportsList', () => {
  it('takes exactly `count` plain objects', () => {
    expect(exportsList([{ a: 1 }, { b: 2 }], 2)).toEqual([{ a: 1 }, { b: 2 }]);
    expect(exportsList([{ a: 1 }], 2)).toBeUndefined();
    expect(exportsList([[1]], 1)).toBeUndefined();
    expect(exportsList([{ a: Number.NaN }], 1)).toBeUndefined();
  });
});
