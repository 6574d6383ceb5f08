// Why a tool is disallowed, as a chain back to the deciding rule: a tool's own reasons (disabled,
// never available, a false condition, an opt-out entry, the overlay), and the causes that reach it
// through its pair group or a dependency. `explainTool` words its findings with these.
import { conditionHolds, type PolicyMarks, type ResolveOptions } from './policy.js';
import { gatingCondition, type PolicyTables } from './policy-tables.js';

export interface OwnReason {
  /** About the tool itself: `condition workspace-has-git is false`. */
  readonly own: string;
  /** About it from a neighbour's point of view: `EnterWorktree's condition workspace-has-git is false`. */
  readonly about: string;
}

export interface Explainer {
  readonly tables: PolicyTables;
  readonly marks: PolicyMarks;
  readonly conditionValue: (name: string) => boolean | undefined;
  readonly options: ResolveOptions;
  readonly optOuts: readonly string[];
}

export function conditionState(value: boolean | undefined): string {
  return value === undefined ? 'not set (treated as false)' : String(value);
}

/** The opt-out entries that switch tool `i` off: its key or a name, or a server it is on (whole or by pattern). */
export const switchingOff = (x: Explainer, i: number) =>
  x.marks.optOuts
    .filter(
      (o) =>
        (o.effect === 'switched-off' || o.effect === 'expanded') &&
        o.keys.includes(x.tables.tools[i]!.key),
    )
    .map((o) => o.entry);

/** The rules that disallow tool `i` by themselves (1, 3, 4, overlay), not through a neighbour. */
export function ownReasons(x: Explainer, i: number): OwnReason[] {
  const t = x.tables.tools[i]!;
  const p = x.marks.prepared;
  const out: OwnReason[] = [];
  if (t.exposure === 'disabled')
    out.push({ own: 'exposure is disabled', about: `${t.key} is always disabled` });
  else if (t.available === false)
    out.push({ own: 'available is false', about: `${t.key} is never available` });
  const condition = gatingCondition(t);
  if (condition !== undefined && x.tables.conditions.some((c) => c.name === condition)) {
    const value = x.conditionValue(condition);
    if (!conditionHolds(value, x.options.missingConditions)) {
      const state = conditionState(value);
      out.push({
        own: `condition ${condition} is ${state}`,
        about: `${t.key}'s condition ${condition} is ${state}`,
      });
    }
  }
  for (const entry of switchingOff(x, i))
    out.push({
      own: `opted out by disabledTools entry '${entry}'`,
      about: `${t.key} is opted out ('${entry}' in disabledTools)`,
    });
  for (const entry of x.options.overlay ?? []) {
    if (p.indexOf.get(entry) === i)
      out.push({
        own: `blocked by the overlay ('${entry}')`,
        about: `${t.key} is blocked by the overlay`,
      });
  }
  return out;
}

/** A cause that reaches a tool through a neighbour: its pair group or one of its dependencies. */
export interface NeighbourCause {
  readonly via: 'pair group' | 'dependsOn';
  /** First person (`pair group worktree: …`), for the tool being explained. */
  readonly text: string;
  /** Third person (`ExitWorktree is in pair group worktree: …`), inside a longer chain. */
  readonly about: string;
}

/** One chain from tool `i` back to a deciding rule, avoiding `visited`; undefined when none. */
function causeOf(x: Explainer, i: number, visited: Set<number>): string | undefined {
  const own = ownReasons(x, i);
  if (own.length > 0) return own[0]!.about;
  visited.add(i);
  return neighbourCauses(x, i, visited)[0]?.about;
}

/** Causes reaching tool `i` through its pair group and its direct dependencies. */
export function neighbourCauses(x: Explainer, i: number, visited: Set<number>): NeighbourCause[] {
  const { tables, marks } = x;
  const t = tables.tools[i]!;
  const out: NeighbourCause[] = [];
  if (t.pairGroup !== undefined) {
    const siblings = tables.tools.flatMap((s, j) =>
      s.pairGroup === t.pairGroup && marks.disallowed[j] === 1 && !visited.has(j) ? [j] : [],
    );
    // Siblings decided by their own rule first: they are the real cause; the others only relay it.
    const decided = siblings.filter((j) => ownReasons(x, j).length > 0);
    const relays = siblings.filter((j) => !decided.includes(j));
    const inGroup = new Set([...visited, ...siblings]);
    for (const j of [...decided, ...relays]) {
      const cause = causeOf(x, j, new Set(inGroup));
      if (cause !== undefined)
        out.push({
          via: 'pair group',
          text: `pair group ${t.pairGroup}: ${cause}`,
          about: `${t.key} is in pair group ${t.pairGroup}: ${cause}`,
        });
    }
  }
  for (const dep of t.dependsOn) {
    const d = marks.prepared.indexOf.get(dep);
    if (d === undefined || marks.disallowed[d] === 0 || visited.has(d)) continue;
    const cause = causeOf(x, d, new Set(visited));
    if (cause !== undefined)
      out.push({
        via: 'dependsOn',
        text: `depends on ${dep}: ${cause}`,
        about: `${t.key} depends on ${dep}: ${cause}`,
      });
  }
  return out;
}
