// What evaluated exports must look like before the loader reads them: plain JSON whose catalog and
// tool-set marks have the fields the loader relies on. Exports from a kept record or from the
// evaluation process are checked here first, so a damaged or forged one is refused, never trusted.
import { MARK } from '../language/plain-data.js';

export type Exports = Readonly<Record<string, unknown>>;

/** Deeper than anything the evaluation process writes (it marks values nested over 64 levels). */
const MAX_DEPTH = 256;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function validMark(value: Record<string, unknown>): boolean {
  const kind = value[MARK];
  if (typeof kind !== 'string') return false;
  if (kind === 'catalog') return typeof value.id === 'string';
  if (kind === 'tool-set')
    return (
      typeof value.id === 'string' &&
      isObject(value.catalog) &&
      value.catalog[MARK] === 'catalog' &&
      typeof value.catalog.id === 'string'
    );
  return true;
}

/**
 * Whether `value` is plain JSON data with well-formed marks, at most MAX_DEPTH levels deep (walked
 * without recursion).
 */
export function isPlainData(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return false;
      continue;
    }
    if (!isObject(v) || depth > MAX_DEPTH) return false;
    if (!Array.isArray(v) && Object.hasOwn(v, MARK) && !validMark(v)) return false;
    for (const item of Array.isArray(v) ? v : Object.values(v)) stack.push([item, depth + 1]);
  }
  return true;
}

/** The exports of `count` entries, if `value` is exactly that: an array of plain-data objects. */
export function exportsList(value: unknown, count: number): Exports[] | undefined {
  if (!Array.isArray(value) || value.length !== count) return undefined;
  return value.every((e) => isObject(e) && !Array.isArray(e) && isPlainData(e))
    ? (value as Exports[])
    : undefined;
}
