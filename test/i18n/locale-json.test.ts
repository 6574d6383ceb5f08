// The locale files share one document per catalog, refilled per locale (speed at 5,000 tools):
// checked byte for byte against JSON.stringify of a fresh nested (or flat) object per locale.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyFixtureApp } from '../bindings/fixture-app';
import {
  layoutOf,
  localeDocument,
  nestingConflicts,
  writeLocaleJson,
  writeLocaleJsonWithPlaces,
} from '../../plugin/render/renderers/i18n-entries';
import { splicedLocaleText } from '../../plugin/render/renderers/i18n-locale-splice';

const RUNS = Number(process.env.I18N_PROPERTY_RUNS ?? 400);

// Key parts that stress JSON.stringify's member order (array indices first) and the quoting.
const part = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom('agent', 'tools', 'label', 'description', 'Bash', 'a', 'b'),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom('0', '1', '10', '2', '01', '4294967294', '4294967295', '-1', '1.5'),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '__proto__',
      'constructor',
      '',
      'q"uote',
      'back\\slash',
      'new\nline',
      'ü',
      '😀',
    ),
  },
);
const keyArb = fc.array(part, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.'));
const text = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    'plain',
    'with "quotes"',
    'tab\there',
    'ctrl\u0001',
    'line\u2028sep',
    '\ud800 lone',
    '中文',
  ),
);
const entries = fc.uniqueArray(fc.tuple(keyArb, text), { selector: ([k]) => k, maxLength: 25 });

/** Dotted keys nested into prototype-free objects (so `__proto__` is data), in insertion order: the obvious way. */
function nestReference(pairs: readonly [string, string][]): Record<string, unknown> {
  const root: Record<string, unknown> = Object.create(null);
  for (const [key, text] of pairs) {
    const parts = key.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= Object.create(null);
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]!] = text;
  }
  return root;
}

/** A locale file written the straightforward way: a fresh object per locale, then JSON.stringify. */
const reference = (pairs: readonly [string, string][], layout: 'nested' | 'flat') =>
  `${JSON.stringify(layout === 'nested' ? nestReference(pairs) : Object.fromEntries(pairs), null, 2)}\n`;

describe('the shared locale document', () => {
  it('writes each locale byte-identical to JSON.stringify of its own document, and finds conflicts alike', () => {
    fc.assert(
      fc.property(
        entries,
        fc.array(fc.array(text, { minLength: 25, maxLength: 25 }), { minLength: 1, maxLength: 3 }),
        fc.constantFrom<'nested' | 'flat'>('nested', 'flat'),
        (pairs, locales, layout) => {
          const keys = pairs.map(([k]) => k);
          const document = localeDocument(keys, layout);
          if (layout === 'nested' && nestingConflicts(keys).length > 0) {
            expect(document).toBeUndefined();
            return;
          }
          expect(document).toBeDefined();
          // Several locales in turn through the same document: nothing of one may leak into the next.
          for (const texts of [
            pairs.map(([, v]) => v),
            ...locales.map((l) => l.slice(0, pairs.length)),
          ]) {
            expect(writeLocaleJson(document!, texts)).toBe(
              reference(
                keys.map((k, i) => [k, texts[i]!]),
                layout,
              ),
            );
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('writes array-index keys first, in numeric order, like JSON.stringify', () => {
    const pairs: [string, string][] = [
      ['x.b', '1'],
      ['x.10', '2'],
      ['x.2', '3'],
      ['x.01', '4'],
      ['0', '5'],
    ];
    const written = writeLocaleJson(
      localeDocument(
        pairs.map(([k]) => k),
        'nested',
      )!,
      pairs.map(([, v]) => v),
    );
    expect(written).toBe(reference(pairs, 'nested'));
    expect(written.startsWith('{\n  "0": "5",\n  "x": {\n    "2": "3"')).toBe(true);
  });

  it('stores __proto__ as data in both layouts, and writes an empty catalog as {}', () => {
    expect(writeLocaleJson(localeDocument(['__proto__'], 'flat')!, ['p'])).toBe(
      '{\n  "__proto__": "p"\n}\n',
    );
    expect(writeLocaleJson(localeDocument(['a.__proto__.b'], 'nested')!, ['p'])).toBe(
      '{\n  "a": {\n    "__proto__": {\n      "b": "p"\n    }\n  }\n}\n',
    );
    expect(writeLocaleJson(localeDocument([], 'nested')!, [])).toBe('{}\n');
  });
});

describe('a locale text made from the last one', () => {
  // A watch run keeps the last text and lays out only the stretch where the new document differs:
  // an edit of the key list (keys added, removed, moved) and of values, in both layouts.
  const edit = fc.record({
    before: entries,
    insert: fc.array(fc.tuple(fc.nat(), keyArb, text), { maxLength: 4 }),
    remove: fc.array(fc.nat(), { maxLength: 3 }),
    retext: fc.array(fc.tuple(fc.nat(), text), { maxLength: 3 }),
  });
  type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;
  const edited = ({ before, insert, remove, retext }: Edit) => {
    const after = before.slice();
    for (const at of remove) if (after.length > 0) after.splice(at % after.length, 1);
    for (const [at, key, value] of insert)
      if (!after.some(([k]) => k === key)) after.splice(at % (after.length + 1), 0, [key, value]);
    for (const [at, value] of retext)
      if (after.length > 0) after[at % after.length] = [after[at % after.length]![0], value];
    return after;
  };

  it('is the text and value places a whole layout gives', () => {
    fc.assert(
      fc.property(edit, fc.constantFrom<'nested' | 'flat'>('nested', 'flat'), (change, layout) => {
        const after = edited(change);
        const first = localeDocument(
          change.before.map(([k]) => k),
          layout,
        );
        const second = localeDocument(
          after.map(([k]) => k),
          layout,
        );
        if (!first || !second) return;
        const lastValues = change.before.map(([, v]) => v);
        const values = after.map(([, v]) => v);
        const last = writeLocaleJsonWithPlaces(first, lastValues);
        expect(last.text).toBe(writeLocaleJson(first, lastValues));
        const made = splicedLocaleText(
          { ...last, layout: layoutOf(first), values: lastValues },
          layoutOf(second),
          values,
        );
        expect(made.text).toBe(writeLocaleJson(second, values));
        const whole = writeLocaleJsonWithPlaces(second, values).places;
        expect([...made.places.starts]).toEqual([...whole.starts]);
        expect(made.places.order).toEqual(whole.order);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('locale files through the CLI', () => {
  it("write a locale with missing translations (missing: 'warn') byte for byte as before: the present keys, in order", async () => {
    const app = await copyFixtureApp('i18n');
    try {
      const I18N_CONFIG = "i18n: { locales: ['en', 'zh-CN', 'zh-TW'], outDir: 'locales' }";
      await app.edit(
        'tool-catalog.config.ts',
        I18N_CONFIG,
        I18N_CONFIG.replace(' }', ", missing: 'warn' }"),
      );
      const zhTw = await app.read('locales/zh-TW.json');
      // The first member of Notes and the whole of Bash missing: the objects keep the order of what is left.
      const bash = /\n {6}"Bash": \{\n[^}]*\},/.exec(zhTw)![0];
      const edited = zhTw.replace('        "label": "筆記",\n', '').replace(bash, '');
      await app.write('locales/zh-TW.json', edited);
      const result = await app.cli('generate');
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain(
        "Locale 'zh-TW' has no translation for 'agent.tools.Bash.label'",
      );
      expect(await app.read('locales/zh-TW.json')).toBe(edited);
      expect(await app.read('locales/zh-TW.json')).toBe(
        `${JSON.stringify(JSON.parse(edited), null, 2)}\n`,
      );
    } finally {
      await app.remove();
    }
  });
});
