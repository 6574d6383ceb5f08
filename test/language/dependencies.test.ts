// findCycles was sped up (leaves skipped, no Set for tools without dependencies); this property
// pins its results to the plain depth-first search it replaced.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCycles } from '../../plugin/language/dependencies';

/** The straightforward version: every node visited. */
function referenceCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const seen = new Set<string>();
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!edges.has(next)) continue;
      if (state.get(next) === 'open') {
        const cycle = [...stack.slice(stack.indexOf(next)), next];
        const id = [...cycle.slice(0, -1)].sort().join('\0');
        if (!seen.has(id)) {
          seen.add(id);
          cycles.push(cycle);
        }
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

// Small graphs over a few names (some edges point at unknown nodes), often sparse like real catalogs.
const node = fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F', 'G', 'X');
const graph = fc
  .uniqueArray(
    fc.tuple(
      fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F', 'G'),
      fc.oneof(fc.constant([] as string[]), fc.array(node, { maxLength: 3 })),
    ),
    { selector: ([k]) => k, maxLength: 7 },
  )
  .map((entries) => new Map(entries));

describe('dependency graph', () => {
  it('finds the same cycles, in the same order, as the plain depth-first search', () => {
    fc.assert(
      fc.property(graph, (edges) => {
        expect(findCycles(edges)).toEqual(referenceCycles(edges));
      }),
      { numRuns: 2000 },
    );
  });

  it('reports a self-dependency and a two-tool cycle', () => {
    expect(
      findCycles(
        new Map([
          ['A', ['A']],
          ['B', []],
        ]),
      ),
    ).toEqual([['A', 'A']]);
    expect(
      findCycles(
        new Map([
          ['A', ['B']],
          ['B', ['A']],
          ['C', ['A']],
        ]),
      ),
    ).toEqual([['A', 'B', 'A']]);
  });
});
