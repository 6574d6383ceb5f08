// String literals in generated TypeScript: tsString's fast path (one regex test, no replace for the
// plain names nearly every key is) escapes exactly like a character-by-character reference, and
// every literal it writes reads back as the original string.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tsString } from '../../plugin/text/escape';

const SHORT: Readonly<Record<string, string>> = {
  "'": "\\'",
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};
const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/**
 * The rule, one UTF-16 unit at a time: quotes, backslashes and line breaks get short escapes; other
 * control characters, line and paragraph separators, bidirectional marks and overrides, the BOM and
 * lone surrogates get `\uXXXX`; everything else is written as is.
 */
function referenceTsString(s: string): string {
  let out = "'";
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const c = s.charCodeAt(i);
    const loneSurrogate =
      (isHigh(c) && !isLow(s.charCodeAt(i + 1))) || (isLow(c) && !isHigh(s.charCodeAt(i - 1)));
    const hidden =
      c <= 0x1f ||
      (c >= 0x7f && c <= 0x9f) ||
      c === 0x2028 ||
      c === 0x2029 ||
      c === 0x200e ||
      c === 0x200f ||
      (c >= 0x202a && c <= 0x202e) ||
      (c >= 0x2066 && c <= 0x2069) ||
      c === 0xfeff;
    if (SHORT[ch] !== undefined) out += SHORT[ch];
    else if (hidden || loneSurrogate) out += `\\u${c.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

const tricky = fc.constantFrom(
  '\\',
  "'",
  '\n',
  '\r',
  '\t',
  '\u0000',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u202e',
  '\u2066',
  '\ufeff',
  '\ud800',
  '\udc00',
  '😀',
  'a',
  '_',
  '$',
  '"',
  '`',
  '中',
);
const strings = fc.oneof(
  fc.string(),
  fc.array(tricky).map((a) => a.join('')),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
);

describe('tsString', () => {
  it('escapes exactly like the character-by-character rule, for any string', () => {
    fc.assert(
      fc.property(strings, (s) => tsString(s) === referenceTsString(s)),
      { numRuns: 2000 },
    );
    expect(tsString("it's")).toBe("'it\\'s'");
    expect(tsString('plain_Name-1')).toBe("'plain_Name-1'");
    expect(tsString('a\u202eb\td')).toBe("'a\\u202eb\\td'");
  });

  it('writes a literal that reads back as the original string, on one line', () => {
    fc.assert(
      fc.property(strings, (s) => {
        const literal = tsString(s);
        // eslint-disable-next-line no-new-func -- evaluating the generated literal is the point
        return new Function(`return ${literal};`)() === s && !/[\n\r\u2028\u2029]/.test(literal);
      }),
      { numRuns: 2000 },
    );
  });
});
