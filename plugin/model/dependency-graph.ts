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

/** Every node reachable from `start` (excluding `start`), ordered by `order`. Assumes no cycles. */
export function closureOf(start: string, edges: ReadonlyMap<string, readonly string[]>, order: ReadonlyMap<string, number>): string[] {
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
