// Text from outside, made safe to print: nothing a terminal acts on or a reader cannot see survives
// `terminalLine` (only visible escapes do), printable text is unchanged, escaping twice changes
// nothing more, and `terminalJson` keeps the parsed value while escaping what JSON leaves raw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { terminalJson, terminalLine, terminalLines } from '../../plugin/text/terminal';

const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds.
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const tricky = fc.constantFrom(
  '\u001b[2J',
  '\u0007',
  '\u0000',
  '\n',
  '\r',
  '\t',
  '\u202e',
  '\u2066',
  '\u009b',
  '\ud800',
  '\udc00',
  '😀',
  'é',
  '\\x1b',
);
const text = fc
  .array(fc.oneof(fc.string(), tricky, fc.string({ unit: 'binary', maxLength: 4 })), {
    maxLength: 8,
  })
  .map((p) => p.join(''));

describe('terminalLine', () => {
  it('leaves nothing a terminal acts on, keeps printable text, and is idempotent', () => {
    fc.assert(
      fc.property(text, (s) => {
        const line = terminalLine(s);
        expect(line).not.toMatch(UNSAFE);
        expect(terminalLine(line)).toBe(line);
        if (!UNSAFE.test(s)) expect(line).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes each as a visible escape', () => {
    expect(terminalLine('a\u001b[2Jb\u0007\u0000\n\t\u202e\u0085😀')).toBe(
      'a\\x1b[2Jb\\x07\\x00\\n\\t\\u202e\\x85😀',
    );
    expect(terminalLines(['one', 'two\nfake line'])).toBe('one\ntwo\\nfake line');
  });
});

describe('terminalJson', () => {
  it('parses to the same value and holds nothing a terminal acts on but line breaks', () => {
    fc.assert(
      fc.property(fc.jsonValue(), text, (value, s) => {
        const data = { value, s };
        const out = terminalJson(JSON.stringify(data, null, 2));
        expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(data)));
        expect(out.replace(/\n/g, '')).not.toMatch(UNSAFE);
      }),
      { numRuns: 500 },
    );
  });
});
