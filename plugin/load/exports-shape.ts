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
 * Whether `value` is plain JSON data with well-formed marks, at most MAX_DEPTH levels deep. It runs
 * over every evaluated export (tens of thousands of values at 1,000 tools), so it is a plain
 * recursion, which stops at MAX_DEPTH whatever the value holds.
 */
export const isPlainData = (value: unknown): boolean => plainAt(value, 0);

function plainAt(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (!isObject(value) || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!plainAt(item, depth + 1)) return false;
    return true;
  }
  if (Object.hasOwn(value, MARK) && !validMark(value)) return false;
  for (const key in value)
    if (Object.hasOwn(value, key) && !plainAt(value[key], depth + 1)) return false;
  return true;
}

/** One entry's exports as the evaluation process sent them. */
export interface EntryExports {
  readonly exports: Exports;
  /** What the process names these exports by, in a watch session. */
  readonly token?: string;
  /** Sent as data (not as the token of exports the generator holds). */
  readonly sent: boolean;
}

/**
 * The exports of `count` entries, if `value` is exactly that: per entry, `{ data }` or
 * `{ token, data }` with plain data, or `{ same: token }` for the exports `held(i, token)` gives.
 */
export function entryExports(
  value: unknown,
  count: number,
  held: (index: number, token: string) => Exports | undefined,
): EntryExports[] | undefined {
  if (!Array.isArray(value) || value.length !== count) return undefined;
  const out: EntryExports[] = [];
  for (let i = 0; i < count; i++) {
    const item: unknown = value[i];
    if (!isObject(item) || Array.isArray(item)) return undefined;
    if (typeof item.same === 'string') {
      const exports = held(i, item.same);
      if (exports === undefined) return undefined;
      out.push({ exports, token: item.same, sent: false });
      continue;
    }
    const { data, token } = item;
    if (!isObject(data) || Array.isArray(data) || !isPlainData(data)) return undefined;
    if (token !== undefined && typeof token !== 'string') return undefined;
    out.push({ exports: data, token, sent: true });
  }
  return out;
}
