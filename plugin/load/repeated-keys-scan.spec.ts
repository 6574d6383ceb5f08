import { describe, expect, it } from 'vitest';
import { mayRepeatKeys } from './repeated-keys-scan';

describe('the scan for a key written twice', () => {
  it.each([
    ['two equal names', 'export default { a: 1, a: 2 };'],
    ['a name and a string', "export default { a: 1, 'a': 2 };"],
    ['two spellings of one number', 'export default { 1: 1, 1.0: 2 };'],
    ['shorthand', 'const a = 1;\nexport default { a, b: 2, a };'],
    ['a getter beside a value', 'export default { get a() { return 1; }, a: 2 };'],
    ['nested', 'export default { t: { kind: 1, label: "x", kind: 2 } };'],
    ['after a comment holding braces', 'export default { a: 1, /* } { */ a: 2 };'],
    ['after a string holding braces', 'export default { s: "}{,", s: 2 };'],
    ['a regular expression', 'export default { a: /x/ };'],
    ['a template with a substitution', 'const x = 1;\nexport default { a: `${x}` };'],
    ['an escape in a name', 'export default { \\u0061: 1 };'],
    ['an escape in a string', "export default { 'a\\u0061': 1 };"],
  ])('says it may, for %s', (_, text) => {
    expect(mayRepeatKeys(text, false)).toBe(true);
  });

  it.each([
    ['distinct keys', 'export default { a: 1, b: 2 };'],
    [
      'the same keys in sibling objects',
      'export default { Read: { kind: "sdk", label: "Read" }, Write: { kind: "sdk", label: "Write" } };',
    ],
    ['a name in a value', 'const a = 1;\nexport default { a: a, b: [a, a], c: f(a, a) };'],
    ['a plain template', 'export default { a: `one`, b: `two` };'],
    ['types', 'type T = { a: string; b: number };\nexport const x: T = { a: "", b: 1 };'],
  ])('says it cannot, for %s', (_, text) => {
    expect(mayRepeatKeys(text, false)).toBe(false);
  });

  it('leaves JSX to the syntax tree', () => {
    expect(mayRepeatKeys('export default { a: 1 };', true)).toBe(true);
  });
});
