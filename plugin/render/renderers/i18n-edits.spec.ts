// In a watch session a locale text is edited in place: the values an edit changed are put into the
// last text. Whatever the edits (quotes, escapes, astral and lone surrogate characters, empty texts,
// many values at once), the text is the one a run without a session lays out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoModel, renderWith } from '../../../test/support/catalog-model';
import { runWithMemory, SessionMemory } from '../../session-memory';
import { i18nRenderer } from './i18n';

const TOOLS = 80;
const EN = 'generated/demo/i18n/en.json';

const model = (labels: readonly string[]) =>
  demoModel(
    { categories: ['file'], servers: { s: {} } },
    Object.fromEntries(
      labels.map((label, i) => [
        `T${i}`,
        { kind: 'mcp', server: 's', wire: `t${i}`, category: 'file', label, description: `T${i}` },
      ]),
    ),
    { i18n: { locales: ['en'] } },
  );

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom('', '"', '\\', '\n', '</script>', '\u2028', '\ud800'),
);
/** One run's edits: each replaces the labels of some tools (most runs edit a few, some edit all). */
const edits = fc.array(
  fc.oneof(
    { weight: 5, arbitrary: fc.array(fc.tuple(fc.nat(TOOLS - 1), text), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(text, { minLength: TOOLS, maxLength: TOOLS })
        .map((all) => [...all.entries()]),
    },
  ),
  { minLength: 1, maxLength: 6 },
);

describe('a locale text edited in a watch session', () => {
  it('is the text a run without a session lays out, after every edit', () => {
    fc.assert(
      fc.property(edits, (runs) => {
        const memory = new SessionMemory(true);
        const labels = Array.from({ length: TOOLS }, (_, i) => `Tool ${i}`);
        let files: Record<string, string> = {};
        const run = () => {
          const result = runWithMemory(memory, () =>
            renderWith(i18nRenderer, model(labels), files),
          );
          files = { ...files, ...result.files };
          return result.files[EN];
        };
        run();
        for (const changes of runs) {
          for (const [i, label] of changes) labels[i] = label;
          const edited = run();
          expect(edited).toBe(renderWith(i18nRenderer, model(labels), {}).files[EN]);
          expect(JSON.parse(edited!)).toBeTypeOf('object');
        }
      }),
      { numRuns: 60 },
    );
  });
});
