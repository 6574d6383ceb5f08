// A file evaluated again yields new objects for every tool it declares, though one edit changes one
// of them. In a watch session each declaration (and the vocabulary) that holds the same data as last
// time is swapped for last time's object, so everything kept by declaration identity (each tool's
// checks, its model, what the cross-tool checks read of it) is redone for the changed tools only.
import { isDeepStrictEqual } from 'node:util';
import type { RawCatalog, RawToolEntry } from '../load/load-catalog.js';
import { keepLast, keepsLast, lastKept, memoSlot } from '../session-memory.js';

interface LastDeclarations {
  readonly vocabulary: RawCatalog['vocabulary'];
  /** By file and key: a tool moved to another file is another declaration (its place differs). */
  readonly byPlace: ReadonlyMap<string, unknown>;
}

const LAST = memoSlot<string, LastDeclarations>('last declarations of a catalog');

const placeOf = (e: RawToolEntry) => `${e.file}\0${e.key}`;

/**
 * `raw`, with each declaration and the vocabulary that equal last run's (same file and key; deep
 * strict equality, prototypes included) replaced by last run's object; outside a session, `raw`.
 */
export function withKeptDeclarations(raw: RawCatalog, catalog: string): RawCatalog {
  if (!keepsLast()) return raw;
  const last = lastKept(LAST, catalog);
  const sameData = (before: unknown, now: unknown) =>
    before !== undefined && before !== now && isDeepStrictEqual(before, now);
  const vocabulary = sameData(last?.vocabulary, raw.vocabulary) ? last!.vocabulary : raw.vocabulary;
  let swapped = vocabulary !== raw.vocabulary;
  const byPlace = new Map<string, unknown>();
  const tools = raw.tools.map((entry) => {
    const place = placeOf(entry);
    const before = last?.byPlace.get(place);
    const kept = sameData(before, entry.declaration) ? { ...entry, declaration: before } : entry;
    if (kept !== entry) swapped = true;
    if (!byPlace.has(place)) byPlace.set(place, kept.declaration);
    return kept;
  });
  keepLast(LAST, catalog, { vocabulary, byPlace });
  return swapped ? { ...raw, vocabulary, tools } : raw;
}
