// How the PreToolUse guard reads a tool name before deciding: names no tool has (white space, invisible
// or compatibility characters), look-alikes of a known name (case, white space, NFKC), and the SDK's
// legacy names the runtime still accepts (`Task` for `Agent`), read as the tool they stand for.
import { runtimeNameOf } from './identity.js';
import type { PreparedPolicy } from './policy-tables.js';
import { foldName } from './spelling.js';

/** Characters no tool name holds: white space, controls, zero-width and bidirectional marks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rejects
const UNSEEN = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/;

/** Why a name cannot be any tool's, or undefined. */
export function malformedName(name: string): string | undefined {
  if (UNSEEN.test(name))
    return `'${JSON.stringify(name).slice(1, -1)}' holds white space or an invisible character, which no tool name has`;
  if (name.normalize('NFKC') !== name)
    return (
      `'${name}' holds compatibility characters (it reads '` +
      `${name.normalize('NFKC')}' once normalised), which no tool name has`
    );
  return undefined;
}

const folds = new WeakMap<PreparedPolicy, ReadonlyMap<string, string>>();

/** Folded name → the catalog's name, for every runtime name and key of the catalog and every legacy name. */
function foldsOf(p: PreparedPolicy): ReadonlyMap<string, string> {
  let map = folds.get(p);
  if (!map) {
    const out = new Map<string, string>();
    for (const name of [...p.names.flat(), ...p.keys, ...Object.keys(p.tables.sdkAliases ?? {})])
      if (!out.has(foldName(name))) out.set(foldName(name), name);
    map = out;
    folds.set(p, map);
  }
  return map;
}

/** The known name `name` only looks like (same after folding case, white space and NFKC), or undefined. */
export function lookAlikeOf(
  name: string,
  p: PreparedPolicy | undefined,
  others: Iterable<string> | undefined,
): string | undefined {
  const folded = foldName(name);
  const fromCatalog = p ? foldsOf(p).get(folded) : undefined;
  if (fromCatalog !== undefined && fromCatalog !== name) return fromCatalog;
  for (const other of others ?? []) if (other !== name && foldName(other) === folded) return other;
  return undefined;
}

/** The catalog's runtime name a legacy name stands for (`Task` → `Agent`); the name itself otherwise. */
export const currentToolName = (name: string, p: PreparedPolicy | undefined): string =>
  p === undefined ? name : runtimeNameOf(p, name);
