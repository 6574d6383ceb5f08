// `dependsOn` as a graph: the transitive closure each tool needs, and the cycles that make a
// catalog invalid (printed as `A → B → A`).

/** Returns each cycle once, as the list of keys along it (first key repeated at the end). */
export function findCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const seen = new Set<string>();
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      // A node that depends on nothing is never on a cycle: no need to visit it (most tools, at 5,000 tools).
      if (!edges.has(next) || edges.get(next)!.length === 0) continue;
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
  for (const [node, next] of edges) if (next.length > 0 && !state.has(node)) visit(node);
  return cycles;
}
