// The quick scan for a repeated key decides whether the syntax tree is built at all, so it may never
// say no where the tree finds a key written twice. Drawn: modules of nested object literals whose
// keys are written every way a key can be (names, quoted, numbers in several spellings, getters and
// setters, shorthand, methods, computed), with values that hold what a scanner can trip on (strings
// holding braces and commas, escapes, comments, templates with and without substitutions, regular
// expressions, divisions, calls, arrays), checked against the duplicates the syntax tree reports.
import fc from 'fast-check';
import { parseSync } from 'rolldown/experimental';
import { describe, expect, it } from 'vitest';
import { duplicateKeys } from '../../plugin/load/duplicate-keys';
import { mayRepeatKeys } from '../../plugin/load/repeated-keys-scan';

const NAMES = ['a', 'b', 'kind', 'get', 'set', 'async', '$x', 'é', '1', '1.0', '0x1', '10'];

const key = fc.oneof(
  fc.constantFrom(...NAMES.filter((n) => !/^\d/.test(n))),
  fc.constantFrom(...NAMES).map((n) => `'${n}'`),
  fc.constantFrom(...NAMES).map((n) => `"${n}"`),
  fc.constantFrom('1', '1.0', '0x1', '10', '1e1'),
  fc.constantFrom("'\\u0061'", '"a\\x62"', "'k\\'s'"),
);

const scalar = fc.constantFrom(
  '1',
  "'}{,'",
  '"a, b: 1 }"',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template's text, written into the module
  '`plain ${"}"}`',
  '`no substitution {,}`',
  '/a{1,2}/g',
  '4 / 2',
  'f(a, { b: 1 })',
  '[a, { a: 1 }]',
  "'it\\'s'",
  'a /* } , { */',
  'x // },{\n',
  'null',
);

const objectText = fc.letrec<{ object: string; value: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, tie('object')),
  object: fc
    .array(
      fc.oneof(
        fc.tuple(key, tie('value')).map(([k, v]) => `${k}: ${v}`),
        fc.constantFrom('a', 'b', 'kind').map((n) => n),
        key.map((k) => `get ${k}() { return 1; }`),
        key.map((k) => `set ${k}(v) {}`),
        key.map((k) => `${k}() { return { a: 1, a: 2 }.a; }`),
        key.map((k) => `async ${k}() {}`),
        key.map((k) => `*${k}() {}`),
        key.map((k) => `[${k}]: 1`),
        tie('value').map((v) => `...${v}`),
      ),
      { maxLength: 6 },
    )
    .map((members) => `{ ${members.join(', ')} }`),
}));

describe('the scan for a key written twice', () => {
  it('never says no where the syntax tree finds one', () => {
    fc.assert(
      fc.property(objectText.object, (object) => {
        const text = `const a = 1, b = 2, kind = 3, x = 4, f = (...v) => v;\nexport default ${object};\n`;
        const parsed = parseSync('catalog.ts', text, { lang: 'ts', sourceType: 'module' });
        // Only valid modules reach the scan (a syntax error is reported first).
        fc.pre(parsed.errors.length === 0);
        if (duplicateKeys('catalog.ts', text, parsed.program).length > 0)
          expect(mayRepeatKeys(text, false), text).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
