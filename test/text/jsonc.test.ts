// JSONC (comments, trailing commas) parsed with offsets, and settings added by inserting text in the
// file's own layout while every other byte stays as it was (how init edits an app's biome.jsonc).
import { describe, expect, it } from 'vitest';
import {
  addMember,
  appendToArray,
  JsoncError,
  jsoncValue,
  lineAndColumn,
  nodeAt,
  parseJsonc,
  type JsoncArray,
  type JsoncObject,
} from '../../plugin/text/jsonc';

const BIOME_JSONC = `{
  // the app's own settings
  "formatter": { "indentStyle": "space" },
  "files": {
    "includes": [
      "**",
      "!dist", /* built */
    ],
  },
}
`;

const arrayAt = (text: string, path: string[]) => nodeAt(parseJsonc(text), path) as JsoncArray;
const objectAt = (text: string, path: string[]) => nodeAt(parseJsonc(text), path) as JsoncObject;

describe('parseJsonc', () => {
  it('reads comments and trailing commas as JSON.parse would read the same data', () => {
    expect(jsoncValue(parseJsonc(BIOME_JSONC))).toEqual({
      formatter: { indentStyle: 'space' },
      files: { includes: ['**', '!dist'] },
    });
    expect(jsoncValue(parseJsonc('[1, -2.5e3, true, null, "a\\"b"]'))).toEqual([
      1,
      -2500,
      true,
      null,
      'a"b',
    ]);
  });

  it('gives each value its offsets', () => {
    const includes = arrayAt(BIOME_JSONC, ['files', 'includes']);
    expect(BIOME_JSONC.slice(includes.start, includes.end)).toMatch(
      /^\[\n {6}"\*\*",\n {6}"!dist", \/\* built \*\/\n {4}\]$/,
    );
    expect(lineAndColumn(BIOME_JSONC, includes.start)).toEqual({ line: 5, column: 17 });
  });

  it('says where it stopped on text that is not JSONC', () => {
    expect(() => parseJsonc('{ "a": 1 "b": 2 }')).toThrow(JsoncError);
    expect(() => parseJsonc('{ "a": 1 "b": 2 }')).toThrow("expected ',' or '}' at offset 9");
    expect(() => parseJsonc('{ /* open')).toThrow('an unterminated comment');
  });
});

describe('appendToArray', () => {
  it('adds one element a line in a multi-line array, keeping comments and the trailing comma', () => {
    const text = appendToArray(
      BIOME_JSONC,
      arrayAt(BIOME_JSONC, ['files', 'includes']),
      '"!src/generated/agent"',
    );
    expect(text).toBe(BIOME_JSONC.replace('"!dist",', '"!dist",\n      "!src/generated/agent",'));
    expect(jsoncValue(parseJsonc(text))).toEqual({
      formatter: { indentStyle: 'space' },
      files: { includes: ['**', '!dist', '!src/generated/agent'] },
    });
  });

  it('keeps a one-line array on one line, and fills an empty one', () => {
    expect(appendToArray('{"a": ["x"]}', arrayAt('{"a": ["x"]}', ['a']), '"y"')).toBe(
      '{"a": ["x", "y"]}',
    );
    expect(appendToArray('{"a": []}', arrayAt('{"a": []}', ['a']), '"y"')).toBe('{"a": ["y"]}');
  });
});

describe('addMember', () => {
  it('adds a member on its own line, indented like the last one (tabs too)', () => {
    const text = '{\n\t"$schema": "x",\n\t// keep me\n\t"linter": { "enabled": true }\n}\n';
    expect(addMember(text, objectAt(text, []), 'files', '{ "includes": ["**"] }')).toBe(
      '{\n\t"$schema": "x",\n\t// keep me\n\t"linter": { "enabled": true },\n\t"files": { "includes": ["**"] }\n}\n',
    );
  });

  it('adds to one-line and empty objects', () => {
    expect(addMember('{ "a": 1 }', objectAt('{ "a": 1 }', []), 'b', '2')).toBe(
      '{ "a": 1, "b": 2 }',
    );
    expect(addMember('{}', objectAt('{}', []), 'b', '2')).toBe('{ "b": 2 }');
  });
});
