// The pure pieces of the locale renderer: reading nested or dotted files alike, nesting keys in order,
// finding nesting conflicts, and locating keys in JSON text for diagnostics.
import { describe, expect, it } from 'vitest';
import {
  flattenTranslations,
  jsonKeyPositions,
  localeDocument,
  nestingConflicts,
  writeLocaleJson,
} from '../../plugin/render/renderers/i18n-entries';

describe('i18n entries', () => {
  it('reads nested objects and dotted keys as the same keys, ignoring non-strings', () => {
    const flat = flattenTranslations({
      a: { b: { label: 'x' }, n: 3 },
      'a.c.label': 'y',
      list: ['z'],
    });
    expect([...flat]).toEqual([
      ['a.b.label', 'x'],
      ['a.c.label', 'y'],
    ]);
  });

  it('nests keys in insertion order and stores __proto__ as data', () => {
    const nested = writeLocaleJson(
      localeDocument(['a.z.label', 'a.b.label', 'a.__proto__.label'], 'nested')!,
      ['1', '2', '3'],
    );
    expect(JSON.stringify(JSON.parse(nested))).toBe(
      '{"a":{"z":{"label":"1"},"b":{"label":"2"},"__proto__":{"label":"3"}}}',
    );
    expect(Object.keys(JSON.parse(nested).a)).toEqual(['z', 'b', '__proto__']);
  });

  it('finds keys that are ancestors of other keys', () => {
    expect(nestingConflicts(['a.b', 'a.b.label', 'a.c.label', 'a'])).toEqual([
      ['a', 'a.b'],
      ['a', 'a.b.label'],
      ['a.b', 'a.b.label'],
      ['a', 'a.c.label'],
    ]);
  });

  it('locates every key of a JSON document by dotted path', () => {
    const text =
      '{\n  "agent": {\n    "tools": {\n      "B\\"x": { "label": "a:b, {c}" },\n      "list": [{ "k": 1 }, "s"],\n      "Next": {}\n    }\n  }\n}\n';
    const positions = jsonKeyPositions(text);
    expect(positions.get('agent')).toEqual({ line: 2, column: 3 });
    expect(positions.get('agent.tools')).toEqual({ line: 3, column: 5 });
    expect(positions.get('agent.tools.B"x')).toEqual({ line: 4, column: 7 });
    expect(positions.get('agent.tools.B"x.label')).toEqual({ line: 4, column: 17 });
    expect(positions.get('agent.tools.Next')).toEqual({ line: 6, column: 7 });
    expect(positions.has('agent.tools.B"x.label.a')).toBe(false);
  });
});
