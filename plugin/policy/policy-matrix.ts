// The policy evaluated over condition combinations and user toggles, with the runtime's own resolve:
// the data behind the checked-in snapshot (policy.md) and the `report` command's exposure matrix.
import {
  markDisallowedTools,
  resolveToolPolicy,
  type PolicyMarks,
  type ResolvedToolPolicy,
} from '../runtime/policy.js';
import type { PolicyTables } from '../runtime/policy-tables.js';

/** Up to this many conditions every combination is listed (2^4 = 16 columns); beyond, a sample. */
export const MAX_EXHAUSTIVE_CONDITIONS = 4;

export interface ConditionCombination {
  /** `C1`, `C2`, … */
  readonly id: string;
  /** Value per condition, in the catalog's condition order. */
  readonly values: readonly boolean[];
  /** Plain-boolean context (by field) for this combination. */
  readonly context: Readonly<Record<string, boolean>>;
}

interface PolicyMatrixRow {
  readonly key: string;
  readonly names: readonly string[];
  readonly exposure: string;
  /** Disallowed in each combination (same order as `combinations`). */
  readonly disallowed: readonly boolean[];
}

export interface ToggleEffect {
  readonly key: string;
  /** Keys newly disallowed when this user tool is opted out (itself first), every condition true. */
  readonly disallows: readonly string[];
}

export interface PolicyMatrix {
  readonly combinations: readonly ConditionCombination[];
  /** True when the catalog has more conditions than `MAX_EXHAUSTIVE_CONDITIONS`. */
  readonly sampled: boolean;
  readonly rows: readonly PolicyMatrixRow[];
  /** How many names each combination disallows. */
  readonly disallowedCounts: readonly number[];
  readonly toggles: readonly ToggleEffect[];
  /** Every condition true, every user tool on. */
  readonly baseline: ResolvedToolPolicy;
  /** The marks of each combination (same order as `combinations`), every user tool on. */
  readonly marks: readonly PolicyMarks[];
}

/**
 * All combinations, all-true first, for up to `MAX_EXHAUSTIVE_CONDITIONS` conditions; beyond that
 * all-true, each condition false on its own, and all-false (2 + n columns instead of 2^n).
 */
export function conditionCombinations(tables: PolicyTables): {
  combinations: ConditionCombination[];
  sampled: boolean;
} {
  const n = tables.conditions.length;
  const sampled = n > MAX_EXHAUSTIVE_CONDITIONS;
  const vectors: boolean[][] = [];
  if (!sampled) {
    for (let mask = 0; mask < 2 ** n; mask++)
      vectors.push(tables.conditions.map((_, j) => ((mask >> (n - 1 - j)) & 1) === 0));
  } else {
    vectors.push(tables.conditions.map(() => true));
    for (let j = 0; j < n; j++) vectors.push(tables.conditions.map((_, k) => k !== j));
    vectors.push(tables.conditions.map(() => false));
  }
  const combinations = vectors.map((values, i) => ({
    id: `C${i + 1}`,
    values,
    context: Object.fromEntries(tables.conditions.map((c, j) => [c.field, values[j]!])),
  }));
  return { combinations, sampled };
}

export function policyMatrix(tables: PolicyTables): PolicyMatrix {
  const { combinations, sampled } = conditionCombinations(tables);
  const marks = combinations.map((c) =>
    markDisallowedTools(tables, { disabledTools: [] }, c.context),
  );
  const rows = tables.tools.map((t, i) => ({
    key: t.key,
    names: marks[0]?.prepared.names[i] ?? t.names,
    exposure: t.exposure,
    disallowed: marks.map((m) => m.disallowed[i] === 1),
  }));
  const allTrue = combinations[0]!.context;
  const base = markDisallowedTools(tables, { disabledTools: [] }, allTrue);
  return {
    combinations,
    sampled,
    rows,
    disallowedCounts: marks.map((m) =>
      m.prepared.names.reduce((n, names, i) => n + (m.disallowed[i] === 1 ? names.length : 0), 0),
    ),
    toggles: toggleEffects(tables, base),
    baseline: resolveToolPolicy(tables, { disabledTools: [] }, allTrue),
    marks,
  };
}

/**
 * What opting out each user tool adds to `base`: its precomputed opt-out closure (itself, its pair
 * group, their reverse-dependency closure) minus what `base` already blocks. Reading the closure
 * instead of resolving the whole catalog per toggle keeps this linear in the closures' sizes.
 */
export function toggleEffects(tables: PolicyTables, base: PolicyMarks): ToggleEffect[] {
  const p = base.prepared;
  return tables.tools.flatMap((t) => {
    if (t.exposure !== 'user') return [];
    const closure = p.optOut.get(t.key);
    if (!closure) return [{ key: t.key, disallows: [] }];
    const disallows: string[] = [];
    // Catalog order, whatever order hand-written tables list the closure in.
    for (const i of Int32Array.from(closure).sort())
      if (base.disallowed[i] === 0) disallows.push(p.keys[i]!);
    const own = disallows.indexOf(t.key);
    return [
      {
        key: t.key,
        disallows: own > 0 ? [t.key, ...disallows.filter((k) => k !== t.key)] : disallows,
      },
    ];
  });
}
