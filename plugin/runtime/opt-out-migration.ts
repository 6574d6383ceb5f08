// A stored opt-out list rewritten to today's names, for an app to save back: former keys and runtime
// names, names under a renamed server and the SDK's legacy names become today's catalog keys; what no
// name of the catalog explains is left out and reported.
import { currentNameOf, type CurrentName } from './identity.js';
import type { IgnoredOptOut, OptOutChange, OptOutOptions } from './opt-outs.js';
import type { PreparedPolicy } from './policy-tables.js';
import { readOptOutList } from './read-opt-outs.js';
import { storedOptOutEntries } from './stored-opt-outs.js';

/** Distinct stored names one migration remembers. */
const REMEMBERED_NAMES = 4096;

export interface OptOutMigration<E extends string = string> {
  /**
   * The list in today's form: tools by catalog key, servers and patterns under today's server
   * names; unknown entries left out.
   */
  readonly optOuts: E[];
  /** What changed, entry by entry. */
  readonly changes: readonly OptOutChange[];
  /** Entries no name of the catalog explains (left out of `optOuts`), with a reason and a suggestion. */
  readonly unknown: readonly IgnoredOptOut[];
}

/**
 * Rewrites a stored opt-out list to today's names, for an app to save back: old runtime names, former
 * keys and names (`renamedFrom`), names under a renamed server and the SDK's legacy names become
 * today's catalog keys. It does not judge whether a tool can be switched (`normaliseOptOuts` does).
 */
export function migrateOptOuts(
  p: PreparedPolicy,
  stored: unknown,
  options?: OptOutOptions,
): OptOutMigration {
  const list = storedOptOutEntries(stored);
  // Each distinct name is looked up once (for the first few thousand, which is every list a person keeps).
  const names = new Map<string, CurrentName | undefined>();
  const nameOf = (raw: string) => {
    if (names.has(raw)) return names.get(raw);
    const name = currentNameOf(p, raw);
    if (names.size < REMEMBERED_NAMES) names.set(raw, name);
    return name;
  };
  const found = list.map((raw) => (typeof raw === 'string' ? nameOf(raw) : undefined));
  // What no earlier name explains is read once, as a list: servers and patterns pass, the rest is unknown.
  const unexplained = list.filter((_, i) => found[i] === undefined);
  const rest = readOptOutList(p, unexplained, options, true);
  const optOuts: string[] = [];
  const kept = new Set<string>();
  const changes: OptOutChange[] = [];
  let next = 0;
  list.forEach((raw, i) => {
    const name = found[i];
    const today = name !== undefined ? name.current : rest.kept[next++];
    if (today === undefined) return;
    if (name?.why) changes.push({ from: raw as string, to: today, why: name.why });
    if (kept.has(today)) return;
    kept.add(today);
    optOuts.push(today);
  });
  return { optOuts, changes, unknown: rest.normalised.unknown };
}
