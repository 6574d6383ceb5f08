// The snapshot's user-toggle effects read each toggle's precomputed closure instead of resolving the
// whole catalog per toggle: checked against that brute-force definition on random catalogs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { policyMatrix, toggleEffects } from '../../plugin/policy/policy-matrix';
import { markDisallowedTools } from '../../plugin/runtime/policy';
import {
  expandClosure,
  preparePolicy,
  type PolicyTables,
} from '../../plugin/runtime/policy-tables';
import { CONDITIONS, policyTables } from './arbitraries';

/** The definition: resolve with only this tool opted out, keep what the baseline did not block (own key first). */
function bruteForceToggles(tables: PolicyTables, ctx: Record<string, boolean>) {
  const base = markDisallowedTools(tables, { disabledTools: [] }, ctx);
  return tables.tools.flatMap((t) => {
    if (t.exposure !== 'user') return [];
    const off = markDisallowedTools(tables, { disabledTools: [t.key] }, ctx);
    const disallows = tables.tools.flatMap((u, i) =>
      off.disallowed[i] === 1 && base.disallowed[i] === 0 ? [u.key] : [],
    );
    const own = disallows.indexOf(t.key);
    return [
      {
        key: t.key,
        disallows: own > 0 ? [t.key, ...disallows.filter((k) => k !== t.key)] : disallows,
      },
    ];
  });
}

const contexts = fc
  .tuple(fc.boolean(), fc.boolean(), fc.boolean())
  .map((v) => Object.fromEntries(CONDITIONS.map((c, i) => [c.field, v[i]!])));

describe('toggleEffects', () => {
  it('equals resolving the catalog once per toggle, on random catalogs and contexts', () => {
    fc.assert(
      fc.property(policyTables, contexts, (tables, ctx) => {
        const base = markDisallowedTools(tables, { disabledTools: [] }, ctx);
        expect(toggleEffects(tables, base)).toEqual(bruteForceToggles(tables, ctx));
      }),
      { numRuns: 2000 },
    );
  });

  it('is what policyMatrix reports (every condition true)', () => {
    fc.assert(
      fc.property(policyTables, (tables) => {
        const allTrue = Object.fromEntries(CONDITIONS.map((c) => [c.field, true]));
        expect(policyMatrix(tables).toggles).toEqual(bruteForceToggles(tables, allTrue));
      }),
      { numRuns: 500 },
    );
  });

  it('lists the closure in catalog order even when hand-written tables list it otherwise', () => {
    const tables: PolicyTables = {
      catalog: 'hand',
      conditions: [],
      servers: [],
      tools: [
        {
          key: 'A',
          kind: 'sdk',
          exposure: 'internal',
          names: ['A'],
          dependsOn: ['C'],
          approval: 'auto',
        },
        {
          key: 'B',
          kind: 'sdk',
          exposure: 'internal',
          names: ['B'],
          dependsOn: ['C'],
          approval: 'auto',
        },
        { key: 'C', kind: 'sdk', exposure: 'user', names: ['C'], dependsOn: [], approval: 'auto' },
      ],
      whenOptedOut: { C: ['B', 'C', 'A'] },
    };
    expect(toggleEffects(tables, markDisallowedTools(tables, {}, {}))).toEqual([
      { key: 'C', disallows: ['C', 'A', 'B'] },
    ]);
  });
});

describe('expandClosure', () => {
  it('equals a full-scan reachability over random graphs', () => {
    const graph = fc.integer({ min: 1, max: 30 }).chain((size) =>
      fc.record({
        size: fc.constant(size),
        spread: fc.array(fc.uniqueArray(fc.nat({ max: size - 1 }), { maxLength: 4 }), {
          minLength: size,
          maxLength: size,
        }),
        roots: fc.uniqueArray(fc.nat({ max: size - 1 }), { maxLength: 3 }),
      }),
    );
    fc.assert(
      fc.property(graph, ({ size, spread, roots }) => {
        const edges = spread.map((s) => Int32Array.from(s));
        const reached = new Uint8Array(size);
        for (const r of roots) reached[r] = 1;
        for (let changed = true; changed; ) {
          changed = false;
          for (let i = 0; i < size; i++)
            if (reached[i] === 1)
              for (const j of edges[i]!)
                if (reached[j] === 0) {
                  reached[j] = 1;
                  changed = true;
                }
        }
        const expected = [...reached.keys()].filter((i) => reached[i] === 1);
        expect(Array.from(expandClosure(roots, edges, size))).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('prepared opt-out closures of a 3,000-tool chain stay correct (each toggle reaches only its dependents)', () => {
    const n = 3000;
    const tables: PolicyTables = {
      catalog: 'chain',
      conditions: [],
      servers: [],
      tools: Array.from({ length: n }, (_, i) => ({
        key: `T${i}`,
        kind: 'sdk' as const,
        exposure: 'user' as const,
        names: [`T${i}`],
        dependsOn: i % 100 === 0 ? [] : [`T${i - 1}`],
        approval: 'auto' as const,
      })),
    };
    const p = preparePolicy(tables);
    expect(Array.from(p.optOut.get('T250')!)).toEqual(
      Array.from({ length: 50 }, (_, k) => 250 + k),
    );
    expect(Array.from(p.optOut.get('T2999')!)).toEqual([2999]);
  });
});
