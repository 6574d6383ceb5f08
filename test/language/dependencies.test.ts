// findCycles and closureOf were sped up (leaves skipped, no Set or sort for tools without
// dependencies); these properties pin their results to the plain versions they replaced.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closureOf, findCycles } from '../../plugin/language/dependencies';

/** The straightforward versions: every node visited, every closure built and sorted. */
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

function referenceClosure(start: string, edges: ReadonlyMap<string, readonly string[]>, order: ReadonlyMap<string, number>): string[] {
  const reached = new Set<string>();
  const pending = [...(edges.get(start) ?? [])];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (reached.has(next) || next === start || !edges.has(next)) continue;
    reached.add(next);
    pending.push(...(edges.get(next) ?? []));
  }
  return [...reached].sort((a, b) => order.get(a)! - order.get(b)!);
}

// Small graphs over a few names (some edges point at unknown nodes), often sparse like real catalogs.
const node = fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F', 'G', 'X');
const graph = fc
  .uniqueArray(fc.tuple(fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F', 'G'), fc.oneof(fc.constant([] as string[]), fc.array(node, { maxLength: 3 }))), { selector: ([k]) => k, maxLength: 7 })
  .map((entries) => new Map(entries));

describe('dependency graph', () => {
  it('finds the same cycles, in the same order, as the plain depth-first search', () => {
    fc.assert(fc.property(graph, (edges) => {
      expect(findCycles(edges)).toEqual(referenceCycles(edges));
    }), { numRuns: 2000 });
  });

  it('gives the same ordered closures as the plain traversal', () => {
    fc.assert(
      fc.property(graph, (edges) => {
        const order = new Map([...edges.keys()].map((k, i) => [k, i]));
        for (const k of edges.keys()) expect(closureOf(k, edges, order)).toEqual(referenceClosure(k, edges, order));
      }),
      { numRuns: 2000 },
    );
  });

  it('reports a self-dependency and a two-tool cycle', () => {
    expect(findCycles(new Map([['A', ['A']], ['B', []]]))).toEqual([['A', 'A']]);
    expect(findCycles(new Map([['A', ['B']], ['B', ['A']], ['C', ['A']]]))).toEqual([['A', 'B', 'A']]);
  });
});
