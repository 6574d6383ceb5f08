import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mdCode } from './escape';

/** What a Markdown reader shows for one inline-code span in a table cell. */
function shown(code: string): string {
  const fence = /^`+/.exec(code)![0];
  expect(code.endsWith(fence)).toBe(true);
  let inner = code.slice(fence.length, -fence.length);
  if (inner.startsWith(' ') && inner.endsWith(' ') && inner.trim() !== '')
    inner = inner.slice(1, -1);
  return inner.replace(/\\\|/g, '|');
}

describe('inline code in Markdown', () => {
  it('fences plain keys with one backtick each side', () => {
    expect(mdCode('mcp__themis__search')).toBe('`mcp__themis__search`');
    expect(mdCode('')).toBe('``');
  });

  it('escapes pipes, flattens line breaks and fences past any backtick run', () => {
    expect(mdCode('a|b')).toBe('`a\\|b`');
    expect(mdCode('a\r\nb')).toBe('`a b`');
    expect(mdCode('x ``y`` z')).toBe('```x ``y`` z```');
    expect(mdCode('`edge`')).toBe('`` `edge` ``');
  });

  it('shows every text as written, line breaks as spaces, and never breaks a table cell', () => {
    const char = fc.constantFrom('a', 'b', ' ', '|', '`', '\n', '\r', '\u2028', '\\', '_');
    fc.assert(
      fc.property(
        fc.array(char, { maxLength: 12 }).map((cs) => cs.join('')),
        (text) => {
          const flat = text.replace(/[\r\n\u2028\u2029]+/g, ' ');
          // A reader drops one space each side of a span that has one on both sides: no key or name does.
          fc.pre(!(flat.length > 1 && flat.startsWith(' ') && flat.endsWith(' ')));
          const code = mdCode(text);
          expect(code).not.toMatch(/[\r\n\u2028\u2029]/);
          expect(code.replace(/\\\|/g, '')).not.toContain('|');
          expect(shown(code)).toBe(flat);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
