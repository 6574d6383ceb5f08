// Near misses of a tool name: the fold that makes look-alikes equal (Unicode NFKC, case, white space,
// `-` and `_`) and the closest name by edit distance, for "did you mean" and for the guard's variant check.

/** A name with look-alike differences removed: `ｂａｓｈ `, `BASH` and `bash` all fold to `bash`. */
export const foldName = (name: string): string =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

/** Levenshtein distance, stopping early once it exceeds `limit` (then returns `limit + 1`). */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      if (value < best) best = value;
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** Folded candidates, kept with each candidate list a caller keeps (a catalog's names). */
const foldedLists = new WeakMap<readonly string[], readonly string[]>();

/**
 * The candidate `name` was most likely meant to be: one equal to it after folding, else the closest
 * within a third of its length (at least 2 edits), else undefined. Ties go to the earlier candidate.
 */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  let folds = foldedLists.get(candidates);
  if (!folds) {
    folds = candidates.map(foldName);
    foldedLists.set(candidates, folds);
  }
  const folded = foldName(name);
  const exact = candidates.findIndex((c, i) => c !== name && folds![i] === folded);
  if (exact >= 0) return candidates[exact];
  const limit = Math.max(2, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const d = distance(name, candidate, Math.min(limit, bestDistance - 1));
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
