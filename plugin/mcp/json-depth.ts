// How deep a JSON value from a server (or a lock) nests, measured without recursion, and the value
// cut to a depth that every later step — hashing, printing, `--json` — can handle.
import { canonicalJson, sha256 } from './canonical-json.js';

/**
 * How deep the values a summary or the lock copies from a schema (an `enum`, a `default`, the
 * annotations) may nest. Real schemas stay within a few levels; a deeper value is replaced by a note
 * with its hash, so a change to it still shows.
 */
export const MAX_VALUE_DEPTH = 32;

/** Whether `value` nests more than `limit` levels (a scalar is level 0, `[1]` level 1). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/** What stands in for a part nested too deep: its hash, so that a change to it is still a change. */
const deepNote = (v: unknown) =>
  `(a value nested deeper than ${MAX_VALUE_DEPTH} levels, ${sha256(canonicalJson(v))})`;

/**
 * `value` unchanged when it nests at most `MAX_VALUE_DEPTH` levels; otherwise a copy whose too-deep
 * parts are notes.
 */
export function boundedValue(value: unknown): unknown {
  if (!nestsDeeperThan(value, MAX_VALUE_DEPTH)) return value;
  // Recursion stops at MAX_VALUE_DEPTH levels, so the stack stays small.
  const cut = (v: unknown, depth: number): unknown => {
    if (v === null || typeof v !== 'object') return v;
    if (depth === MAX_VALUE_DEPTH) return deepNote(v);
    return Array.isArray(v)
      ? v.map((x) => cut(x, depth + 1))
      : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cut(x, depth + 1)]));
  };
  return cut(value, 0);
}
