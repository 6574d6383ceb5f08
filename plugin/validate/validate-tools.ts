// Checks every tool declaration against the vocabulary and against each other: shapes, names,
// exposure/condition pairing, references, `dependsOn` cycles and duplicate keys or runtime names.
import { kept, memoSlot } from '../session-memory.js';
import type { RawToolEntry } from '../load/load-catalog.js';
import { findCycles } from '../language/dependencies.js';
import {
  DIAGNOSTIC_CODES as C,
  type PendingDiagnostic,
  type SourceLocator,
} from '../diagnostics/diagnostics.js';
import { didYouMean } from '../diagnostics/field-schema.js';
import type { VocabularyNames } from './validate-vocabulary.js';
import { checkTool } from './check-tool.js';
import { factsOf } from './tool-facts.js';

/** Each declaration's own problems, kept with the declaration object (watch mode keeps those of unchanged files). */
const CHECKED = memoSlot<
  object,
  { key: string; file: string; names: VocabularyNames; found: PendingDiagnostic[] }
>('tool declaration checks', { watchOnly: true });

function checkToolOnce(entry: RawToolEntry, names: VocabularyNames): PendingDiagnostic[] {
  const declaration = entry.declaration;
  if (typeof declaration !== 'object' || declaration === null) return checkTool(entry, names);
  return kept(
    CHECKED,
    declaration,
    () => ({ key: entry.key, file: entry.file, names, found: checkTool(entry, names) }),
    (known) => known.key === entry.key && known.file === entry.file && known.names === names,
  ).found;
}

/**
 * Validates all tools; `names` is the vocabulary, `entries` in canonical order. `editedAt` (a file's
 * last change) decides which of two declarations of one tool is the newer one, the one to change.
 */
export const validateTools = (
  entries: readonly RawToolEntry[],
  names: VocabularyNames,
  editedAt: (file: string) => number = () => 0,
): PendingDiagnostic[] => [
  ...checkEachTool(entries, names),
  ...checkAcrossTools(entries, names, editedAt),
];

/** Each tool's own problems, in order. */
export function checkEachTool(
  entries: readonly RawToolEntry[],
  names: VocabularyNames,
): PendingDiagnostic[] {
  const out: PendingDiagnostic[] = [];
  // A loop, not flatMap: nearly every tool yields no diagnostic, so nothing needs flattening.
  for (const e of entries) {
    const found = checkToolOnce(e, names);
    if (found.length > 0) out.push(...found);
  }
  return out;
}

/**
 * The problems between tools: duplicate keys and runtime names, unknown dependencies and cycles,
 * lone pair-group members. Reads of each declaration only its facts (tool-facts.ts).
 */
export function checkAcrossTools(
  entries: readonly RawToolEntry[],
  names: VocabularyNames,
  editedAt: (file: string) => number = () => 0,
): PendingDiagnostic[] {
  const out: PendingDiagnostic[] = [];
  const keyAt = (e: RawToolEntry): SourceLocator => ({
    file: e.file,
    path: [e.key],
    atKey: true,
    scope: 'tools',
  });

  const firstByKey = new Map<string, RawToolEntry>();
  for (const e of entries) {
    const first = firstByKey.get(e.key);
    if (!first) {
      firstByKey.set(e.key, e);
      continue;
    }
    // The declaration in the file edited last is the newer one, the one to change; in one file (or
    // files edited at the same moment) the one declared later.
    const [older, newer] =
      first.file !== e.file && editedAt(first.file) > editedAt(e.file) ? [e, first] : [first, e];
    out.push({
      code: C.duplicateKey,
      severity: 'error',
      message:
        `Tool '${e.key}' is declared twice; keep one declaration per tool: ` +
        `rename or delete this one, the newer of the two.`,
      at: keyAt(newer),
      related: [{ at: keyAt(older), message: `'${e.key}' is already declared here` }],
    });
  }

  const firstByName = new Map<string, RawToolEntry>();
  for (const e of entries) {
    const facts = factsOf(e);
    if (!facts.record || firstByKey.get(e.key) !== e) continue;
    const names = facts.names;
    // A tool naming the same runtime name twice is not a clash; nearly every tool has one name, so no Set for those.
    for (const name of names.length < 2 ? names : new Set(names)) {
      const first = firstByName.get(name);
      if (!first) firstByName.set(name, e);
      else
        out.push({
          code: C.duplicateName,
          severity: 'error',
          message:
            `Tools '${first.key}' and '${e.key}' both yield the runtime name '${name}` +
            `'; change the name, wire or fullNames of one of them.`,
          at: keyAt(e),
          related: [{ at: keyAt(first), message: `'${first.key}' yields '${name}' here` }],
        });
    }
  }

  const edges = new Map<string, string[]>();
  for (const e of firstByKey.values()) {
    const deps = factsOf(e).dependsOn;
    deps.forEach((dep, i) => {
      if (!firstByKey.has(dep))
        out.push({
          code: C.unknownDependency,
          severity: 'error',
          message:
            `Tool '${e.key}' depends on unknown tool '${dep}'; fix the key or ` +
            `declare that tool.${didYouMean(dep, [...firstByKey.keys()])}`,
          at: { file: e.file, path: [e.key, 'dependsOn'], element: i, scope: 'tools' },
        });
    });
    edges.set(e.key, [...deps]);
  }
  const pairMembers = new Map<string, RawToolEntry[]>();
  for (const e of firstByKey.values()) {
    const group = factsOf(e).pairGroup;
    if (group !== undefined && names.pairGroups.includes(group)) {
      const members = pairMembers.get(group);
      if (members) members.push(e);
      else pairMembers.set(group, [e]);
    }
  }
  for (const [group, members] of pairMembers)
    if (members.length === 1)
      out.push({
        code: C.invalidValue,
        severity: 'error',
        message:
          `Pair group '${group}' has only one member, '${members[0]!.key}', and a ` +
          `pair group switches its members on and off together; add the tools that ` +
          `belong with it, or remove pairGroup.`,
        at: { file: members[0]!.file, path: [members[0]!.key, 'pairGroup'], scope: 'tools' },
      });
  for (const cycle of findCycles(edges)) {
    const e = firstByKey.get(cycle[0]!)!;
    out.push({
      code: C.dependencyCycle,
      severity: 'error',
      message: `'dependsOn' forms a cycle: ${cycle.join(' → ')}; remove one of these dependencies.`,
      at: { file: e.file, path: [e.key, 'dependsOn'], scope: 'tools' },
    });
  }
  return out;
}
