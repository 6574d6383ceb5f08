// In a watch session, a model's i18n entries are the last model's with
// the edited tools' put in, when every key stands where it stood. Whatever
// the edits (copy, keys, keys that repeat, tools moved, added or removed,
// categories relabelled), they are what a run without a session builds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolDeclaration } from '../../language/catalog';
import type { CatalogModel, ToolModel } from '../../model/catalog-model';
import { runWithMemory, SessionMemory } from '../../session-memory';
import { demoModel } from '../../../test/support/catalog-model';
import { i18nEntries } from './i18n-entries';

const TOOLS = 12;
// Two tools share a label key and two a description key: only the first of each is an entry.
const declaration = (i: number): ToolDeclaration => ({
  kind: 'sdk',
  category: i % 2 === 0 ? 'file' : 'shell',
  exposure: 'user',
  label: `T${i}`,
  description: `Does ${i}`,
  ...(i === 3 || i === 7 ? { labelKey: 'shared.label' } : {}),
  ...(i === 4 || i === 9 ? { descriptionKey: 'shared.description' } : {}),
});
const first = demoModel(
  { categories: ['file', 'shell'], categoryLabels: { file: 'Files', shell: 'Shell' } },
  Object.fromEntries(Array.from({ length: TOOLS }, (_, i) => [`T${i}`, declaration(i)])),
);

/** `model` with `tools`: those it keeps are the same objects, as in a session. */
const withTools = (model: CatalogModel, tools: readonly ToolModel[]): CatalogModel => ({
  ...model,
  tools,
});

type Edit = (model: CatalogModel) => CatalogModel;
const at = fc.nat(TOOLS - 1);
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.tuple(at, fc.constantFrom('label', 'description'), fc.string({ maxLength: 4 })).map(
    ([i, field, copy]): Edit =>
      (m) => {
        const tools = [...m.tools];
        if (tools[i]) tools[i] = { ...tools[i]!, [field]: copy };
        return withTools(m, tools);
      },
  ),
  fc
    .tuple(
      at,
      fc.constantFrom('labelKey', 'descriptionKey'),
      fc.constantFrom('shared.label', 'shared.description', 'other.key', 'agent.tools.T0.label'),
    )
    .map(
      ([i, field, key]): Edit =>
        (m) => {
          const tools = [...m.tools];
          if (tools[i]) tools[i] = { ...tools[i]!, [field]: key };
          return withTools(m, tools);
        },
    ),
  fc.tuple(at, at).map(
    ([i, j]): Edit =>
      (m) => {
        const tools = [...m.tools];
        if (tools[i] && tools[j]) [tools[i], tools[j]] = [tools[j]!, tools[i]!];
        return withTools(m, tools);
      },
  ),
  at.map(
    (i): Edit =>
      (m) =>
        withTools(m, m.tools.length > 1 ? m.tools.toSpliced(i % m.tools.length, 1) : m.tools),
  ),
  at.map(
    (i): Edit =>
      (m) =>
        withTools(m, [...m.tools, { ...first.tools[i]!, key: `New${m.tools.length}` }]),
  ),
  fc.string({ maxLength: 4 }).map(
    (label): Edit =>
      (m) => ({
        ...m,
        categories: m.categories.map((c, k) => (k === 0 ? { ...c, label } : c)),
      }),
  ),
);

describe('i18n entries in a watch session', () => {
  it('after every edit, are the entries a run without a session builds', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 12 }), (edits) => {
        const memory = new SessionMemory(true);
        let model = first;
        runWithMemory(memory, () => i18nEntries(model));
        for (const apply of edits) {
          model = apply(model);
          const inSession = runWithMemory(memory, () => i18nEntries(model));
          expect(inSession).toEqual(
            runWithMemory(new SessionMemory(false), () => i18nEntries(model)),
          );
        }
      }),
    );
  });

  it("replace only the edited tools' entries: the others, and the categories', are the last run's", () => {
    const memory = new SessionMemory(true);
    const before = runWithMemory(memory, () => i18nEntries(first));
    const tools = first.tools.map((t) =>
      t.key === 'T5'
        ? { ...t, label: 'Relabelled' }
        : t.key === 'T9'
          ? { ...t, description: 'A shared key keeps its first text' }
          : t,
    );
    const after = runWithMemory(memory, () => i18nEntries(withTools(first, tools)));
    expect(after).toHaveLength(before.length);
    const changed = after.flatMap((entry, i) => (entry === before[i] ? [] : [entry.key]));
    // The edited tools' entries, but for the description key T9 shares with T4, which T4 holds.
    expect(changed).toEqual([
      'agent.tools.T5.label',
      'agent.tools.T5.description',
      'agent.tools.T9.label',
    ]);
    expect(after.find((e) => e.key === 'shared.description')?.text).toBe('Does 4');
    expect(after.find((e) => e.key === 'agent.tools.T5.label')?.text).toBe('Relabelled');
    // A full build makes the category entries anew: the same objects show
    // that the edit was put into the last entries.
    expect(after.filter((e) => e.owner.kind === 'category')).toEqual(
      before.filter((e) => e.owner.kind === 'category'),
    );
    for (const [i, entry] of after.entries())
      if (entry.owner.kind === 'category') expect(entry).toBe(before[i]);
  });
});
