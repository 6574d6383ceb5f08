// What the checks across tools (duplicate runtime names, dependencies, pair groups, former names)
// read of each declaration, worked out once per declaration object: a watch run after an edit works
// it out for the changed tools only, and can tell that nothing those checks read has changed.
import { isDeepStrictEqual } from 'node:util';
import { isRecord } from '../diagnostics/field-schema.js';
import { staticRuntimeNames } from '../language/naming.js';
import type { RawToolEntry } from '../load/load-catalog.js';
import { kept, memoSlot } from '../session-memory.js';

export interface ToolFacts {
  /** Whether the declaration is an object at all (the checks skip one that is not). */
  readonly record: boolean;
  readonly names: readonly string[];
  readonly dependsOn: readonly string[];
  readonly pairGroup?: string;
  readonly renamedFrom: readonly string[];
}

const FACTS = memoSlot<object, { key: string; facts: ToolFacts }>('what checks across tools read');

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

function factsFor(key: string, declaration: unknown): ToolFacts {
  if (!isRecord(declaration)) return { record: false, names: [], dependsOn: [], renamedFrom: [] };
  const pairGroup = declaration.pairGroup;
  return {
    record: true,
    names: staticRuntimeNames(key, declaration),
    dependsOn: strings(declaration.dependsOn),
    ...(typeof pairGroup === 'string' ? { pairGroup } : {}),
    renamedFrom: strings(declaration.renamedFrom),
  };
}

export function factsOf({ key, declaration }: RawToolEntry): ToolFacts {
  if (typeof declaration !== 'object' || declaration === null) return factsFor(key, declaration);
  return kept(
    FACTS,
    declaration,
    () => ({ key, facts: factsFor(key, declaration) }),
    (known) => known.key === key,
  ).facts;
}

/** Whether the checks across tools read the same of `now` as of `before`: same tools, places and facts. */
export function sameFacts(before: readonly RawToolEntry[], now: readonly RawToolEntry[]): boolean {
  if (before.length !== now.length) return false;
  for (let i = 0; i < now.length; i++) {
    const [a, b] = [before[i]!, now[i]!];
    if (a.key !== b.key || a.file !== b.file) return false;
    if (a.declaration !== b.declaration && !isDeepStrictEqual(factsOf(a), factsOf(b))) return false;
  }
  return true;
}
